/**
 * What support and a careful app need from any answer, success or failure: the gateway's request id and its
 * rate-limit state, read from the headers. `runWithResponse`'s `response` and `PdgError` both carry them.
 */

/** The rate-limit state an answer reported. Each field is there when the gateway sent it. */
export interface RateLimitInfo {
  /** Requests allowed in the current window. */
  readonly limit?: number;
  /** Requests left in the current window. */
  readonly remaining?: number;
  /** Seconds until the window resets (an epoch time the gateway sent is turned into seconds from now). */
  readonly resetSeconds?: number;
}

/** The request id and rate limit of one answer; each absent when the gateway sent none. */
export interface AnswerInfo {
  /** From `x-request-id` or `request-id`: quote it when asking the gateway's support about a call. */
  readonly requestId?: string;
  readonly rateLimit?: RateLimitInfo;
}

/** Something with headers to `get`: a `Headers`. */
interface HeaderSource {
  get(name: string): string | null;
}

/**
 * A reset at or above this is an epoch time in seconds (2001-09-09), below it a number of seconds: no window
 * is 31 years long, and no clock reads before 2001. The IETF fields are always seconds; `X-RateLimit-Reset`
 * is either, depending on the gateway.
 */
const epochFrom = 1e9;

/** The request id and rate limit in `headers`. */
export function answerInfo(headers: HeaderSource, now = Date.now()): AnswerInfo {
  const requestId = headers.get('x-request-id') ?? headers.get('request-id') ?? undefined;
  const rateLimit = rateLimitOf(headers, now);
  return { ...(requestId && { requestId }), ...(rateLimit && { rateLimit }) };
}

/**
 * The rate limit, from the first form sent: the IETF `RateLimit` field (`limit=10, remaining=3, reset=5`),
 * its older separate `RateLimit-Limit`/`-Remaining`/`-Reset` fields, or `X-RateLimit-Limit`/`-Remaining`/`-Reset`.
 */
function rateLimitOf(headers: HeaderSource, now: number): RateLimitInfo | undefined {
  const structured = headers.get('ratelimit');
  const named: Record<string, string> = {};
  if (structured) {
    for (const part of structured.split(/[,;]/)) {
      const [name, value] = part.split('=');
      if (name && value) named[name.trim().toLowerCase()] = value.trim();
    }
  }
  const field = (name: 'limit' | 'remaining' | 'reset'): string | null | undefined =>
    named[name] ?? headers.get(`ratelimit-${name}`) ?? headers.get(`x-ratelimit-${name}`);
  const limit = count(field('limit'));
  const remaining = count(field('remaining'));
  let resetSeconds = count(field('reset'));
  if (resetSeconds !== undefined && resetSeconds >= epochFrom) {
    resetSeconds = Math.max(0, Math.ceil(resetSeconds - now / 1000));
  }
  if (limit === undefined && remaining === undefined && resetSeconds === undefined) return undefined;
  return {
    ...(limit !== undefined && { limit }),
    ...(remaining !== undefined && { remaining }),
    ...(resetSeconds !== undefined && { resetSeconds }),
  };
}

/** A non-negative number from a field's text, or `undefined` for none or anything else. */
function count(text: string | null | undefined): number | undefined {
  if (!text) return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}
