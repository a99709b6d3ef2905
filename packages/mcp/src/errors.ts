/**
 * Failures as tool errors, the one place a failure becomes what a model reads: a `PdgError` (or any error
 * carrying core's marker, such as the sandbox's) gives its code and message to read and correct. The key is
 * kept out by the result step every result passes (result-step.ts), with the client's own redaction.
 */

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isPdgError } from '@pdg/core';

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
 * Its size is bounded and the key redacted where every result's is (result-step.ts).
 */
export function toolError(error: unknown): CallToolResult {
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
      ...boundOf(error),
    };
  } else {
    // Not the client's error (the client turns every failure of a call into a PdgError): a fault of this server.
    fields = { code: 'ERROR', message: error instanceof Error ? error.message : String(error) };
  }
  return {
    isError: true,
    content: [{ type: 'text', text: errorText(fields) }],
    structuredContent: { error: fields },
  };
}

/** The bound a program went past and its limit, where the error is the sandbox's breach of one (`BOUND_EXCEEDED`). */
function boundOf(error: object): { bound?: string; limit?: number } {
  const { bound, limit } = error as { bound?: unknown; limit?: unknown };
  return typeof bound === 'string' && typeof limit === 'number' ? { bound, limit } : {};
}
