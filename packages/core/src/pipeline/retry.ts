/** How failed GETs are retried: 408, 429, 500, 502-504 and network errors. */
import { usageError } from '../errors.js';
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
 * Whether the retry policy retries a failure: the one source of truth for both the policy and
 * `PdgError.retryable`. With a status, the status decides (an error envelope on a 2xx is not retried);
 * without one, timeouts and network failures are.
 */
export function isRetried(code: string, status: number | undefined): boolean {
  if (status !== undefined) return retryStatusCodes.includes(status);
  return code === 'TIMEOUT' || code === 'NETWORK';
}

export function resolveRetry(base: RetryPolicy, option: RetryOption | undefined): RetryPolicy {
  if (option === undefined) return base;
  const merged = typeof option === 'number' ? { ...base, limit: option } : { ...base, ...option };
  for (const [name, value] of Object.entries(merged)) {
    if (!Number.isFinite(value) || value < 0) {
      throw usageError(`retry.${name} must be a number >= 0 (received ${String(value)}).`);
    }
  }
  return merged;
}

/**
 * Backoff before retry `attempt` (1-based): exponential, capped, with "equal jitter": half fixed, half
 * random, so concurrent clients spread out yet each waits at least half the nominal delay.
 */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const nominal = Math.min(policy.maxDelay, policy.baseDelay * 2 ** (attempt - 1));
  return nominal / 2 + (nominal / 2) * random();
}
