/**
 * The retry rule, whole: what is retried, how long each retry waits, how `Retry-After` is honoured and
 * where waiting stops. `send` asks `retryWait` about every failed attempt and does what it says; `PdgError`
 * reads `isRetried` for its `retryable` flag, so the two cannot disagree. It imports nothing.
 */

export interface RetryPolicy {
  /** Retries after the first attempt; `0` disables retrying. Default 2. */
  readonly limit: number;
  /** First backoff in ms; doubles on each retry. Default 300. */
  readonly baseDelay: number;
  /** Longest backoff in ms. Default 10 000. */
  readonly maxDelay: number;
  /** Longest `Retry-After` (ms) worth waiting for; a longer one fails at once with `retryAfter`. Default 60 000. */
  readonly maxRetryAfter: number;
}

/** `retry: 3` is `{ limit: 3 }`; `retry: 0` disables; an object overrides the parts it names. */
export type RetryOption = number | Partial<RetryPolicy>;

export const defaultRetryPolicy: RetryPolicy = { limit: 2, baseDelay: 300, maxDelay: 10_000, maxRetryAfter: 60_000 };

/** The statuses retried. 501 (Not Implemented) and 505 will not change on a retry, so they are not. */
export const retryStatusCodes: readonly number[] = [408, 429, 500, 502, 503, 504];

/**
 * What is retried: a status among `retryStatusCodes` (an error envelope on a 2xx is not), and, without a
 * status, a timeout or a network failure (no response, or a body that broke off).
 */
export function isRetried(code: string, status: number | undefined): boolean {
  if (status !== undefined) return retryStatusCodes.includes(status);
  return code === 'TIMEOUT' || code === 'NETWORK';
}

/** A failed attempt as the rule sees it: an answer with a status (and its `Retry-After`), or none at all. */
export type FailedAttempt =
  | { readonly status: number; readonly retryAfter: string | null }
  | { readonly status?: undefined; readonly network: true };

/** Where a call is when an attempt fails: which retry would come next, under what policy, with how much time left. */
export interface RetryState {
  /** The retry that would come next: 1 after the first attempt fails. */
  readonly attempt: number;
  readonly policy: RetryPolicy;
  /** Milliseconds the call has left before its timeout. */
  readonly msLeft: number;
}

/**
 * How long to wait before the next retry after `failure`, or `undefined` when it is not retried:
 * - not retried: a status outside `retryStatusCodes`, or the policy's `limit` reached;
 * - an answer with `Retry-After` waits exactly that long, unless it asks for longer than `maxRetryAfter` or
 *   than the call has left: then it fails at once, and the caller sees `retryAfter`;
 * - anything else waits `backoffDelay`.
 */
export function retryWait(failure: FailedAttempt, state: RetryState): number | undefined {
  const { attempt, policy } = state;
  if (attempt > policy.limit) return undefined;
  if (failure.status === undefined) return backoffDelay(attempt, policy);
  if (!retryStatusCodes.includes(failure.status)) return undefined;
  const retryAfter = parseRetryAfter(failure.retryAfter);
  if (retryAfter === undefined) return backoffDelay(attempt, policy);
  const wait = retryAfter * 1000;
  return wait > Math.min(policy.maxRetryAfter, state.msLeft) ? undefined : wait;
}

/**
 * Backoff before retry `attempt` (1-based): exponential, capped at `maxDelay`, with "equal jitter": half
 * fixed, half random, so concurrent clients spread out yet each waits at least half the nominal delay.
 */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const nominal = Math.min(policy.maxDelay, policy.baseDelay * 2 ** (attempt - 1));
  return nominal / 2 + (nominal / 2) * random();
}

/** `Retry-After` as seconds: either delta-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** The policy with an option's changes: `3` sets the limit, an object the parts it names (checked by the caller). */
export function withRetryOption(base: RetryPolicy, option: RetryOption | undefined): RetryPolicy {
  if (option === undefined) return base;
  return typeof option === 'number' ? { ...base, limit: option } : { ...base, ...option };
}
