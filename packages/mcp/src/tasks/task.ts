/** A task as the engine keeps it and shows it: its status, progress and times, and the work it runs. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** `working` until its work ends: `completed` (a tool error included), `failed` (a fault of the server), `cancelled`. */
export type TaskStatus = 'working' | 'completed' | 'failed' | 'cancelled';

/** How far a walk went: pages fetched and items kept so far. */
export interface TaskProgress {
  readonly pages: number;
  readonly items: number;
}

/** A task as its caller sees it, in either protocol revision's terms (see protocol.ts). */
export interface TaskView {
  readonly taskId: string;
  readonly status: TaskStatus;
  /** What the task is doing or did, with its progress: `jobs:jobboard browse: 12 pages, 600 items so far.` */
  readonly statusMessage: string;
  /** ISO 8601. */
  readonly createdAt: string;
  /** ISO 8601: the last page, or the end. */
  readonly lastUpdatedAt: string;
  /** Kept this long from `createdAt`, in ms. */
  readonly ttlMs: number;
  readonly pollIntervalMs: number;
  readonly progress: TaskProgress;
}

/** What a task's work gives when it ends: the tool result, and the whole result's JSON when it is sent as a link. */
export interface TaskOutcome {
  readonly result: CallToolResult;
  /** The whole result as JSON text, read with `resources/read` of the task's resource (its result was over the inline bound). */
  readonly held?: string;
  /** Said in the status message once the task ended: `600 items from 12 pages, the whole listing.` */
  readonly summary: string;
}

/** What the work of a task is given: its task's id (to name its result), the signal that stops it, where to report progress. */
export interface TaskRun {
  readonly taskId: string;
  readonly signal: AbortSignal;
  report(progress: TaskProgress): void;
}

/** The work a task runs: told of each page, stopped by the signal. */
export interface TaskWork {
  /** What the task does, in its status message: `jobs:jobboard browse`. */
  readonly title: string;
  run(run: TaskRun): Promise<TaskOutcome>;
}

/** A task's end as `tasks/result` gives it: its status and, unless it was cancelled, its result. */
export interface TaskEnd {
  readonly task: TaskView;
  readonly result?: CallToolResult;
}

export const isTerminal = (status: TaskStatus): boolean => status !== 'working';
