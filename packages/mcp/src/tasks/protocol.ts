/**
 * A task in each protocol revision's terms. The 2025-11-25 revision's experimental tasks: the client asks
 * for a task with `task` on `tools/call`, gets `{ task }`, reads it with `tasks/get`, its result with
 * `tasks/result`, lists them with `tasks/list`, cancels with `tasks/cancel` (answered with the task). The
 * 2026-07-28 revision's tasks extension (`io.modelcontextprotocol/tasks`): the client declares the extension
 * in each request's `_meta`, the server decides to answer `tools/call` with `resultType: "task"`, and
 * `tasks/get` carries the result once completed; `tasks/cancel` is an empty acknowledgement.
 *
 * Either way, a working task's progress is in its `statusMessage` and, as numbers, in `_meta["pdg/progress"]`.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { TaskEnd, TaskView } from './task.js';

/** The 2026-07-28 tasks extension's identifier. */
export const tasksExtension = 'io.modelcontextprotocol/tasks';
/** Where a 2026-07-28 request declares its client's capabilities. */
const clientCapabilitiesKey = 'io.modelcontextprotocol/clientCapabilities';
/** Where `tasks/result` names the task its result is of (2025-11-25). */
export const relatedTaskKey = 'io.modelcontextprotocol/related-task';
/** A task's progress as numbers: `{ pages, items }`. */
export const progressKey = 'pdg/progress';

/** Whether a request's `_meta` declares the 2026-07-28 tasks extension (only then may a task answer it). */
export function declaresTasksExtension(meta: unknown): boolean {
  const capabilities = (meta as Record<string, unknown> | undefined)?.[clientCapabilitiesKey];
  const extensions = (capabilities as { extensions?: unknown } | undefined)?.extensions;
  return typeof extensions === 'object' && extensions !== null && Object.hasOwn(extensions, tasksExtension);
}

const progressMeta = (task: TaskView) => ({ _meta: { [progressKey]: task.progress } });

/** The task as 2025-11-25 shows it (`Task`), its progress in `_meta`. */
export function task2025(task: TaskView) {
  return {
    taskId: task.taskId,
    status: task.status,
    statusMessage: task.statusMessage,
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttl: task.ttlMs,
    pollInterval: task.pollIntervalMs,
    ...progressMeta(task),
  };
}

/**
 * `tools/call`'s answer when it started a task (2025-11-25 `CreateTaskResult`). With an empty `content`: the
 * MCP SDK 2.x server checks every `tools/call` answer as a tool result, and refuses one carrying `task` with
 * no `content`; a client reading the answer as a `CreateTaskResult` ignores it.
 */
export function createdTask2025(task: TaskView) {
  const { _meta, ...shown } = task2025(task);
  return { task: shown, content: [], _meta };
}

/** The task as 2026-07-28 shows it, with its result once completed (`DetailedTask`). */
export function task2026(task: TaskView, result?: CallToolResult) {
  return {
    taskId: task.taskId,
    status: task.status,
    statusMessage: task.statusMessage,
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: task.ttlMs,
    pollIntervalMs: task.pollIntervalMs,
    ...(task.status === 'completed' && result ? { result } : {}),
    ...(task.status === 'failed' ? { error: { code: -32603, message: task.statusMessage } } : {}),
    ...progressMeta(task),
  };
}

/** `tools/call`'s answer when it started a task (2026-07-28 `CreateTaskResult`). */
export function createdTask2026(task: TaskView) {
  return { resultType: 'task' as const, ...task2026(task) };
}

/** `tasks/get`'s answer (2026-07-28): the task, and its result when it has one. */
export function gotTask2026(end: TaskEnd) {
  return { resultType: 'complete' as const, ...task2026(end.task, end.result) };
}
