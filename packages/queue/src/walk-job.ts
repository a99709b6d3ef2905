// A walk as a job: what a job's data holds, the id that names one walk, and how it is enqueued: a
// run at a time (a new run once the last is done), or on a schedule.
import { createHash } from 'node:crypto';
import {
  type AnyProvider,
  type EndpointDefinition,
  type EndpointsOf,
  type PagedEndpointName,
  type ParamsOf,
  type ProviderId,
  validateParams,
  type WalkCheckpoint,
} from '@pdg/core';
import { endpointCatalog, sortedJson } from '@pdg/core/face';
import type { JobsOptions, Queue } from 'bullmq';
import { checkEveryAgainstCache, everyMs } from './every.js';

/** One walk of a paged endpoint, as a job holds it: plain JSON. */
export interface WalkSpec {
  readonly provider: string;
  readonly endpoint: string;
  readonly params?: Readonly<Record<string, unknown>>;
  /** Stop after this many items (the last page's items are cut there). */
  readonly maxItems?: number;
  /** Stop after this many pages. */
  readonly maxPages?: number;
  /**
   * This run walks every page, whatever a store's sink holds (`enqueueWalk(..., { fullRefresh: true })`). Not
   * part of the walk's id: a run of the same walk.
   */
  readonly fullRefresh?: boolean;
}

/**
 * A walk typed from the providers, as `items()` is: `WalkOf<typeof providers>` accepts only a paged endpoint
 * of a provider in the list, with that endpoint's params.
 */
export type WalkOf<TProviders extends readonly AnyProvider[]> = {
  [TId in ProviderId<TProviders>]: {
    [TName in PagedEndpointName<TProviders, TId>]: {
      readonly provider: TId;
      readonly endpoint: TName;
      readonly params?: ParamsOf<EndpointsOf<TProviders, TId>[TName]>;
      readonly maxItems?: number;
      readonly maxPages?: number;
      readonly fullRefresh?: boolean;
    };
  }[PagedEndpointName<TProviders, TId>];
}[ProviderId<TProviders>];

/** Where a walk job is, stored in the job (its progress) after each page the sink took. */
export interface WalkProgress {
  /** The walk's checkpoint past the last page delivered: `resume` for the rest of the walk. */
  readonly checkpoint: WalkCheckpoint;
  /** The index of the next page to deliver (0 for the first): with the walk id, the sink's page key. */
  readonly pageIndex: number;
  /** Items handed to the sink so far. */
  readonly delivered: number;
  /** When the worker saved this progress (ms since the epoch): how `walkStatus` tells how long a stalled walk is silent. */
  readonly savedAt?: number;
}

/** Attempts of a walk job whose page keeps failing with a retryable error, and the first wait between them. */
export const defaultAttempts = 5;
export const defaultBackoffMs = 1000;

/**
 * The walk's id: the same provider, endpoint, params and limits, in any key order (core's `sortedJson`),
 * always give the same id (`walk-` and 24 hex digits of a SHA-256), so the same walk enqueued twice while it
 * is queued is one job. It is the job id of the walk's first run (later runs add `-r2`, `-r3`, ...: see
 * `runJobId`) and the id of its schedule.
 */
export function walkId(walk: WalkSpec): string {
  const { provider, endpoint, params = {}, maxItems, maxPages } = walk;
  const digest = createHash('sha256')
    .update(sortedJson({ provider, endpoint, params, maxItems, maxPages }))
    .digest('hex');
  return `walk-${digest.slice(0, 24)}`;
}

function checkLimit(name: string, value: unknown): void {
  if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 0)) {
    throw new TypeError(`${name} must be a whole number >= 0 (received ${JSON.stringify(value)}).`);
  }
}

/** The walk as a job's data, checked: a malformed walk is refused here, not by a worker later. */
export function walkData(walk: WalkSpec): WalkSpec {
  const { provider, endpoint, params = {}, maxItems, maxPages, fullRefresh } = walk as Partial<WalkSpec>;
  if (typeof provider !== 'string' || typeof endpoint !== 'string') {
    throw new TypeError(
      "A walk needs a provider id and an endpoint name: { provider: 'jobs:jobboard', endpoint: 'browse', params }.",
    );
  }
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw new TypeError(`A walk's params must be an object of param values (received ${JSON.stringify(params)}).`);
  }
  checkLimit('maxItems', maxItems);
  checkLimit('maxPages', maxPages);
  if (fullRefresh !== undefined && typeof fullRefresh !== 'boolean')
    throw new TypeError(`fullRefresh must be true or false (received ${JSON.stringify(fullRefresh)}).`);
  return {
    provider,
    endpoint,
    params,
    ...(maxItems === undefined ? {} : { maxItems }),
    ...(maxPages === undefined ? {} : { maxPages }),
    ...(fullRefresh === true ? { fullRefresh } : {}),
  };
}

