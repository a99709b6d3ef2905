/** What a call gives back: its result, and what the response said besides. */
import type { RateLimitInfo } from '../errors/answer-headers.js';
import type { CacheOutcome } from './hooks.js';

/** What `runWithResponse` tells besides the result. None of it ever holds the API key. */
export interface ResponseMeta {
  /** The HTTP status of the answer. */
  readonly status: number;
  /** The answer's headers, names in lower case (rate-limit headers included when the gateway sends them). */
  readonly headers: Readonly<Record<string, string>>;
  /** Requests sent: 1, plus retries and redirect hops. */
  readonly attempts: number;
  /** Milliseconds from the first request to the parsed body. */
  readonly durationMs: number;
  /** The URL of the first request (the key travels in a header, never in the URL). */
  readonly url: string;
  /** The gateway's request id (`x-request-id` or `request-id`), when it sent one; not on a cached answer. */
  readonly requestId?: string;
  /** The rate limit the answer reported (`RateLimit`, `RateLimit-*`, `X-RateLimit-*`), when it sent one; not on a cached answer. */
  readonly rateLimit?: RateLimitInfo;
  /** On a client with a cache: how the cache answered (a `stale` result is an expired entry served after a failure). */
  readonly cache?: CacheOutcome;
  /** Seconds since a cached answer (`hit`, `stale`) was stored. */
  readonly ageSeconds?: number;
}

/** A call's result (checked as the call asked, `validate`) and its response metadata, built when asked for. */
export interface CallResult {
  readonly data: unknown;
  readonly meta: () => ResponseMeta;
}

/** A result the gateway just gave, with the unwrapped body as it came (what a cache stores). */
export interface GatewayResult extends CallResult {
  readonly body: unknown;
}
