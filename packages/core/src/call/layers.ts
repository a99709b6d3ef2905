import type { CallTarget } from '../contract/call-target.js';
import type { EndpointDefinition } from '../contract/contract.js';
import type { Redactor } from '../errors/redact.js';
import type { CallResult, GatewayResult } from './call-result.js';
import type { HookContext, Hooks } from './hooks.js';

// The contract between the client and its opt-in layers: `createCache()` from `@pdg/core/cache` and
// `createRateLimit()` from `@pdg/core/rate-limit` build them. Only types live here, so a client that uses
// neither carries none of their code.

/** A call's per-call cache choice: `false` skips the cache, `'refresh'` asks the gateway and stores the answer. */
export type CacheCallOption =
  | false
  | 'refresh'
  | {
      /** Seconds to keep this answer, in place of the endpoint's cache time (needed where it has none). */
      readonly ttlSeconds?: number;
      /** Ask the gateway even when a fresh answer is stored, and store the new one. */
      readonly refresh?: boolean;
    };

/** Who a layer works for: the call's hook context and the client's hooks, to report to. */
export interface LayerContext {
  readonly context: HookContext;
  readonly hooks: readonly Hooks[];
}

/** One call, as the cache sees it once its params are valid and before anything is sent. */
export interface CachePlan extends LayerContext {
  readonly definition: EndpointDefinition;
  /** The first request's URL: the gateway's, with the params the caller gave (defaults not applied). */
  readonly url: URL;
  readonly option: Exclude<CacheCallOption, false> | undefined;
  /** The caller's signal, if any. */
  readonly signal: AbortSignal | undefined;
  /** The call's timeout in ms: the caller stops waiting then, even for a request another caller shares. */
  readonly timeout: number;
  /** When the call's timeout runs out, on the `performance.now()` clock. */
  readonly deadline: number;
  /**
   * What the request depends on besides its URL (the retry policy and the body cap), as text: only calls
   * that agree on it share a request in flight.
   */
  readonly sharing: string;
  /**
   * The call's API key, as the cache may use it without reading it: to tell whether another call has the
   * same key, and whether an answer holds it (such an answer is that key's alone: never stored or shared).
   */
  readonly key: Redactor;
}

/** The cache layer (`createCache()`): answers a call from its store, or through `request`, once per key in flight. */
export interface ClientCache {
  readonly run: (
    plan: CachePlan,
    /**
     * Sends the call (with retries and the rate limit), reads and checks the answer; the signal aborts it.
     * `deadline` (on the `performance.now()` clock) is how long its retries may go on: the latest of the
     * callers waiting on it; the request has no timeout of its own (the cache aborts it once nobody waits).
     */
    request: (signal: AbortSignal, deadline: () => number) => Promise<GatewayResult>,
    /** The endpoint's response check, as the call asked for it (`validate`), for stored bodies; throws `INVALID_RESPONSE`. */
    check: (body: unknown) => unknown,
  ) => Promise<CallResult>;
}

/** The rate-limit layer (`createRateLimit()`): every request sent goes through the fetch it wraps. */
export interface ClientRateLimit {
  /**
   * Wraps one call's fetch: each request waits until it may be sent (rejecting with its signal's reason
   * when that aborts first), and each response is seen (a 429's `Retry-After` starts a cool-down).
   */
  readonly limit: (fetch: typeof globalThis.fetch, layer: LayerContext) => typeof globalThis.fetch;
}

/**
 * The telemetry layer (`openTelemetry()` from `@pdg/core/otel`): a span and metrics per call and per request.
 * A client without it calls none of this and carries none of its code.
 */
export interface ClientTelemetry {
  /** Runs one call inside its span; what the cache, the rate limit and the response check report is told within it. */
  readonly call: <T>(target: CallTarget, run: () => Promise<T>) => Promise<T>;
  /** Wraps the fetch of each request a call sends: a child span each, trace context sent to `keyOrigin` only. */
  readonly fetch: (fetch: typeof globalThis.fetch, keyOrigin: string) => typeof globalThis.fetch;
  /** The hooks it observes the cache, the rate limit and drift through (run after the client's own). */
  readonly hooks: Hooks;
}