/** BullMQ's job options for a walk, the providers to check the walk against, and its schedule. */
export interface EnqueueWalkOptions extends Omit<JobsOptions, 'jobId'> {
  /**
   * The providers the workers walk with. Given, the walk is checked against them before it is enqueued, as
   * the client checks a call: an unknown provider or endpoint (core's `USAGE` error, with its "Did you
   * mean ...?"), an endpoint that is not paged, or params its schema refuses (`INVALID_PARAMS`) are refused
   * here, not by a worker later; and a schedule faster than the endpoint's cache time (`every`).
   */
  readonly providers?: readonly AnyProvider[];
  /**
   * Run the walk again every period, each time as a new run: `'30s'`, `'10m'`, `'1h'`, `'1d'` or milliseconds.
   * A BullMQ job scheduler whose id is the walk's id (`walkId`) adds each run; the same walk scheduled again
   * with another period changes the period. With `providers`, a period shorter than the endpoint's documented
   * cache time is refused (`USAGE`): a faster poll gets the same cached body.
   */
  readonly every?: string | number;
  /**
   * The run walks every page, whatever the store it is written into holds (a store's sink otherwise walks
   * only what is new: see `@pdg/store`'s `storeSink`); kept in the job's data. With `every`, every run of the
   * schedule does.
   */
  readonly fullRefresh?: boolean;
}

/** What adding a walk did. */
export type WalkAdded =
  /** The walk's first run is on the queue. */
  | { readonly outcome: 'added'; readonly id: string; readonly walkId: string; readonly run: number }
  /** The walk ran before (`previous`, done or failed, or since removed): a new run of it is on the queue. */
  | {
      readonly outcome: 'new-run';
      readonly id: string;
      readonly walkId: string;
      readonly run: number;
      readonly previous: { readonly id: string; readonly state: 'completed' | 'failed' | 'removed' };
    }
  /** A run of the walk is still on the queue, waiting or under way (`state`): nothing was added. */
  | {
      readonly outcome: 'already-queued';
      readonly id: string;
      readonly walkId: string;
      readonly run: number;
      readonly state: string;
    }
  /**
   * `every`: the walk's schedule (its id is the walk's id) was made (`scheduled`), its period changed
   * (`rescheduled`, from `previousEvery`), or it already ran at that period (`already-scheduled`).
   * `next` is when its next run is due (ms since the epoch), as BullMQ's scheduler says.
   */
  | {
      readonly outcome: 'scheduled' | 'rescheduled' | 'already-scheduled';
      readonly id: string;
      readonly walkId: string;
      readonly every: number;
      readonly previousEvery?: number;
      readonly next?: number;
    };

/** A walk checked against the providers, as `createClient` would check its first page's call; its definition. */
function checkAgainst(providers: readonly AnyProvider[], walk: WalkSpec): EndpointDefinition {
  const target = { provider: walk.provider, endpoint: walk.endpoint };
  const definition = endpointCatalog(providers).pagedDefinition(target.provider, target.endpoint);
  validateParams({ ...target, definition, params: walk.params ?? {} });
  return definition;
}

/**
 * The job id of a walk's run: its first run is the walk's id, each later one the walk's id and its number
 * (`walk-…-r2`), so a store's run ledger, keyed by job id, gets a new run each time.
 */
export function runJobId(walkId: string, run: number): string {
  return run === 1 ? walkId : `${walkId}-r${run}`;
}

/** Where a queue keeps the number of each walk's latest run: a hash in BullMQ's keys of the queue (":" is no job id). */
const runsKey = (queue: Queue) => queue.toKey('pdg:walk-runs');

/**
 * The latest run of a walk on a queue: its number and job id (the walk's id itself while none is counted:
 * its first run, or one enqueued before runs were counted); `counted` is 0 while no run is.
 */
export async function latestRun(
  queue: Queue,
  identity: string,
): Promise<{ readonly counted: number; readonly run: number; readonly id: string }> {
  const redis = await queue.getBackend().client;
  const counted = Number((await redis.hget(runsKey(queue), identity)) ?? 0);
  const run = Math.max(counted, 1);
  return { counted, run, id: runJobId(identity, run) };
}

/** Job states of a run still on the queue. */
export const queuedStates: ReadonlySet<string> = new Set([
  'waiting',
  'waiting-children',
  'prioritized',
  'delayed',
  'active',
]);

