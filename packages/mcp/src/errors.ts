/** Failures as tool errors: the `PdgError` code and message, for the model to read and correct; never the API key. */

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isPdgError, redact } from '@pdg/core';

/**
 * The value with every occurrence of the secret replaced by `[redacted]`, in any string or key, by core's own
 * `redact`: as it is, URL-encoded, and base64 (or base64url) encoded at any alignment. `@pdg/core` already
 * keeps the key out of its errors; this covers a gateway that echoes it in a body, encoded or not, which the
 * model would otherwise read (and could repeat or decode).
 */
export function withoutSecret<T>(value: T, secret: string | undefined): T {
  if (secret === undefined) return value;
  return secretForms(secret).reduce((out, form) => redact(out, form), value);
}

/** The secret, and each form a gateway may echo it in. */
function secretForms(secret: string): string[] {
  return [...new Set([secret, encodeURIComponent(secret), ...base64Forms(secret)])];
}

/**
 * The part of the secret's base64 text that is the same wherever the secret sits in a longer encoded text:
 * one for each of the three alignments, in base64 and base64url. The few characters at either end that
 * also encode the bytes around it are left out; they hold at most two bytes of the secret each.
 */
function base64Forms(secret: string): string[] {
  // The key is printable ASCII (core refuses any other), so `btoa` encodes it byte for byte.
  return [0, 1, 2].flatMap((offset) => {
    const encoded = btoa(`${'\0'.repeat(offset)}${secret}`);
    const start = offset === 0 ? 0 : 4;
    const end = (offset + secret.length) % 3 === 0 ? encoded.length : encoded.length - 4;
    const stable = encoded.slice(start, end);
    return stable.length < 8 ? [] : [stable, stable.replaceAll('+', '-').replaceAll('/', '_')];
  });
}

/** A tool error's structured fields (`structuredContent.error`): the code and message, and what else is known. */
export interface ToolErrorFields {
  readonly code: string;
  readonly message: string;
  readonly status?: number;
  readonly gatewayMessage?: string;
  readonly issues?: readonly unknown[];
  readonly retryable?: boolean;
  readonly retryAfter?: number;
  readonly [detail: string]: unknown;
}

/** `INVALID_PARAMS: ...`, `RATE_LIMITED (HTTP 429): ...` and whether the same call may succeed later. */
export function errorText(error: ToolErrorFields): string {
  const lines = [`${error.code}${error.status === undefined ? '' : ` (HTTP ${error.status})`}: ${error.message}`];
  if (error.retryable) {
    lines.push(
      error.retryAfter === undefined
        ? 'The same call may succeed later.'
        : `The same call may succeed after ${error.retryAfter} s.`,
    );
  }
  return lines.join('\n');
}

/**
 * `INVALID_PARAMS: Invalid params for jobs:jobboard browse: sort must be one of ... Nothing was sent.` as the
 * text, and the error's fields as structured content (`error.code`, `error.issues` naming each bad param).
 * Its size is bounded where every result's is (result-step.ts).
 */
export function toolError(error: unknown, secret: string | undefined): CallToolResult {
  let fields: ToolErrorFields;
  if (isPdgError(error)) {
    fields = {
      code: error.code,
      message: error.message,
      ...(error.status === undefined ? {} : { status: error.status }),
      ...(error.gatewayMessage === undefined ? {} : { gatewayMessage: error.gatewayMessage }),
      issues: error.issues,
      retryable: error.retryable,
      ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
    };
  } else {
    // Not the client's error (the client turns every failure of a call into a PdgError): a fault of this server.
    fields = { code: 'ERROR', message: error instanceof Error ? error.message : String(error) };
  }
  return {
    isError: true,
    content: [{ type: 'text', text: withoutSecret(errorText(fields), secret) }],
    structuredContent: withoutSecret({ error: fields }, secret),
  };
}
