import type { EndpointDefinition } from '../contract.js';
import { contentOf, isSuccessEnvelope } from '../envelope.js';
import { PdgError } from '../errors.js';
import type { CallContext } from './context.js';

/** Step 6: the success envelope's `content`, for endpoints that declare an envelope. */
export function unwrapEnvelope(endpoint: EndpointDefinition, body: unknown, context: CallContext): unknown {
  if (!endpoint.envelope || isSuccessEnvelope(body)) return contentOf(endpoint, body);
  throw new PdgError({
    code: 'INVALID_RESPONSE',
    provider: context.providerId,
    endpoint: context.endpointName,
    content: body,
    issues: [{ path: 'status', message: 'expected the envelope status "success"' }],
    message: `${context.providerId} ${context.endpointName}: expected the { status: "success", content } envelope, got ${describe(body)}`,
  });
}

function describe(body: unknown): string {
  if (Array.isArray(body)) return 'an array';
  if (body === null) return 'null';
  if (typeof body !== 'object') return typeof body;
  const keys = Object.keys(body);
  return keys.length === 0 ? 'an empty object' : `an object with keys ${keys.slice(0, 8).join(', ')}`;
}
