import type { CallTarget } from '../contract/call-target.js';
import type { PdgError } from '../errors/errors.js';

/** Who a hook is being called for: the provider id and endpoint name, and the call's params. */
export interface HookContext extends CallTarget {
  /** The validated params of the call (`{}` when they were refused). */
  readonly params: Readonly<Record<string, unknown>>;
}

/**
 * Observe or change requests and responses without forking the core: logging, metrics, tracing,
 * auth variations. Pass one set or several (`hooks: [logging, metrics]`); they run in order.
 */
export interface Hooks {
  /** Before the request is first sent. Return a `Request` to replace it (extra headers, a signed URL). */
  // biome-ignore lint/suspicious/noConfusingVoidType: an `async` hook that returns nothing has type Promise<void>.
  beforeRequest?: (context: HookContext & { readonly request: Request }) => void | Request | Promise<void | Request>;
  /** Before each retry, with the failure that caused it and the retry number (1-based). */
  beforeRetry?: (context: HookContext & { readonly attempt: number; readonly error: PdgError }) => void | Promise<void>;
  /**
   * After a 2xx response's body was parsed, before it is unwrapped and validated. Return a value to
   * replace the body.
   */
  afterResponse?: (
    context: HookContext & { readonly response: Response; readonly body: unknown; readonly durationMs: number },
  ) => unknown;
  /** When a call fails, with the error about to be thrown. */
  onError?: (context: HookContext & { readonly error: PdgError }) => void | Promise<void>;
  /** What the response cache did for a call (only on a client with `cache`): count hits, misses, stale answers. */
  onCache?: (context: HookContext & CacheEvent) => void;
  /**
   * With `validate: 'report'`: a response differed from the documented shape and was returned anyway. Told
   * once per client, endpoint and field (the path, the expected and the received type; never the value).
   */
  onDrift?: (context: HookContext & { readonly drift: Drift }) => void;
  /** What the rate limit did for a request (only on a client with `rateLimit`): time queued, cool-downs, headers. */
  onRateLimit?: (context: HookContext & RateLimitEvent) => void;
}

/**
 * How a call was answered by a client with a cache:
 * - `hit`: from the cache, within its time to live; nothing was sent.
 * - `miss`: nothing usable was stored; the gateway answered and the result was stored.
 * - `refresh`: the call asked for a fresh answer (`cache: 'refresh'`); the gateway answered and it was stored.
 * - `stale`: the gateway failed (429, 5xx, unreachable) and an expired entry kept for that case answered.
 * - `dedupe`: an identical call was already in flight; this one shared its request and result.
 * - `uncached`: the gateway answered and nothing was stored: the endpoint has no cache time and the call gave
 *   none, or the answer holds the caller's API key (a gateway echoing it), or it is nested too deep to store.
 */
export type CacheOutcome = 'hit' | 'miss' | 'refresh' | 'stale' | 'dedupe' | 'uncached';

export interface CacheEvent {
  readonly outcome: CacheOutcome;
  /** The cache key (gateway URL, provider, endpoint, params with defaults, sorted); never holds the API key. */
  readonly key: string;
  /** Seconds since the answer was stored, for `hit` and `stale`. */
  readonly ageSeconds?: number;
  /** Why a stored entry was not used: it does not match the endpoint's schema, or the store failed. */
  readonly reason?: 'invalid' | 'store-error';
  /** The store's own error, when reading or writing failed (the call goes on without the cache). */
  readonly storeError?: unknown;
}

export type RateLimitEvent =
  /** A request waited this long for the limit (or a cool-down) before it was sent. */
  | { readonly type: 'queued'; readonly waitedMs: number }
  /** A 429 with `Retry-After` paused every call of the limit (every process sharing it) for this long. */
  | { readonly type: 'cooldown'; readonly seconds: number }
  /** The gateway sent rate-limit headers (`ratelimit-*`, `x-ratelimit-*`, `retry-after`), names in lower case. */
  | { readonly type: 'headers'; readonly status: number; readonly headers: Readonly<Record<string, string>> };

/**
 * One way a response differs from its endpoint's documented shape (`validate: 'report'`). It names the
 * field and the two types, never the value: values can be personal data, and a type is what drifted.
 */
export interface Drift {
  /** The field, array positions written `[]` so each field is one path: `items[].trackId`; `''` for the body itself. */
  readonly path: string;
  /** `type`: a field of another type; `missing`: a required field absent; `added`: a field the schema does not document. */
  readonly change: 'type' | 'missing' | 'added';
  /** What the schema documents, as valibot words it (`number`, `"a" | "b"`, `integer`); `absent` for an added field. */
  readonly expected: string;
  /** The JSON type received: `string`, `number`, `boolean`, `null`, `array`, `object`; `absent` for a missing field. */
  readonly received: string;
}
