import type { RateLimitInfo } from './answer-headers.js';
import { isRetried } from './retry-policy.js';

/** Every way a call can fail, as a stable string to branch on. */
export type PdgErrorCode =
  /** The params broke the endpoint's schema or cannot be sent faithfully; nothing was sent. */
  | 'INVALID_PARAMS'
  /** The response body does not match the endpoint's schema (`validate: 'strict'`). */
  | 'INVALID_RESPONSE'
  /** 401/403, or an error envelope about the API key. */
  | 'AUTH'
  /** 429, or an error envelope about the rate limit; see `retryAfter`. */
  | 'RATE_LIMITED'
  /** 404. */
  | 'NOT_FOUND'
  /** 400/422: the gateway refused the request. */
  | 'BAD_REQUEST'
  /** 5xx, or an error envelope on a 2xx: the upstream source failed. */
  | 'UPSTREAM'
  /** Any other non-2xx status. */
  | 'HTTP'
  /** The call's `timeout` ran out, or the gateway reported one (408). */
  | 'TIMEOUT'
  /** The connection failed (DNS, refused, reset), before or while the body was read. */
  | 'NETWORK'
  /** The body is not JSON. */
  | 'PARSE'
  /**
   * The client or the call was set up wrongly, before anything was sent: a bad `createClient` option (no
   * API key or base URL, a malformed one, a bad `timeout`, `retry` or `validate`), an unknown provider or
   * endpoint, `pages()`/`items()` on an endpoint that is not paged, a bad `maxItems`/`maxPages`, or a
   * damaged `resume` checkpoint. Fix the code; retrying cannot help.
   */
  | 'USAGE';

/** One broken rule, in params (`path` is the param) or in a response (`path` is where in the body). */
export interface PdgIssue {
  readonly path: string;
  readonly message: string;
}

export interface PdgErrorInit {
  code: PdgErrorCode;
  message: string;
  provider?: string | undefined;
  endpoint?: string | undefined;
  status?: number | undefined;
  gatewayMessage?: string | undefined;
  content?: unknown;
  retryAfter?: number | undefined;
  requestId?: string | undefined;
  rateLimit?: RateLimitInfo | undefined;
  issues?: readonly PdgIssue[] | undefined;
  cause?: unknown;
}

/**
 * Recognises a PdgError from any copy of @pdg/core (an app can hold two when providers pin
 * different core versions), so `instanceof` and `isPdgError` work across copies.
 */
const marker = Symbol.for('@pdg/core/PdgError');

/**
 * The fields a PdgError keeps as its init gives them, in the order it holds them and `toJSON` lists them:
 * named once here for the constructor, `toJSON` and the redacted copy (redact.ts).
 */
const givenFields = [
  'status',
  'provider',
  'endpoint',
  'gatewayMessage',
  'content',
  'retryAfter',
  'requestId',
  'rateLimit',
] as const;

/** The one error type every failed call throws (aborts aside: those reject with the signal's reason). */
export class PdgError extends Error {
  override readonly name = 'PdgError';
  declare readonly code: PdgErrorCode;
  /** HTTP status, when a response arrived. */
  declare readonly status: number | undefined;
  /** Provider id (`music:catalogstore`). */
  declare readonly provider: string | undefined;
  /** Endpoint name (`search`). */
  declare readonly endpoint: string | undefined;
  /** The gateway's own `message`, from its error envelope. */
  declare readonly gatewayMessage: string | undefined;
  /** The gateway's error `content`, when it sent one. */
  declare readonly content: unknown;
  /** Seconds the gateway asked to wait (`RATE_LIMITED`). */
  declare readonly retryAfter: number | undefined;
  /** The gateway's request id (`x-request-id` or `request-id`), when its answer carried one: quote it to support. */
  declare readonly requestId: string | undefined;
  /** The rate limit the gateway's answer reported (`RateLimit`, `RateLimit-*`, `X-RateLimit-*`), when it sent one. */
  declare readonly rateLimit: RateLimitInfo | undefined;
  /** Whether the retry policy retries this failure (408, 429, 500, 502-504, timeouts, network): the same call may succeed later. */
  declare readonly retryable: boolean;
  /** Each broken rule, for `INVALID_PARAMS` and `INVALID_RESPONSE`. */
  declare readonly issues: readonly PdgIssue[];

  constructor(init: PdgErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    // Every field an own property, undefined ones too, in the order `toJSON` lists them.
    const fields = this as unknown as Record<string, unknown>;
    fields.code = init.code;
    for (const field of givenFields) fields[field] = init[field];
    fields.retryable = isRetried(init.code, init.status);
    fields.issues = init.issues ?? [];
    Object.defineProperty(this, marker, { value: true });
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return isPdgError(value);
  }

  /** Every field as plain data, `message` included: `name`, `code`, `message`, then the rest in order. */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = { name: this.name, code: this.code, message: this.message };
    for (const field of givenFields) json[field] = this[field];
    json.retryable = this.retryable;
    json.issues = this.issues;
    return json;
  }
}

/** True for a PdgError from this or any other copy of @pdg/core. */
export function isPdgError(value: unknown): value is PdgError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true;
}
