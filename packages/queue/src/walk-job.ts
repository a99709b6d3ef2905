// A walk as a job: what a job's data holds, the id that makes one walk one job, and how it is enqueued.
import { createHash } from 'node:crypto';
import {
  type AnyProvider,
  type EndpointsOf,
  type PagedEndpointName,
  type ParamsOf,
  type ProviderId,
  validateParams,
  type WalkCheckpoint,
} from '@pdg/core';
import { endpointCatalog, sortedJson } from '@pdg/core/face';
import type { JobsOptions, Queue } from 'bullmq';

/** One walk of a paged endpoint, as a job holds it: plain JSON. */
export interface WalkSpec {
  readonly provider: string;
  readonly endpoint: string;
  readonly params?: Readonly<Record<string, unknown>>;
  /** Stop after this many items (the last page's items are cut there). */
  readonly maxItems?: number;
  /** Stop after this many pages. */
  readonly maxPages?: number;
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
}

/** Attempts of a walk job whose page keeps failing with a retryable error, and the first wait between them. */
export const defaultAttempts = 5;
export const defaultBackoffMs = 1000;

/**
 * The walk's id: the same provider, endpoint, params and limits, in any key order (core's `sortedJson`),
 * always give the same id (`walk-` and 24 hex digits of a SHA-256), so the same walk enqueued twice is one
 * job, and its pages one set of page keys.
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
  const { provider, endpoint, params = {}, maxItems, maxPages } = walk as Partial<WalkSpec>;
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
  return {
    provider,
    endpoint,
    params,
    ...(maxItems === undefined ? {} : { maxItems }),
    ...(maxPages === undefined ? {} : { maxPages }),
  };
}

/** BullMQ's job options for a walk, and the providers to check the walk against before it is enqueued. */
export interface EnqueueWalkOptions extends Omit<JobsOptions, 'jobId'> {
  /**
   * The providers the workers walk with. Given, the walk is checked against them before it is enqueued, as
   * the client checks a call: an unknown provider or endpoint (core's `USAGE` error, with its "Did you
   * mean ...?"), an endpoint that is not paged, or params its schema refuses (`INVALID_PARAMS`) are refused
   * here, not by a worker later.
   */
  readonly providers?: readonly AnyProvider[];
}

/** A walk checked against the providers, as `createClient` would check its first page's call. */
function checkAgainst(providers: readonly AnyProvider[], walk: WalkSpec): void {
  const target = { provider: walk.provider, endpoint: walk.endpoint };
  const definition = endpointCatalog(providers).pagedDefinition(target.provider, target.endpoint);
  validateParams({ ...target, definition, params: walk.params ?? {} });
}

/**
 * Adds a walk to a BullMQ queue as one job, whose id comes from the walk (`walkId`): enqueued twice, it is
 * still one job (BullMQ keeps the first). Returns the walk's id. `options` are BullMQ's job options, and
 * `providers` to check the walk against first (see `EnqueueWalkOptions`); by default a walk has 5
 * attempts, with exponential backoff from 1 s, for a page that keeps failing with a retryable error.
 * Typed from the providers with `enqueueWalk<typeof providers>(queue, walk)`.
 */
export async function enqueueWalk<TProviders extends readonly AnyProvider[] = readonly AnyProvider[]>(
  queue: Queue,
  walk: AnyProvider[] extends TProviders ? WalkSpec : WalkOf<TProviders>,
  options: EnqueueWalkOptions = {},
): Promise<string> {
  const { providers, ...jobOptions } = options;
  const data = walkData(walk as WalkSpec);
  if (providers !== undefined) checkAgainst(providers, data);
  const id = walkId(data);
  await queue.add(`${data.provider} ${data.endpoint}`, data, {
    attempts: defaultAttempts,
    backoff: { type: 'exponential', delay: defaultBackoffMs },
    ...jobOptions,
    jobId: id,
  });
  return id;
}
