import * as v from 'valibot';
import type { EndpointDefinition } from '../contract.js';
import { describeParams } from '../describe.js';
import { PdgError, type PdgIssue } from '../errors.js';

/** Step 1: params against the endpoint's schema. Throws `INVALID_PARAMS` naming each param and rule. */
export function validateParams(
  providerId: string,
  endpointName: string,
  endpoint: EndpointDefinition,
  params: unknown,
): Record<string, unknown> {
  const input = params ?? {};
  const result = v.safeParse(endpoint.params, input);
  if (result.success) return result.output as Record<string, unknown>;
  const issues = result.issues.map((issue) => toParamIssue(issue, endpoint));
  throw new PdgError({
    code: 'INVALID_PARAMS',
    provider: providerId,
    endpoint: endpointName,
    issues,
    message: `Invalid params for ${providerId} ${endpointName}: ${issues
      .map((issue) => `${issue.path} ${issue.message}`)
      .join('; ')}. Nothing was sent.`,
  });
}

type Issue = v.BaseIssue<unknown>;

function toParamIssue(issue: Issue, endpoint: EndpointDefinition): PdgIssue {
  const path = v.getDotPath(issue) ?? 'params';
  return { path, message: ruleOf(issue, path, endpoint) };
}

function ruleOf(issue: Issue, path: string, endpoint: EndpointDefinition): string {
  if (issue.type === 'strict_object' && issue.expected === 'never') {
    const accepted = describeParams(endpoint).map((param) => param.name);
    return `is not a param of this endpoint (accepted: ${accepted.join(', ') || 'none'})`;
  }
  if (issue.kind === 'schema' && issue.received === 'undefined' && path !== 'params') return 'is required';
  if (path === 'params' && issue.kind === 'schema') return `must be an object (received ${issue.received})`;
  // Our schema builders word their own rules ("must be at most 50"); valibot's type checks say "Invalid type: ...".
  const rule = issue.message.startsWith('Invalid ') ? `must be ${issue.expected ?? 'valid'}` : issue.message;
  const received = receivedOf(issue);
  return received === undefined ? rule : `${rule} (received ${received})`;
}

/** The value the caller gave, for the message; nothing for a rule on the whole params object. */
function receivedOf(issue: Issue): string | undefined {
  if (issue.kind === 'schema') return issue.received;
  const input = issue.input;
  if (typeof input === 'object' && input !== null) return undefined;
  return typeof input === 'string' ? JSON.stringify(input) : String(input);
}
