/**
 * Walks as tasks, for the server: a tool call's walk started as a task of its caller, run with the caller's
 * client (the per-request key path of clients.ts), from this process or a queue (walk-source.ts).
 */
import type { AnyProvider, PdgClient } from '@pdg/core';
import { isPdgError } from '@pdg/core';
import { endpointsOf } from '@pdg/core/face';
import { toolError } from '../errors.js';
import type { ResolvedLimits } from '../limits.js';
import { finishedResult } from '../result-step.js';
import type { TaskView, TaskWork } from './task.js';
import type { TaskEngine } from './task-engine.js';
import type { ResolvedTaskLimits } from './task-limits.js';
import { taskOwner } from './task-owner.js';
import { type WalkCall, walkRequest } from './walk-request.js';
import { memorySource, type WalkSource } from './walk-source.js';
import { walkTask } from './walk-task.js';

/** Where the walks of a caller's client get their items; by default, this process. */
export type WalkSourceOf = (client: PdgClient<readonly AnyProvider[]>) => WalkSource;

export const inProcess: WalkSourceOf = (client) => memorySource(endpointsOf(client));

/**
 * The work of the call's walk, with the client's key. Arguments the tool would refuse are refused the same
 * way (core's `INVALID_PARAMS`, nothing sent): the work then ends at once with that tool error.
 */
export function walkWork(
  call: WalkCall,
  client: PdgClient<readonly AnyProvider[]>,
  limits: ResolvedTaskLimits,
  toolLimits: ResolvedLimits,
  sourceOf: WalkSourceOf = inProcess,
): TaskWork {
  const title = `${call.tool.provider} ${call.tool.endpointName}`;
  const redact = endpointsOf(client).redact;
  try {
    const request = walkRequest(call, limits, toolLimits);
    return walkTask({ request, source: sourceOf(client), redact, limits, toolLimits });
  } catch (error) {
    if (!isPdgError(error)) throw error;
    const result = finishedResult(toolError(error), { ...toolLimits, maxResultBytes: limits.maxResultBytes }, redact);
    return { title, run: async () => ({ result, summary: `refused: ${error.code}, nothing was sent.` }) };
  }
}

/** Starts the call's walk as a task of the client's caller: its view at once (see `walkWork`). */
export function startWalkTask(
  engine: TaskEngine,
  call: WalkCall,
  client: PdgClient<readonly AnyProvider[]>,
  toolLimits: ResolvedLimits,
  sourceOf: WalkSourceOf = inProcess,
): TaskView {
  return engine.start(taskOwner(client), walkWork(call, client, engine.limits, toolLimits, sourceOf));
}
