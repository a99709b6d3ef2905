/** Failures as tool errors: the `PdgError` code and message, for the model to read and correct; never the API key. */

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isPdgError, redact } from '@pdg/core';

/**
 * The value with every occurrence of the secret replaced by `[redacted]`, in any string or key, by core's own
 * `redact`. `@pdg/core` already keeps the key out of its errors; this covers a gateway that echoes it in a
 * body, which the model would otherwise read (and could repeat).
 */
export function withoutSecret<T>(value: T, secret: string | undefined): T {
  return secret === undefined ? value : redact(value, secret);
}

/**
 * `INVALID_PARAMS: Invalid params for jobs:jobboard browse: sort must be one of ... Nothing was sent.` as the
 * text, and the error's fields as structured content (`error.code`, `error.issues` naming each bad param).
 */
export function toolError(error: unknown, secret: string | undefined): CallToolResult {
  let text: string;
  let structured: Record<string, unknown>;
  if (isPdgError(error)) {
    const lines = [`${error.code}${error.status === undefined ? '' : ` (HTTP ${error.status})`}: ${error.message}`];
    if (error.retryable) {
      lines.push(
        error.retryAfter === undefined
          ? 'The same call may succeed later.'
          : `The same call may succeed after ${error.retryAfter} s.`,
      );
    }
    text = lines.join('\n');
    structured = {
      error: {
        code: error.code,
        message: error.message,
        ...(error.status === undefined ? {} : { status: error.status }),
        ...(error.gatewayMessage === undefined ? {} : { gatewayMessage: error.gatewayMessage }),
        issues: error.issues,
        retryable: error.retryable,
        ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
      },
    };
  } else {
    // Not the client's error (the client turns every failure of a call into a PdgError): a fault of this server.
    const message = error instanceof Error ? error.message : String(error);
    text = `ERROR: ${message}`;
    structured = { error: { code: 'ERROR', message } };
  }
  return {
    isError: true,
    content: [{ type: 'text', text: withoutSecret(text, secret) }],
    structuredContent: withoutSecret(structured, secret),
  };
}
