/**
 * Tasks on an MCP server (the SDK 2.x server, one made per exchange, either era): `tools/call` answered with
 * a task when the client asked for one (2025-11-25's `task` param) or declared the tasks extension and asked
 * for a walk longer than one call gives (2026-07-28), and `tasks/get`, `tasks/result`, `tasks/list`,
 * `tasks/cancel` (the last two and `tasks/result` 2025's only; the SDK answers them as unknown methods to a
 * 2026 request). Every handler answers for the request's caller only (its key's identity).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { PdgError, pdgError } from '@pdg/core';
import { z } from 'zod';
import { toolError } from '../errors.js';
import type { ServedTool } from '../tools.js';
import {
  createdTask2025,
  createdTask2026,
  declaresTasksExtension,
  gotTask2026,
  relatedTaskKey,
  task2025,
} from './protocol.js';
import type { ServerTasks } from './server-tasks.js';
import { isTerminal } from './task.js';

/** What `tools/call` asks of the tasks: the task's answer when the call runs as one. */
export interface ServedTasks {
  /**
   * The call's answer when it is not run as a call: a task started (in the revision's form), or the tool
   * error of a walk longer than a call gives from a client that cannot take a task; undefined to run it.
   * `meta`: the request's `_meta` with its 2026-07-28 envelope (where the client's capabilities are).
   */
  asTask(
    params: { readonly name: string; readonly task?: unknown },
    args: Record<string, unknown> | undefined,
    meta: unknown,
  ): Record<string, unknown> | undefined;
}

/** What serving tasks needs of the server's tools (server.ts's `PdgTools` has it all). */
interface TaskTools {
  readonly tools: readonly ServedTool[];
  /** The tools that call the gateway: each may run as a task. */
  readonly taskTools: ReadonlySet<string>;
  readonly tasks: ServerTasks;
}

/** A request's `_meta` with the 2026-07-28 envelope the SDK lifts out of it (`ctx.mcpReq.envelope`). */
export function requestMeta(ctx: { readonly mcpReq: { readonly _meta?: unknown; readonly envelope?: unknown } }) {
  const own = (value: unknown) => (typeof value === 'object' && value !== null ? value : {});
  return { ...own(ctx.mcpReq._meta), ...own(ctx.mcpReq.envelope) };
}

const taskParams = { params: z.looseObject({ taskId: z.string() }) };
const listParams = { params: z.looseObject({ cursor: z.string().optional() }) };

export function serveTasks(mcp: McpServer, pdgTools: TaskTools, callerKey: string | undefined): ServedTasks {
  const { engine } = pdgTools.tasks;
  const owner = () => {
    const found = pdgTools.tasks.owner(callerKey);
    if (found instanceof PdgError) throw new ProtocolError(ProtocolErrorCode.InvalidRequest, found.message);
    return found;
  };
  const unknownTask = (taskId: string) =>
    new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Unknown task ${JSON.stringify(taskId)}: no task of this caller has that id. A task is kept ${Math.round(engine.limits.ttlMs / 60_000)} min from its start, and is seen only by the caller that started it (by its key).`,
    );

  mcp.server.setRequestHandler('tasks/get', taskParams, ({ taskId }, ctx) => {
    const current = engine.current(owner(), taskId);
    if (!current) throw unknownTask(taskId);
    return declaresTasksExtension(requestMeta(ctx)) ? gotTask2026(current) : task2025(current.task);
  });
  mcp.server.setRequestHandler('tasks/result', taskParams, async ({ taskId }, ctx) => {
    // Waits for the task to end, as 2025-11-25 asks; the client's cancel of this request stops the wait only.
    const end = await engine.end(owner(), taskId, ctx.mcpReq.signal);
    if (!end) throw unknownTask(taskId);
    if (!end.result) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        `Task ${taskId} has no result: ${end.task.statusMessage}`,
      );
    }
    return { ...end.result, _meta: { ...end.result._meta, [relatedTaskKey]: { taskId } } };
  });
  mcp.server.setRequestHandler('tasks/list', listParams, () => ({
    tasks: engine.list(owner()).map((task) => task2025(task)),
  }));
  mcp.server.setRequestHandler('tasks/cancel', taskParams, ({ taskId }, ctx) => {
    const caller = owner();
    const before = engine.get(caller, taskId);
    if (!before) throw unknownTask(taskId);
    if (declaresTasksExtension(requestMeta(ctx))) {
      engine.cancel(caller, taskId);
      return {};
    }
    if (isTerminal(before.status)) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Task ${taskId} is already ${before.status}: it cannot be cancelled.`,
      );
    }
    return task2025(engine.cancel(caller, taskId) ?? before);
  });

  return {
    asTask(params, args, meta) {
      const { name } = params;
      const asked = params.task !== undefined;
      if (!pdgTools.taskTools.has(name)) {
        if (!asked) return undefined;
        throw new ProtocolError(
          ProtocolErrorCode.MethodNotFound,
          `${name} does not run as a task: call it without "task".`,
        );
      }
      const over = pdgTools.tasks.overBounds(name, args);
      const extension = declaresTasksExtension(meta);
      if (!asked && !(extension && over)) return over ? overBoundsError(pdgTools, name, args) : undefined;
      try {
        const task = pdgTools.tasks.start(name, args, callerKey);
        return asked ? createdTask2025(task) : createdTask2026(task);
      } catch (error) {
        if (error instanceof PdgError) throw new ProtocolError(ProtocolErrorCode.InvalidRequest, error.message);
        throw error;
      }
    },
  };
}

/**
 * A walk longer than one call gives, from a client that did not ask for a task: the tool's own refusal of
 * the walk argument, and how to have the walk as a task instead.
 */
function overBoundsError(pdgTools: TaskTools, name: string, args: Record<string, unknown> | undefined): CallToolResult {
  const { maxItems, maxPages } = pdgTools.tasks.engine.limits;
  const tool = pdgTools.tools.find((each) => each.name === name);
  const bounds = tool?.inputSchema.properties as Record<string, { maximum?: number }> | undefined;
  const over = (['maxItems', 'maxPages'] as const).find((argument) => {
    const value = args?.[argument];
    const maximum = bounds?.[argument]?.maximum;
    return typeof value === 'number' && maximum !== undefined && value > maximum;
  });
  const argument = over ?? 'maxItems';
  const rule = `must be a whole number from 1 to ${bounds?.[argument]?.maximum} (received ${JSON.stringify(args?.[argument])})`;
  return toolError(
    pdgError({
      code: 'INVALID_PARAMS',
      issues: [{ path: argument, message: rule }],
      message: `Invalid arguments for ${name}: ${argument} ${rule}. A longer walk (up to ${maxItems.toLocaleString('en-US')} items and ${maxPages} pages) runs as a task: ask for it as one (tools/call with "task" in 2025-11-25, or with the io.modelcontextprotocol/tasks extension in 2026-07-28), or take what one call gives and go on with the walk.resume it returns.`,
      nothingSent: true,
    }),
  );
}
