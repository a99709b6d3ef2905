import type { CallTarget } from '../contract/call-target.js';
import type { EndpointDefinition } from '../contract/contract.js';
import { isSuccessEnvelope } from '../contract/envelope.js';
import { missingEnvelopeError } from '../errors/error-builders.js';

/** Step 6: the success envelope's `content`, for endpoints that declare an envelope; other bodies as they are. */
export function unwrapEnvelope(definition: EndpointDefinition, body: unknown, target: CallTarget): unknown {
  if (!definition.envelope) return body;
  if (isSuccessEnvelope(body)) return body.content;
  throw missingEnvelopeError(target, body);
}
