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
    path: formatPath(issue),
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

/** `items[0].trackId`, or `(root)` for the body itself. */
function formatPath(issue: v.BaseIssue<unknown>): string {
  if (!issue.path || issue.path.length === 0) return '(root)';
  let out = '';
  for (const item of issue.path) {
    const key = (item as { key: unknown }).key;
    out += typeof key === 'number' ? `[${key}]` : out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}
