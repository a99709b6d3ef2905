import { isRetried } from './pipeline/retry.js';

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
      retryable: this.retryable,
      issues: this.issues,
    };
  }
}

/** True for a PdgError from this or any other copy of @pdg/core. */
export function isPdgError(value: unknown): value is PdgError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true;
}

/** Shorter secrets are not searched for: they would match inside ordinary words. */
const minimumRedactedLength = 4;

/** Replaces every occurrence of `secret` in strings anywhere inside `value`. */
export function redact<T>(value: T, secret: string): T {
  if (secret.length < minimumRedactedLength) return value;
  if (typeof value === 'string') return value.replaceAll(secret, '[redacted]') as T;
  if (Array.isArray(value)) return value.map((item) => redact(item, secret)) as T;
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[redact(key, secret)] = redact(item, secret);
    return out as T;
  }
  return value;
}

/** True when `secret` occurs in a string anywhere inside `value` (keys included). */
function contains(value: unknown, secret: string, seen = new Set<unknown>()): boolean {
  if (typeof value === 'string') return value.includes(secret);
  if (typeof value !== 'object' || value === null || seen.has(value)) return false;
  seen.add(value);
  // An error's message, stack and cause are not enumerable; its other fields (a PdgError's content) are.
  const hidden = value instanceof Error ? [value.message, value.stack, (value as { cause?: unknown }).cause] : [];
  return (
    hidden.some((part) => contains(part, secret, seen)) ||
    Object.entries(value).some(([key, item]) => key.includes(secret) || contains(item, secret, seen))
  );
}

/**
 * The one redaction every error goes through before it leaves the pipeline (thrown, or handed to a
 * hook): the same error when the secret occurs nowhere in it, else a copy with every occurrence
 * replaced, in its message, stack, fields and whole `cause` chain.
 */
export function redactError<T>(error: T, secret: string): T {
  if (secret.length < minimumRedactedLength || !contains(error, secret)) return error;
  if (isPdgError(error)) {
    const copy = new PdgError({
      code: error.code,
      status: error.status,
      provider: error.provider,
      endpoint: error.endpoint,
      retryAfter: error.retryAfter,
      message: redact(error.message, secret),
      gatewayMessage: redact(error.gatewayMessage, secret),
      content: redact(error.content, secret),
      issues: redact(error.issues, secret),
      cause: redactError(error.cause, secret),
    });
    return copy as T;
  }
  if (error instanceof Error) {
    const copy = new Error(redact(error.message, secret), {
      cause: redactError((error as { cause?: unknown }).cause, secret),
    });
    copy.name = error.name;
    copy.stack = redact(error.stack, secret);
    const code = (error as { code?: unknown }).code;
    if (code !== undefined) Object.assign(copy, { code: redact(code, secret) });
    return copy as T;
  }
  return redact(error, secret);
}

/** A `USAGE` error: the client or the call was set up wrongly; nothing was sent. */
export function usageError(message: string, where: { provider?: string; endpoint?: string } = {}): PdgError {
  return new PdgError({ code: 'USAGE', message, provider: where.provider, endpoint: where.endpoint });
}

/** A `TIMEOUT` error: the call's own timeout ran out. */
export function timeoutError(provider: string, endpoint: string, timeout: number): PdgError {
  return new PdgError({
    code: 'TIMEOUT',
    provider,
    endpoint,
    message: `${provider} ${endpoint}: no complete answer within the ${timeout} ms timeout (retries included). Pass a larger timeout to wait longer.`,
  });
}
