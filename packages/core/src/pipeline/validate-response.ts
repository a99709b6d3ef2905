import * as v from 'valibot';
import type { EndpointDefinition } from '../contract.js';
import { PdgError } from '../errors.js';
import type { CallContext } from './context.js';

const shownIssues = 5;

/** Step 7: the body against the endpoint's response schema. Throws `INVALID_RESPONSE` naming each path. */
export function validateResponse(endpoint: EndpointDefinition, body: unknown, context: CallContext): unknown {
  const result = v.safeParse(endpoint.response, body);
  if (result.success) return result.output;
  const issues = result.issues.map((issue) => ({
    path: issuePath(issue) || '(root)',
    message: `expected ${issue.expected ?? 'a valid value'}, received ${issue.received}`,
  }));
  const listed = issues
    .slice(0, shownIssues)
    .map((issue) => `${issue.path}: ${issue.message}`)
    .join('; ');
  const more = issues.length > shownIssues ? ` (and ${issues.length - shownIssues} more)` : '';
  throw new PdgError({
    code: 'INVALID_RESPONSE',
    provider: context.providerId,
    endpoint: context.endpointName,
    content: body,
    issues,
    message: `${context.providerId} ${context.endpointName}: the response does not match the documented shape: ${listed}${more}. Pass validate: 'off' to receive the body as is.`,
  });
}

/**
 * Where a valibot issue is, as `items[0].trackId` ('' for the value itself): the path form `PdgIssue`s
 * use, for code that checks part of a response with its own schema.
 */
export function issuePath(issue: v.BaseIssue<unknown>): string {
  let out = '';
  for (const item of issue.path ?? []) {
    const key = (item as { key: unknown }).key;
    out += typeof key === 'number' ? `[${key}]` : out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}
