/**
 * Walks as tasks, for the server: a tool call's walk started as a task of its caller, run with the caller's
 * client (the per-request key path of clients.ts), from this process or a queue (walk-source.ts).
 */
import type { AnyProvider, PdgClient } from '@pdg/core';
import { endpointsOf } from '@pdg/core/face';
import type { ResolvedLimits } from '../limits.js';
import type { TaskView } from './task.js';
import type { TaskEngine } from './task-engine.js';
import { taskOwner } from './task-owner.js';
import { type WalkCall, walkRequest } from './walk-request.js';
import { memorySource, type WalkSource } from './walk-source.js';
import { walkTask } from './walk-task.js';

/** Where the walks of a caller's client get their items; by default, this process. */
export type WalkSourceOf = (client: PdgClient<readonly AnyProvider[]>) => WalkSource;

export const inProcess: WalkSourceOf = (client) => memorySource(endpointsOf(client));

/**
 * Starts the call's walk as a task of the client's caller: its view at once. Arguments the tool would
 * refuse are refused the same way (core's `INVALID_PARAMS`, nothing sent), before any task exists.
 */
export function startWalkTask(
  engine: TaskEngine,
  call: WalkCall,
  client: PdgClient<readonly AnyProvider[]>,
  toolLimits: ResolvedLimits,
  sourceOf: WalkSourceOf = inProcess,
): TaskView {
  const request = walkRequest(call, engine.limits, toolLimits);
  const work = walkTask({
    request,
    source: sourceOf(client),
    redact: endpointsOf(client).redact,
    limits: engine.limits,
    toolLimits,
  });
  return engine.start(taskOwner(client), work);
}
