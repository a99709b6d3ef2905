// Ending a walk's schedule and taking a waiting run off the queue, by id.
import { usageError } from '@pdg/core/face';
import type { Queue } from 'bullmq';
import { latestRun } from './walk-job.js';

/** Job states of a run that has not started: it can be taken off the queue. */
const notStarted: ReadonlySet<string> = new Set(['waiting', 'prioritized', 'delayed', 'waiting-children']);

/** What `removeWalk` did. */
export interface WalkRemoved {
  /** The schedule it ended (the walk's id), with its period in ms. */
  readonly schedule?: { readonly id: string; readonly every?: number };
  /** The runs it took off the queue, none of which had started: the one `id` names, or the schedule's. */
  readonly removed: readonly string[];
  /** A run it found but left: under way, done or failed (its job state). */
  readonly kept?: { readonly id: string; readonly state: string };
}

/** Jobs read per round trip. */
const batch = 500;

/** Takes off the queue the runs a schedule added that have not started, and returns their ids. */
async function removeScheduledRuns(queue: Queue, scheduleId: string): Promise<string[]> {
  const states = ['waiting', 'prioritized', 'delayed'] as const;
  const counts = await queue.getJobCounts(...states);
  const ids: string[] = [];
  for (const state of states) {
    for (let start = 0; start < (counts[state] ?? 0); start += batch) {
      for (const job of await queue.getJobs([state], start, start + batch - 1)) {
        if (job?.id && job.repeatJobKey === scheduleId) ids.push(job.id);
      }
    }
  }
  for (const id of ids) await queue.remove(id);
  return ids;
}

/** Ids shown in an unknown id's message, at most. */
const shownIds = 10;

/** The queue's schedule ids and its not-started run ids, for a message about an id that is none of them. */
async function knownIds(queue: Queue): Promise<string> {
  const schedules = (await queue.getJobSchedulers(0, shownIds - 1, true)).map((scheduler) => scheduler.key);
  const waiting = (await queue.getJobs(['waiting', 'prioritized', 'delayed'], 0, shownIds - 1)).flatMap((job) =>
    job?.id ? [job.id] : [],
  );
  const list = (ids: string[]) => (ids.length === 0 ? 'none' : ids.join(', '));
  return `its schedules: ${list(schedules)}; its waiting walks: ${list(waiting)}`;
}

/**
 * Ends the schedule whose id is `id` (a walk's id), with its runs that have not started, and takes off the
 * queue the run `id` names, or the walk's latest run, if it has not started. A run under way, done or failed is left (and said, in `kept`). An id
 * that is no schedule and no run of the queue is a `USAGE` error naming the queue's schedules and waiting walks.
 */
export async function removeWalk(queue: Queue, id: string): Promise<WalkRemoved> {
  if (typeof id !== 'string' || id === '') throw usageError('removeWalk needs the id of a schedule or a walk.');
  const scheduler = await queue.getJobScheduler(id);
  const removed: string[] = [];
  if (scheduler) {
    await queue.removeJobScheduler(id);
    removed.push(...(await removeScheduledRuns(queue, id)));
  }
  // `id` is a run's job id, or a walk's id whose latest run is `walk-…-rN`.
  let runId = id;
  let state = await queue.getJobState(runId);
  if (state === 'unknown') {
    runId = (await latestRun(queue, id)).id;
    state = await queue.getJobState(runId);
  }
  const schedule = scheduler ? { schedule: { id, ...(scheduler.every ? { every: scheduler.every } : {}) } } : {};
  if (state === 'unknown') {
    if (scheduler) return { ...schedule, removed };
    throw usageError(`No schedule or walk "${id}" on the queue ${queue.name} (${await knownIds(queue)}).`);
  }
  if (notStarted.has(state)) {
    await queue.remove(runId);
    return { ...schedule, removed: [...removed, runId] };
  }
  return { ...schedule, removed, kept: { id: runId, state } };
}
