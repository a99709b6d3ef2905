import * as v from 'valibot';
import type { CallTarget } from '../call-target.js';
import type { EndpointDefinition } from '../contract.js';
import { responseShapeError, unreadableResponseError } from '../error-builders.js';

/** Step 7: the body against the endpoint's response schema. Throws `INVALID_RESPONSE` naming each path. */
export function validateResponse(definition: EndpointDefinition, body: unknown, target: CallTarget): unknown {
  const result = parse(definition, body, target);
  if (result.success) return result.output;
  const issues = result.issues.map((issue) => ({
    path: issuePath(issue) || '(root)',
    message: `expected ${issue.expected ?? 'a valid value'}, received ${issue.received}`,
  }));
  throw responseShapeError(target, issues, body);
}

/**
 * Step 7 as `validate: 'report'` asks: the body is never refused. A body that matches is returned as
 * `'strict'` returns it; one that does not is returned as sent (as `'off'` returns it). `report` is handed
 * the schema's issues (none when it matched) to find what drifted (drift.ts, loaded only for this mode).
 */
export function reportResponse(
  definition: EndpointDefinition,
  body: unknown,
  target: CallTarget,
  report: (issues: readonly v.BaseIssue<unknown>[]) => void,
): unknown {
  const result = parse(definition, body, target);
  report(result.success ? [] : result.issues);
  return result.success ? result.output : body;
}

/** Whether a value passes a schema: for drift.ts, which takes valibot's code from here rather than loading it twice. */
export function passes(schema: v.GenericSchema, value: unknown): boolean {
  return v.safeParse(schema, value).success;
}

/** The schema's verdict; a schema whose own code throws (a custom check) fails the response with that error. */
function parse(definition: EndpointDefinition, body: unknown, target: CallTarget) {
  try {
    return v.safeParse(definition.response, body);
  } catch (thrown) {
    throw unreadableResponseError(target, thrown);
  }
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
