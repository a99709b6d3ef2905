import type { CallTarget } from '../contract/call-target.js';
import { isErrorEnvelope } from '../contract/envelope.js';
import { answerInfo } from '../errors/answer-headers.js';
import { gatewayError } from '../errors/error-builders.js';
import type { PdgError, PdgErrorCode } from '../errors/errors.js';
import { parseRetryAfter } from '../errors/retry-policy.js';

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

/**
 * Step 5: a failed response (non-2xx, or an error envelope on a 2xx) as a PdgError: its code from the
 * status (or the envelope's message), the gateway's message and content, `retryAfter` for a 429, and the
 * answer's request id and rate limit.
 */
export function mapResponseError(
  target: CallTarget,
  response: { readonly status: number; readonly headers: Headers },
  body: unknown,
): PdgError {
  // ky hands error bodies over as text when the content type is not JSON; many still are.
  const data = asJson(body);
  const envelope = isErrorEnvelope(data) ? data : undefined;
  const gatewayMessage =
    envelope?.message ?? (typeof data === 'string' && data !== '' ? data : undefined) ?? messageField(data);
  const code = codeForStatus(response.status) ?? codeForEnvelopeMessage(gatewayMessage ?? '');
  return gatewayError(target, {
    code,
    status: response.status,
    gatewayMessage,
    content: envelope ? envelope.content : data,
    retryAfter: code === 'RATE_LIMITED' ? parseRetryAfter(response.headers.get('retry-after')) : undefined,
    ...answerInfo(response.headers),
  });
}

function asJson(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

function messageField(body: unknown): string | undefined {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}
