import { PdgError, redact } from '../errors.js';
import type { CallContext } from './context.js';

const excerptLength = 200;

/**
 * Step 4: the body as JSON. Empty, non-JSON or malformed bodies throw `PARSE` with the status and an
 * excerpt. `secret` is redacted before the excerpt is cut: cut first, a secret straddling the cut would
 * leave a prefix that no later redaction can recognise.
 */
export function parseBody(text: string, status: number, context: CallContext, secret: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const excerpt = excerptOf(redact(text, secret));
    throw new PdgError({
      code: 'PARSE',
      status,
      provider: context.providerId,
      endpoint: context.endpointName,
      content: excerpt,
      message: `${context.providerId} ${context.endpointName}: the gateway answered HTTP ${status} with a body that is not JSON: ${
        excerpt === '' ? '(empty body)' : JSON.stringify(excerpt)
      }`,
    });
  }
}

/** Excerpt used when an error status carries a body that is not JSON (an HTML error page, say). */
export function excerptOf(text: string): string {
  return text.length > excerptLength ? `${text.slice(0, excerptLength)}…` : text;
}