/** Adds a new run of the walk, unless its latest run is still on the queue. */
async function addRun(queue: Queue, data: WalkSpec, options: Omit<JobsOptions, 'jobId'>): Promise<WalkAdded> {
  const identity = walkId(data);
  const { counted, run: latest, id: latestId } = await latestRun(queue, identity);
  const state = await queue.getJobState(latestId);
  if (queuedStates.has(state)) return { outcome: 'already-queued', id: latestId, walkId: identity, run: latest, state };
  const run = counted === 0 && state === 'unknown' ? 1 : latest + 1;
  const id = runJobId(identity, run);
  // Two adders at once compute the same id: BullMQ keeps one job.
  await queue.add(`${data.provider} ${data.endpoint}`, data, {
    attempts: defaultAttempts,
    backoff: { type: 'exponential', delay: defaultBackoffMs },
    ...options,
    jobId: id,
  });
  await (await queue.getBackend().client).hset(runsKey(queue), { [identity]: run });
  if (run === 1) return { outcome: 'added', id, walkId: identity, run };
  const previousState = state === 'completed' || state === 'failed' ? state : 'removed';
  return { outcome: 'new-run', id, walkId: identity, run, previous: { id: latestId, state: previousState } };
}

/** Makes or changes the walk's schedule: a BullMQ job scheduler, its id the walk's id. */
async function schedule(
  queue: Queue,
  data: WalkSpec,
  every: number,
  options: Omit<JobsOptions, 'jobId'>,
): Promise<WalkAdded> {
  const identity = walkId(data);
  const before = await queue.getJobScheduler(identity);
  const sameRuns = (before?.template?.data as WalkSpec | undefined)?.fullRefresh === data.fullRefresh;
  // The same period (and full refresh or not) again: left as it is, so adding it twice does not start a run at once.
  if (before?.every === every && sameRuns) {
    return {
      outcome: 'already-scheduled',
      id: identity,
      walkId: identity,
      every,
      ...(before.next ? { next: before.next } : {}),
    };
  }
  // A schedule's runs get their own ids from BullMQ (`repeat:<walk id>:<time>`), and no delay of their own.
  const { delay: _delay, deduplication: _deduplication, ...template } = options;
  await queue.upsertJobScheduler(
    identity,
    { every },
    {
      name: `${data.provider} ${data.endpoint}`,
      data,
      opts: { attempts: defaultAttempts, backoff: { type: 'exponential', delay: defaultBackoffMs }, ...template },
    },
  );
  const after = await queue.getJobScheduler(identity);
  return {
    outcome: before ? 'rescheduled' : 'scheduled',
    id: identity,
    walkId: identity,
    every,
    ...(before?.every === undefined ? {} : { previousEvery: before.every }),
    ...(after?.next ? { next: after.next } : {}),
  };
}

/**
 * Adds a walk to a BullMQ queue and says what it did (`WalkAdded`). A walk whose latest run is still on the
 * queue (waiting or under way) is not added again; one that ran before, done or failed, gets a new run with a
 * new job id (`walk-…-r2`, `-r3`, ...; a store's run ledger keys runs by it). With `every`, the walk is
 * scheduled instead: a BullMQ job scheduler whose id is the walk's id adds a run each period. `options` are
 * BullMQ's job options, `providers` to check the walk against first (see `EnqueueWalkOptions`); by default
 * a walk has 5 attempts, with exponential backoff from 1 s, for a page that keeps failing with a retryable
 * error. Typed from the providers with `addWalk<typeof providers>(queue, walk)`.
 */
export async function addWalk<TProviders extends readonly AnyProvider[] = readonly AnyProvider[]>(
  queue: Queue,
  walk: AnyProvider[] extends TProviders ? WalkSpec : WalkOf<TProviders>,
  options: EnqueueWalkOptions = {},
): Promise<WalkAdded> {
  const { providers, every, fullRefresh, ...jobOptions } = options;
  const data = walkData(fullRefresh === undefined ? (walk as WalkSpec) : { ...(walk as WalkSpec), fullRefresh });
  const definition = providers === undefined ? undefined : checkAgainst(providers, data);
  if (every === undefined) return addRun(queue, data, jobOptions);
  const ms = everyMs(every);
  if (definition) checkEveryAgainstCache(data, definition, ms);
  return schedule(queue, data, ms, jobOptions);
}

/**
 * `addWalk`, returning only the id: of the run added or still on the queue, or with `every` of the schedule
 * (the walk's id).
 */
export async function enqueueWalk<TProviders extends readonly AnyProvider[] = readonly AnyProvider[]>(
  queue: Queue,
  walk: AnyProvider[] extends TProviders ? WalkSpec : WalkOf<TProviders>,
  options: EnqueueWalkOptions = {},
): Promise<string> {
  return (await addWalk<TProviders>(queue, walk, options)).id;
}
