// What a queue of walks holds: its schedules, each walk run and its state (a run whose worker died is
// stalled, not active), how many are in each state, and the items delivered.
import type { Job, Queue } from 'bullmq';
import { type Heard, lastHeard, silentAfterMs } from './heartbeat.js';
import type { WalkProgress, WalkSpec } from './walk-job.js';

export interface FailedWalk {
  readonly walkId: string;
  /** `CODE: message`, as the worker failed the job. */
  readonly reason: string;
}

/**
 * Where a run is: `waiting` (to start, to be tried again after a backoff, or a scheduled run not yet due),
 * `active` (a worker holds it), `stalled` (active, but no worker holds it any more: its worker died or lost
 * Redis; a live worker takes it up again within BullMQ's stalled interval), `done` or `failed`.
 */
export type WalkRunState = 'waiting' | 'active' | 'stalled' | 'done' | 'failed';

/** One run of a walk on the queue. */
export interface WalkRun {
  /** The run's job id: the walk's id for its first run, `walk-…-r2` for a later one, `repeat:…` for a scheduled one. */
  readonly id: string;
  readonly walk: WalkSpec;
  readonly state: WalkRunState;
  /** Items and pages handed to the sink so far. */
  readonly delivered: number;
  readonly pages: number;
  /** The schedule that added it (the walk's id), for a scheduled run. */
  readonly schedule?: string;
  /**
   * When it was last heard from (ms since the epoch): the last page it saved, or when a worker took it up.
   * For a stalled run, how long it has been silent.
   */
  readonly lastHeardAt?: number;
  /** When it ended, done or failed. */
  readonly finishedAt?: number;
  /** Why it failed: `CODE: message`. */
  readonly failedReason?: string;
}

/** A walk that runs again each period (`addWalk(queue, walk, { every })`, `pdg queue add ... --every`). */
export interface WalkSchedule {
  /** The schedule's id: the walk's id. */
  readonly id: string;
  readonly walk: WalkSpec;
  /** The period, in ms. */
  readonly every: number;
  /** When its next run is due (ms since the epoch). */
  readonly next?: number;
  /** Runs it has added so far. */
  readonly runs: number;
}

export interface WalkStatus {
  /** Waiting to start, or to be tried again (delayed by backoff), or a scheduled run not yet due. */
  readonly waiting: number;
  /** Held by a live worker. */
  readonly active: number;
  /** Active, but held by no worker (it died): see `WalkRunState`. */
  readonly stalled: number;
  readonly done: number;
  readonly failed: number;
  /** Items handed to the sink by every walk of the queue, as their checkpoints say. */
  readonly delivered: number;
  /** The failed walks and why. */
  readonly failures: readonly FailedWalk[];
  /** The walks that run on a schedule, soonest next first. */
  readonly schedules: readonly WalkSchedule[];
  /** Every run on the queue: waiting, active and stalled ones first, then failed and done. */
  readonly runs: readonly WalkRun[];
}

/** The states a walk job can be in (`prioritized` and `delayed`, by backoff or schedule, count as waiting). */
const states = ['active', 'waiting', 'prioritized', 'delayed', 'failed', 'completed'] as const;
type JobStateName = (typeof states)[number];

const runStateOf: Readonly<Record<JobStateName, WalkRunState>> = {
  active: 'active',
  waiting: 'waiting',
  prioritized: 'waiting',
  delayed: 'waiting',
  failed: 'failed',
  completed: 'done',
};

/** Jobs read per round trip. */
const batch = 500;

/**
 * A run as status tells it. An active run is stalled when its worker has been silent for longer than its lock
 * (BullMQ's `lockDuration`, 30 s by default), and at least `silentAfterMs`: its heartbeat (heartbeat.ts), its
 * last saved page and when it was taken up are all older than that.
 */
function runOf(job: Job, jobState: JobStateName, heard: Heard | undefined, now: number): WalkRun {
  const progress = (typeof job.progress === 'object' ? job.progress : undefined) as Partial<WalkProgress> | undefined;
  const lastHeardAt = Math.max(heard?.at ?? 0, progress?.savedAt ?? 0, job.processedOn ?? 0);
  let state = runStateOf[jobState];
  if (state === 'active' && now - lastHeardAt > (heard?.silentAfterMs ?? silentAfterMs)) state = 'stalled';
  return {
    id: job.id as string,
    walk: job.data as WalkSpec,
    state,
    delivered: typeof progress?.delivered === 'number' ? progress.delivered : 0,
    pages: typeof progress?.pageIndex === 'number' ? progress.pageIndex : 0,
    ...(job.repeatJobKey ? { schedule: job.repeatJobKey } : {}),
    ...(lastHeardAt > 0 && (state === 'active' || state === 'stalled') ? { lastHeardAt } : {}),
    ...(job.finishedOn ? { finishedAt: job.finishedOn } : {}),
    ...(state === 'failed' ? { failedReason: job.failedReason } : {}),
  };
}

/** The queue's schedules, soonest next first. */
async function schedulesOf(queue: Queue): Promise<WalkSchedule[]> {
  const schedulers = await queue.getJobSchedulers(0, -1, true);
  return schedulers
    .filter((scheduler) => typeof scheduler.every === 'number')
    .map((scheduler) => ({
      id: scheduler.key,
      walk: scheduler.template?.data as WalkSpec,
      every: scheduler.every as number,
      ...(scheduler.next ? { next: scheduler.next } : {}),
      runs: scheduler.iterationCount ?? 0,
    }));
}

/** The queue's schedules and walk runs, the runs counted by state, the items delivered, and why runs failed. */
export async function walkStatus(queue: Queue): Promise<WalkStatus> {
  const counts = await queue.getJobCounts(...states);
  const runs: WalkRun[] = [];
  for (const state of states) {
    for (let start = 0; start < (counts[state] ?? 0); start += batch) {
      const jobs = (await queue.getJobs([state], start, start + batch - 1)).filter((job): job is Job => !!job);
      const heard =
        state === 'active'
          ? await lastHeard(
              queue,
              jobs.map((job) => job.id as string),
            )
          : new Map();
      const now = Date.now();
      for (const job of jobs) runs.push(runOf(job, state, heard.get(job.id as string), now));
    }
  }
  const count = (state: WalkRunState) => runs.filter((run) => run.state === state).length;
  return {
    waiting: count('waiting'),
    active: count('active'),
    stalled: count('stalled'),
    done: count('done'),
    failed: count('failed'),
    delivered: runs.reduce((sum, run) => sum + run.delivered, 0),
    failures: runs.flatMap((run) =>
      run.state === 'failed' ? [{ walkId: run.id, reason: run.failedReason ?? '' }] : [],
    ),
    schedules: await schedulesOf(queue),
    runs,
  };
}
