// What a queue of walks holds: how many walks wait, run, are done or failed, and the items delivered.
import type { Queue } from 'bullmq';
import type { WalkProgress } from './walk-job.js';

export interface FailedWalk {
  readonly walkId: string;
  /** `CODE: message`, as the worker failed the job. */
  readonly reason: string;
}

export interface WalkStatus {
  /** Waiting to start, or to be tried again (delayed by backoff). */
  readonly waiting: number;
  readonly active: number;
  readonly done: number;
  readonly failed: number;
  /** Items handed to the sink by every walk of the queue, as their checkpoints say. */
  readonly delivered: number;
  /** The failed walks and why. */
  readonly failures: readonly FailedWalk[];
}

/** The states a walk job can be in (`prioritized` and `delayed`, by backoff, count as waiting). */
const states = ['waiting', 'prioritized', 'delayed', 'active', 'completed', 'failed'] as const;

/** Jobs read per round trip when adding up the items delivered. */
const batch = 500;

/** The queue's walks by state, the items delivered, and why each failed walk failed. */
export async function walkStatus(queue: Queue): Promise<WalkStatus> {
  const counts = await queue.getJobCounts(...states);
  const count = (name: string) => counts[name] ?? 0;
  let delivered = 0;
  const failures: FailedWalk[] = [];
  for (const state of states) {
    for (let start = 0; start < count(state); start += batch) {
      for (const job of await queue.getJobs([state], start, start + batch - 1)) {
        if (!job) continue;
        const progress = job.progress as Partial<WalkProgress> | undefined;
        if (typeof progress?.delivered === 'number') delivered += progress.delivered;
        if (state === 'failed') failures.push({ walkId: job.id ?? '', reason: job.failedReason });
      }
    }
  }
  return {
    waiting: count('waiting') + count('prioritized') + count('delayed'),
    active: count('active'),
    done: count('completed'),
    failed: count('failed'),
    delivered,
    failures,
  };
}
