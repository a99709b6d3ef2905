import * as v from 'valibot';
import type { CallTarget } from '../contract/call-target.js';
import type { EndpointDefinition } from '../contract/contract.js';
import { responseShapeError, unreadableResponseError } from '../errors/error-builders.js';
import { check, FAIL } from './response-checker.js';

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
  // The checker's verdict is the whole answer: valibot is asked only for the issues of a failure.
  return check(schema, value).output !== FAIL;
}

/** The schema's verdict; a schema whose own code throws (a custom check) fails the response with that error. */
function parse(definition: EndpointDefinition, body: unknown, target: CallTarget): ResponseVerdict {
  try {
    return checkResponse(definition.response, body);
  } catch (thrown) {
    throw unreadableResponseError(target, thrown);
  }
}

/** `checkResponse`'s answer, in the form of valibot's `safeParse`. */
export type ResponseVerdict =
  | { readonly success: true; readonly output: unknown }
  | { readonly success: false; readonly issues: readonly v.BaseIssue<unknown>[] };

/**
 * A body against a response schema, as step 7 checks it: the schema's checker (response-checker.ts) for a
 * body that passes, valibot's issues for one that does not; an array where the schema documents an object
 * fails, which valibot alone would pass. For tests and tools that check a body the way a call does.
 */
export function checkResponse(schema: v.GenericSchema, body: unknown): ResponseVerdict {
  const { output, failedAt } = check(schema, body);
  if (output !== FAIL) return { success: true, output };
  const result = v.safeParse(schema, body);
  if (!result.success) return result;
  // valibot passes what the checker refused only where an array stands for a documented object.
  return { success: false, issues: [arrayIssue(failedAt, body)] };
}

/** An issue in valibot's form for an array where the schema documents an object. */
function arrayIssue(keys: readonly (string | number)[], body: unknown): v.BaseIssue<unknown> {
  const path: { type: string; origin: 'value'; input: unknown; key: string | number; value: unknown }[] = [];
  let at = body;
  for (const key of keys) {
    const value = (at as Record<string | number, unknown>)[key];
    path.push({ type: typeof key === 'number' ? 'array' : 'object', origin: 'value', input: at, key, value });
    at = value;
  }
  return {
    kind: 'schema',
    type: 'loose_object',
    input: at,
    expected: 'Object',
    received: Array.isArray(at) ? 'Array' : typeof at,
    message: `Invalid type: Expected Object but received ${Array.isArray(at) ? 'Array' : typeof at}`,
    ...(path.length === 0 ? {} : { path }),
  } as v.BaseIssue<unknown>;
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
