/** What a client and its calls accept: the options of `createClient`, `run`, `pages` and `items`. */
import type { AnyProvider } from '../contract/contract.js';
import type { RetryOption } from '../errors/retry-policy.js';
import type { Hooks } from './hooks.js';
import type { CacheCallOption, ClientCache, ClientRateLimit, ClientTelemetry } from './layers.js';
import type { WalkCheckpoint } from './walk-state.js';

/**
 * `'strict'` (default) checks every response against its schema and throws `INVALID_RESPONSE` when it does
 * not match; `'report'` returns it anyway and tells each difference once (the `onDrift` hook, the `debug`
 * line); `'off'` returns the body as is, unchecked.
 */
export type ValidateMode = 'strict' | 'report' | 'off';

export interface ClientOptions<TProviders extends readonly AnyProvider[]> {
  /** The provider packages this client calls, such as `[catalogstore, jobboard]`. */
  readonly providers: TProviders;
  /** Sent as `x-api-key`, and only to `baseUrl`'s origin. Default: `PDG_API_KEY`. */
  readonly apiKey?: string;
  /** The gateway's base URL (`/v1/...` is appended; a trailing `/v1` is accepted and not doubled). Default: `PDG_BASE_URL`. */
  readonly baseUrl?: string | URL;
  /** Milliseconds for a whole call: retries, backoff, reading and processing the answer included. Default 30 000. */
  readonly timeout?: number;
  /** Retries for 408, 429, 500, 502-504 and network errors: a number, an object, or `0` to disable. Default 2. */
  readonly retry?: RetryOption;
  /**
   * The largest response body read, in bytes, counted as it is decompressed: a larger answer fails the call
   * with `INVALID_RESPONSE` as soon as the cap is passed, and the rest is not read. Default 33 554 432 (32 MiB).
   */
  readonly maxBodyBytes?: number;
  /** Response validation: `'strict'`, `'report'` (return a drifted response and tell `onDrift`) or `'off'`. Default `'strict'`. */
  readonly validate?: ValidateMode;
  /** Hook sets, run in order. */
  readonly hooks?: Hooks | readonly Hooks[];
  /** A custom `fetch` (a test double, an edge runtime's own). For a proxy, see the README: the runtime's own settings suffice. */
  readonly fetch?: typeof globalThis.fetch;
  /** Extra headers on every request; one HTTP does not allow is a `USAGE` error naming it. */
  readonly headers?: HeadersInit;
  /**
   * Your application's own product token (`my-app/1.2.0`), put before pdg's in the `User-Agent`:
   * `my-app/1.2.0 pdg/<version> <provider>/<version> node/<version>`. Sent from Node, Bun and Deno; a
   * browser sends its own `User-Agent`.
   */
  readonly userAgent?: string;
  /**
   * One line per request sent (URL, status, duration, attempt, retry wait), to stderr or to the function
   * given; the key never appears. Default: on when `PDG_DEBUG` is `1`, `true` or `yes`.
   */
  readonly debug?: boolean | ((line: string) => void);
  /**
   * A response cache, off by default: `cache: createCache()` from `@pdg/core/cache` (in memory, bounded), or
   * `createCache({ store: new Keyv(new KeyvRedis(url)) })` to share one across processes. Identical calls
   * in flight share one request.
   */
  readonly cache?: ClientCache;
  /**
   * The API key's rate limit, off by default: `rateLimit: createRateLimit({ points: 10, durationSeconds: 1 })`
   * from `@pdg/core/rate-limit` queues requests so the limit is never passed, and a 429 pauses them all.
   */
  readonly rateLimit?: ClientRateLimit;
  /**
   * OpenTelemetry traces and metrics, off by default: `telemetry: openTelemetry()` from `@pdg/core/otel`
   * (which needs `@opentelemetry/api`): a span per call, a child span per request, and their metrics.
   */
  readonly telemetry?: ClientTelemetry;
}

/** Options of one call; each overrides the client's. */
export interface CallOptions {
  readonly signal?: AbortSignal;
  readonly timeout?: number;
  readonly retry?: RetryOption;
  /** The largest response body read, in bytes (decompressed); over the client's `maxBodyBytes`. */
  readonly maxBodyBytes?: number;
  readonly validate?: ValidateMode;
  readonly headers?: HeadersInit;
  /** On a client with a cache: `false` skips it, `'refresh'` asks the gateway anew, `{ ttlSeconds }` sets the time. */
  readonly cache?: CacheCallOption;
}

export interface PagesOptions extends CallOptions {
  /** Stop after this many pages. */
  readonly maxPages?: number;
  /**
   * How many pages in a row may come with no items while saying `hasMore: true` before the walk stops with
   * `INVALID_RESPONSE` (default 3): a gateway that keeps sending empty pages would make the walk endless.
   */
  readonly maxEmptyPages?: number;
  /** Continue a walk from the `checkpoint` an earlier walk over the same params gave. */
  readonly resume?: WalkCheckpoint;
}

export interface ItemsOptions extends PagesOptions {
  /** Stop after this many items; no page beyond the one holding the last is fetched. */
  readonly maxItems?: number;
}
