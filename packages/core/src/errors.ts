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

/** The one error type every failed call throws (aborts aside: those reject with the signal's reason). */
export class PdgError extends Error {
  override readonly name = 'PdgError';
  readonly code: PdgErrorCode;
  /** HTTP status, when a response arrived. */
  readonly status: number | undefined;
  /** Provider id (`music:catalogstore`). */
  readonly provider: string | undefined;
  /** Endpoint name (`search`). */
  readonly endpoint: string | undefined;
  /** The gateway's own `message`, from its error envelope. */
  readonly gatewayMessage: string | undefined;
  /** The gateway's error `content`, when it sent one. */
  readonly content: unknown;
  /** Seconds the gateway asked to wait (`RATE_LIMITED`). */
  readonly retryAfter: number | undefined;
  /** The gateway's request id (`x-request-id` or `request-id`), when its answer carried one: quote it to support. */
  readonly requestId: string | undefined;
  /** The rate limit the gateway's answer reported (`RateLimit`, `RateLimit-*`, `X-RateLimit-*`), when it sent one. */
  readonly rateLimit: RateLimitInfo | undefined;
  /** Whether the retry policy retries this failure (408, 429, 500, 502-504, timeouts, network): the same call may succeed later. */
  readonly retryable: boolean;
  /** Each broken rule, for `INVALID_PARAMS` and `INVALID_RESPONSE`. */
  readonly issues: readonly PdgIssue[];

  constructor(init: PdgErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.provider = init.provider;
    this.endpoint = init.endpoint;
    this.gatewayMessage = init.gatewayMessage;
    this.content = init.content;
    this.retryAfter = init.retryAfter;
    this.requestId = init.requestId;
    this.rateLimit = init.rateLimit;
    this.retryable = isRetried(init.code, init.status);
    this.issues = init.issues ?? [];
    Object.defineProperty(this, marker, { value: true });
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return isPdgError(value);
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      status: this.status,
      provider: this.provider,
      endpoint: this.endpoint,
      gatewayMessage: this.gatewayMessage,
      content: this.content,
      retryAfter: this.retryAfter,
      requestId: this.requestId,
      rateLimit: this.rateLimit,
      retryable: this.retryable,
      issues: this.issues,
    };
  }
}

/** True for a PdgError from this or any other copy of @pdg/core. */
export function isPdgError(value: unknown): value is PdgError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true;
}
