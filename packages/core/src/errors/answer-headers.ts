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

/** A parameter `key=value` in a header of items separated by `,` or `;`, its value captured. */
const parameterPattern = (key: string) => new RegExp(`(?:^|[,;])\\s*${key}=([^,;]*)`, 'i');

/**
 * The rate-limit fields as the headers name them, as the IETF draft's structured fields name them (`q` in
 * `RateLimit-Policy`, `r` and `t` in `RateLimit`), and as `RateLimitInfo` does; each parameter's pattern made
 * once, not on every answer.
 */
const fields = [
  ['limit', parameterPattern('limit'), parameterPattern('q'), 'limit'],
  ['remaining', parameterPattern('remaining'), parameterPattern('r'), 'remaining'],
  ['reset', parameterPattern('reset'), parameterPattern('t'), 'resetSeconds'],
] as const;

/** Digits alone, with the spaces or tabs a header may put around them: `2.5`, `0x10`, `1e1`, `+3`, `-1` are not counts. */
const countPattern = /^[ \t]*\d+[ \t]*$/;

/** The captured value of `pattern` in `header`, if any. */
const parameter = (header: string, pattern: RegExp) => (header ? pattern.exec(header)?.[1] : undefined);

/**
 * The request id and rate limit in `headers`. Each rate-limit field comes from the first form that has it: the
 * IETF `RateLimit` field (`limit=10, remaining=3, reset=5`, or the newer draft's `"default";r=3;t=5` with the
 * limit as `q` in `RateLimit-Policy`), its older separate `RateLimit-Limit`/`-Remaining`/`-Reset` fields, or
 * `X-RateLimit-Limit`/`-Remaining`/`-Reset`. A field that is not a count (digits alone, a safe integer) is left out.
 */
export function answerInfo(headers: HeaderSource, now = Date.now()): AnswerInfo {
  const info: { requestId?: string; rateLimit?: Record<string, number> } = {};
  const requestId = headers.get('x-request-id') ?? headers.get('request-id');
  if (requestId) info.requestId = requestId;
  const structured = headers.get('ratelimit') ?? '';
  const policy = headers.get('ratelimit-policy') ?? '';
  for (const [field, long, short, name] of fields) {
    const text =
      parameter(structured, long) ??
      parameter(field === 'limit' ? policy : structured, short) ??
      headers.get(`ratelimit-${field}`) ??
      headers.get(`x-ratelimit-${field}`);
    // A safe integer: a count too large to be exact as a number is no count either.
    const value = text && countPattern.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(value)) continue;
    info.rateLimit ??= {};
    info.rateLimit[name] =
      name === 'resetSeconds' && value >= epochFrom ? Math.max(0, Math.ceil(value - now / 1000)) : value;
  }
  return info;
}
