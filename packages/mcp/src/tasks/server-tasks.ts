/**
 * What the server asks of tasks: whether a call runs as one, starting it with the caller's key, and whose
 * tasks a request may see. One per set of tools (`createPdgTools`), shared by every server made from them
 * (the HTTP transport makes one per request), so a task started by one request is read by the next.
 *
 * A walk's task runs in this process, or as a walk job of `@pdg/queue` when Redis is configured
 * (`tasks.redisUrl`, by default `PDG_REDIS_URL`); see queue-source.ts for how the key stays out of Redis.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type ReadResourceResult, ResourceNotFoundError } from '@modelcontextprotocol/server';
import { PdgError } from '@pdg/core';
import { pdgEnvironment } from '@pdg/core/face';
import type { TaskCall } from '../call.js';
import type { Clients } from '../clients.js';
import type { ResolvedLimits } from '../limits.js';
import type { PdgTool } from '../tools.js';
import { queueSource } from './queue-source.js';
import type { TaskView, TaskWork } from './task.js';
import { createTaskEngine, type TaskEngine } from './task-engine.js';
import type { TaskLimits } from './task-limits.js';
import { taskOwner } from './task-owner.js';
import { overToolBounds, walkCall } from './walk-request.js';
import { inProcess, walkWork } from './walk-tasks.js';

/** Tasks of a server: their bounds, and the Redis their walks run on as queue jobs. */
export interface TaskOptions extends TaskLimits {
  /**
   * Run walks as `@pdg/queue` walk jobs on this Redis (`redis://host:6379`). Default `PDG_REDIS_URL`; `''`
   * for walks in this process even when it is set.
   */
  readonly redisUrl?: string;
}

export interface ServerTasks {
  readonly engine: TaskEngine;
  /** Whether the call is a walk asking for more than one tool call gives (`maxItems` or `maxPages` over the bounds). */
  overBounds(name: string, args: Record<string, unknown> | undefined): boolean;
  /**
   * Starts the call as a task of the caller of `apiKey` (the server's key without one): a walk with the
   * task's bounds, any other tool as it runs for a call. A key that cannot be used, or a caller holding
   * too many working tasks, is core's error: no task was made.
   */
  start(name: string, args: Record<string, unknown> | undefined, apiKey: string | undefined): TaskView;
  /** Whose tasks a request with `apiKey` sees, or why it has none (no key). */
  owner(apiKey: string | undefined): string | PdgError;
  /** The resource of a finished task's whole result (`pdg://tasks/<id>`), for its caller only. */
  read(uri: string, taskId: string, apiKey: string | undefined): ReadResourceResult;
}

export interface ServerTaskParts {
  readonly options: TaskOptions | undefined;
  readonly clients: Clients;
  readonly endpointTools: readonly PdgTool[];
  readonly limits: ResolvedLimits;
  /** Runs a tool as a call does (the result step included). */
  readonly call: (
    name: string,
    args: Record<string, unknown> | undefined,
    signal: AbortSignal,
    apiKey: string | undefined,
    task: TaskCall,
  ) => Promise<CallToolResult>;
}

export function serverTasks(parts: ServerTaskParts): ServerTasks {
  const { redisUrl = pdgEnvironment().PDG_REDIS_URL ?? '', ...limits } = parts.options ?? {};
  const engine = createTaskEngine(limits);
  const sourceOf =
    redisUrl === '' ? inProcess : (client: Parameters<typeof inProcess>[0]) => queueSource(redisUrl, client);
  const keyedClient = (apiKey: string | undefined) => {
    const keyed = parts.clients.forKey(apiKey);
    if (keyed instanceof PdgError) throw keyed;
    return keyed.client;
  };
  const owner = (apiKey: string | undefined): string | PdgError => {
    try {
      return taskOwner(keyedClient(apiKey));
    } catch (error) {
      if (error instanceof PdgError) return error;
      throw error;
    }
  };
  return {
    engine,
    overBounds(name, args) {
      const call = walkCall(name, args, parts.endpointTools);
      return call !== undefined && overToolBounds(call, parts.limits);
    },
    start(name, args, apiKey) {
      const client = keyedClient(apiKey);
      const call = walkCall(name, args, parts.endpointTools);
      const work: TaskWork = call
        ? walkWork(call, client, engine.limits, parts.limits, sourceOf)
        : {
            title: name,
            // Any other tool runs as its call does, told how far it goes (a program's pages and items), a
            // program bound by the task's reach rather than one call's (its time, its gateway calls).
            run: async ({ signal, report }) => {
              const result = await parts.call(name, args, signal, apiKey, {
                report,
                wallMs: engine.limits.ttlMs,
                maxCalls: engine.limits.maxPages,
              });
              return { result, summary: result.isError ? 'ended with a tool error.' : 'done.' };
            },
          };
      return engine.start(taskOwner(client), work);
    },
    owner,
    read(uri, taskId, apiKey) {
      const caller = owner(apiKey);
      const held = caller instanceof PdgError ? undefined : engine.held(caller, taskId);
      if (held === undefined) {
        throw new ResourceNotFoundError(
          uri,
          `Resource not found: ${uri}. A task's whole result is pdg://tasks/<task id>, for a finished task of this caller whose result was too large to send inline.`,
        );
      }
      return { contents: [{ uri, mimeType: 'application/json', text: held }] };
    },
  };
}
