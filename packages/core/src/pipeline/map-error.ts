import { PdgError, type PdgErrorCode } from '../errors.js';
import type { CallContext } from './context.js';

/** The gateway's error envelope: `{ status: 'error', message, content? }`. */
export interface ErrorEnvelope {
  readonly status: 'error';
  readonly message: string;
  readonly content?: unknown;
}

export function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { status?: unknown }).status === 'error' &&
    typeof (body as { message?: unknown }).message === 'string'
  );
}

/** The code for an HTTP status; `undefined` for a 2xx (the envelope decides then). */
export function codeForStatus(status: number): PdgErrorCode | undefined {
  if (status >= 200 && status < 300) return undefined;
  if (status === 401 || status === 403) return 'AUTH';
  if (status === 429) return 'RATE_LIMITED';
  // 408 is a timeout the gateway reports: the same thing to the caller as our own timeout.
  if (status === 408) return 'TIMEOUT';
  if (status === 404) return 'NOT_FOUND';
  if (status === 400 || status === 422) return 'BAD_REQUEST';
  if (status >= 500 && status < 600) return 'UPSTREAM';
  return 'HTTP';
}

/**
 * An error envelope on a 2xx has no status to go by. The spec states three causes (an invalid key, a
 * rate-limit refusal, an upstream failure); the message tells them apart, and upstream is the default.
 */
export function codeForEnvelopeMessage(message: string): PdgErrorCode {
  if (/api[ -]?key|unauthori[sz]ed|forbidden/i.test(message)) return 'AUTH';
  if (/rate[ -]?limit|too many requests|quota/i.test(message)) return 'RATE_LIMITED';
  if (/not found/i.test(message)) return 'NOT_FOUND';
  return 'UPSTREAM';
}

/** `Retry-After` as seconds: either delta-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Step 5: a failed response (non-2xx, or an error envelope on a 2xx) as a PdgError. */
export function mapResponseError(
  context: CallContext,
  response: { readonly status: number; readonly headers: Headers },
  body: unknown,
): PdgError {
  const envelope = isErrorEnvelope(body) ? body : undefined;
  const gatewayMessage =
    envelope?.message ?? (typeof body === 'string' && body !== '' ? body : undefined) ?? messageField(body);
  const code = codeForStatus(response.status) ?? codeForEnvelopeMessage(gatewayMessage ?? '');
  const retryAfter = code === 'RATE_LIMITED' ? parseRetryAfter(response.headers.get('retry-after')) : undefined;
  const detail = gatewayMessage ?? `HTTP ${response.status}`;
  return new PdgError({
    code,
    status: response.status,
    provider: context.providerId,
    endpoint: context.endpointName,
    gatewayMessage,
    content: envelope ? envelope.content : body,
    retryAfter,
    message: `${context.providerId} ${context.endpointName} failed (${code}, HTTP ${response.status}): ${detail}${
      retryAfter === undefined ? '' : ` (retry after ${retryAfter}s)`
    }`,
  });
}

function messageField(body: unknown): string | undefined {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}
