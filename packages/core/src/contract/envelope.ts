/**
 * The gateway's envelopes, in one place: the client unwraps them, the mock gateway and the testkit build
 * error answers and read fixtures' content through them, so all agree on their shape.
 */
import type { EndpointDefinition } from './contract.js';

/** `{ status: 'success', message, content }`: the body of endpoints that declare `envelope: true`. */
export interface SuccessEnvelope<T = unknown> {
  readonly status: 'success';
  readonly message: string;
  readonly content: T;
}

/** The gateway's error envelope: `{ status: 'error', message, content? }`. */
export interface ErrorEnvelope {
  readonly status: 'error';
  readonly message: string;
  readonly content?: unknown;
}

/** The error envelope the gateway answers failures with; `content` only when there is one. */
export function errorEnvelope(message: string, content?: unknown): ErrorEnvelope {
  return content === undefined ? { status: 'error', message } : { status: 'error', message, content };
}

export function isSuccessEnvelope(body: unknown): body is SuccessEnvelope {
  return typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'success';
}

export function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { status?: unknown }).status === 'error' &&
    typeof (body as { message?: unknown }).message === 'string'
  );
}

/**
 * What a call to the endpoint returns for this body: the envelope's `content` where the endpoint declares
 * an envelope (`undefined` when the body is not a success envelope), else the body itself.
 */
export function contentOf(endpoint: Pick<EndpointDefinition, 'envelope'>, body: unknown): unknown {
  if (!endpoint.envelope) return body;
  return isSuccessEnvelope(body) ? body.content : undefined;
}
