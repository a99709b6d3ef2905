import * as v from 'valibot';
import type { CallTarget } from '../call-target.js';
import type { EndpointDefinition } from '../contract.js';
import { responseShapeError, unreadableResponseError } from '../error-builders.js';
import { type Drift, findDrift } from './drift.js';

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
 * `'strict'` returns it; one that does not is returned as sent (as `'off'` returns it), and `drifted` is
 * told each difference (a type changed, a field missing or added), by field and type, never the value.
 */
export function reportResponse(
  definition: EndpointDefinition,
  body: unknown,
  target: CallTarget,
  drifted: (drift: readonly Drift[]) => void,
): unknown {
  const result = parse(definition, body, target);
  const drift = findDrift(definition.response, body, result.success ? [] : result.issues);
  if (drift.length > 0) drifted(drift);
  return result.success ? result.output : body;
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
