/**
 * The task engine: starts work as a task of one caller, keeps its status, progress and result, cancels it,
 * and forgets it after its time to live. Transport-agnostic: the protocol handlers (protocol.ts) and the
 * tools' call path use it the same way, whichever revision asked.
 *
 * Tasks belong to the caller that made them: every lookup names the owner (the identity of the caller's
 * key, never the key), and a task of another owner is answered as unknown, so a task id learnt somehow
 * shows nothing. Tasks are held in this process, in a Map: a task is answered by the process that started
 * it (a load balancer routes on the `Mcp-Name` header, which carries the task id for `tasks/*`).
 */
import { randomUUID } from 'node:crypto';
import { pdgError } from '@pdg/core';
import {
  isTerminal,
  type TaskEnd,
  type TaskOutcome,
  type TaskProgress,
  type TaskStatus,
  type TaskView,
  type TaskWork,
} from './task.js';
import { type ResolvedTaskLimits, resolveTaskLimits, type TaskLimits } from './task-limits.js';

export interface TaskEngine {
  readonly limits: ResolvedTaskLimits;
  /** Starts the work as a task of `owner`: its view at once, `working`. Refused (core's `USAGE`) when the owner holds too many working. */
  start(owner: string, work: TaskWork): TaskView;
  /** The owner's task, or undefined (unknown, expired, or another's). */
  get(owner: string, taskId: string): TaskView | undefined;
  /** The owner's task now, with its result if it has one (it is finished and was not cancelled). */
  current(owner: string, taskId: string): TaskEnd | undefined;
  /** Waits for the owner's task to end (or `signal`), then its end; undefined when there is no such task. */
  end(owner: string, taskId: string, signal?: AbortSignal): Promise<TaskEnd | undefined>;
  /** Cancels the owner's task, stopping its work: its view after, or undefined when there is no such task. */
  cancel(owner: string, taskId: string): TaskView | undefined;
  /** The owner's tasks, newest first. */
  list(owner: string): readonly TaskView[];
  /** The whole result of the owner's finished task when it was sent as a link; undefined otherwise. */
  held(owner: string, taskId: string): string | undefined;
  /** Cancels every task and forgets them all. */
  close(): void;
}

interface Held {
  readonly id: string;
  readonly owner: string;
  readonly title: string;
  readonly createdAt: Date;
  updatedAt: Date;
  status: TaskStatus;
  progress: TaskProgress;
  message: string;
  outcome?: TaskOutcome;
  readonly abort: AbortController;
  readonly ended: Promise<void>;
  readonly expiry: ReturnType<typeof setTimeout>;
}

export function createTaskEngine(given?: TaskLimits): TaskEngine {
  const limits = resolveTaskLimits(given);
  const tasks = new Map<string, Held>();

  const view = (task: Held): TaskView => ({
    taskId: task.id,
    status: task.status,
    statusMessage: task.message,
    createdAt: task.createdAt.toISOString(),
    lastUpdatedAt: task.updatedAt.toISOString(),
    ttlMs: limits.ttlMs,
    pollIntervalMs: limits.pollIntervalMs,
    progress: task.progress,
  });
  const endOf = (task: Held): TaskEnd => ({
    task: view(task),
    ...(task.outcome ? { result: task.outcome.result } : {}),
  });
  const find = (owner: string, taskId: string) => {
    const task = typeof taskId === 'string' ? tasks.get(taskId) : undefined;
    return task?.owner === owner ? task : undefined;
  };
  const forget = (task: Held) => {
    clearTimeout(task.expiry);
    task.abort.abort();
    tasks.delete(task.id);
  };
  /** Room for one more task of the owner: the oldest finished one goes; with all working, the start is refused. */
  const makeRoom = (owner: string) => {
    const owned = [...tasks.values()].filter((task) => task.owner === owner);
    if (owned.length < limits.maxTasksPerCaller) return;
    const finished = owned.filter((task) => isTerminal(task.status));
    const oldest = finished.sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime())[0];
    if (oldest) return forget(oldest);
    throw pdgError({
      code: 'USAGE',
      message: `This caller has ${owned.length} tasks working, the most one caller may have at once: wait for one to end, or cancel one (tasks/cancel), then ask again.`,
      nothingSent: true,
    });
  };

  return {
    limits,
    start(owner, work) {
      makeRoom(owner);
      const task = launch(owner, work, limits.ttlMs, (expired) => forget(expired));
      tasks.set(task.id, task);
      return view(task);
    },
    get: (owner, taskId) => {
      const task = find(owner, taskId);
      return task && view(task);
    },
    current(owner, taskId) {
      const task = find(owner, taskId);
      return task && endOf(task);
    },
    async end(owner, taskId, signal) {
      const task = find(owner, taskId);
      if (!task) return undefined;
      if (!isTerminal(task.status)) await ending(task, signal);
      return endOf(task);
    },
    cancel(owner, taskId) {
      const task = find(owner, taskId);
      if (!task) return undefined;
      const { pages, items } = task.progress;
      settle(task, 'cancelled', `${task.title}: cancelled after ${pages} pages, ${items} items.`);
      task.abort.abort();
      return view(task);
    },
    list: (owner) =>
      [...tasks.values()]
        .filter((task) => task.owner === owner)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .map(view),
    held: (owner, taskId) => find(owner, taskId)?.outcome?.held,
    close() {
      for (const task of [...tasks.values()]) forget(task);
    },
  };
}

/** A task's end, settled once: its status, message and outcome. */
function settle(task: Held, status: TaskStatus, message: string, outcome?: TaskOutcome): void {
  if (isTerminal(task.status)) return;
  task.status = status;
  task.message = message;
  task.updatedAt = new Date();
  if (outcome) task.outcome = outcome;
}

/** The task of `work`, its work started: progress told as it goes, its end settled. `expire` runs after `ttlMs`. */
function launch(owner: string, work: TaskWork, ttlMs: number, expire: (task: Held) => void): Held {
  const now = new Date();
  let markEnded: () => void = () => {};
  const task: Held = {
    id: randomUUID(),
    owner,
    title: work.title,
    createdAt: now,
    updatedAt: now,
    status: 'working',
    progress: { pages: 0, items: 0 },
    message: `${work.title}: started.`,
    abort: new AbortController(),
    ended: new Promise<void>((resolve) => {
      markEnded = resolve;
    }),
    // Forgotten after its time to live, its walk stopped if still going; the timer keeps no process alive.
    expiry: setTimeout(() => expire(task), ttlMs).unref(),
  };
  const report = (progress: TaskProgress) => {
    if (task.status !== 'working') return;
    task.progress = progress;
    task.updatedAt = new Date();
    task.message = `${work.title}: ${progress.pages} pages, ${progress.items} items so far.`;
  };
  work
    .run({ taskId: task.id, signal: task.abort.signal, report })
    .then(
      (outcome) => settle(task, 'completed', `${work.title}: ${outcome.summary}`, outcome),
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        settle(task, 'failed', `${work.title} failed: ${reason}`);
      },
    )
    .finally(markEnded);
  return task;
}

/** Resolves once the task has ended (a cancelled one at once, before its walk has stopped); rejects when `signal` aborts first. */
function ending(task: Held, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const stop = () => reject(signal?.reason ?? new Error('The wait for the task was cancelled.'));
    if (signal?.aborted) return stop();
    signal?.addEventListener('abort', stop, { once: true });
    void task.ended.then(resolve);
    task.abort.signal.addEventListener('abort', () => (isTerminal(task.status) ? resolve() : undefined), {
      once: true,
    });
  });
}
