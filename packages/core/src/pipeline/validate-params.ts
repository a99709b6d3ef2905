import * as v from 'valibot';
import type { TargetedCall } from '../contract/call-target.js';
import type { EndpointDefinition } from '../contract/contract.js';
import { describeThrown, invalidParamsError, quotedLength, shortText } from '../errors/error-builders.js';
import type { PdgIssue } from '../errors/errors.js';
import { entriesOf, schemaNode } from '../schema/schema-reader.js';
import { issuePath } from './validate-response.js';

/**
 * Step 1: the params against the endpoint's schema, and each value checked to have one faithful text form.
 * Returns the params as the schema gives them; throws `INVALID_PARAMS` naming each param and rule.
 */
export function validateParams(call: TargetedCall): Record<string, unknown> {
  const input = call.params ?? {};
  // valibot's object schemas take any object; an array, Map or Date would pass with no params in it.
  if (!isPlainObject(input)) {
    const received = Array.isArray(input) ? 'an array' : describeValue(input);
    throw invalidParamsError(call, [
      { path: 'params', message: `must be a plain object of param values (received ${received})` },
    ]);
  }
  const result = parse(call, input);
  if (!result.success) {
    throw invalidParamsError(
      call,
      // One rule per param: an empty value breaks "not empty" and the pattern, and the first says it all.
      result.issues
        .map((issue) => toParamIssue(issue, call.definition))
        .filter((issue, index, all) => all.findIndex((other) => other.path === issue.path) === index),
    );
  }
  const output = result.output as Record<string, unknown>;
  // Loose endpoints accept any value; only those with one faithful text form may be sent.
  const unsendable = Object.entries(output).flatMap(([name, value]) => {
    const problem = unsendableReason(value);
    return problem === undefined ? [] : [{ path: name, message: problem }];
  });
  if (unsendable.length > 0) throw invalidParamsError(call, unsendable);
  return output;
}

/** The schema's verdict; a schema whose own code throws (a custom check) refuses the params with that error. */
function parse(call: TargetedCall, input: Record<string, unknown>) {
  try {
    return v.safeParse(call.definition.params, input);
  } catch (thrown) {
    throw invalidParamsError(
      call,
      // The check's own words may hold the value it was given: quoted short, as any received value.
      [{ path: 'params', message: `could not be turned into a request (${shortText(describeThrown(thrown))})` }],
      thrown,
    );
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** With the `u` flag, a paired surrogate is one code point; only a lone one is in category Cs. */
const loneSurrogate = /\p{Cs}/u;

/**
 * Why a value cannot be sent as a query or path value, or undefined when it can: text (well-formed
 * Unicode), finite numbers, booleans, bigints, valid Dates, and lists of those. Anything else would be
 * sent as "[object Object]", a function's source or "NaN", or make URL encoding throw.
 */
function unsendableReason(value: unknown, inList = false): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') {
    return loneSurrogate.test(value) ? 'must be well-formed text (it holds a lone UTF-16 surrogate)' : undefined;
  }
  if (typeof value === 'number')
    return Number.isFinite(value) ? undefined : `must be a finite number (received ${value})`;
  if (typeof value === 'boolean' || typeof value === 'bigint') return undefined;
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? 'must be a valid Date (received an invalid Date)' : undefined;
  }
  if (Array.isArray(value) && !inList) {
    for (const item of value) {
      const problem = unsendableReason(item, true);
      if (problem !== undefined) return `has an item that cannot be sent: each ${problem}`;
    }
    return undefined;
  }
  return `must be text, a number, a boolean, a Date or a list of those (received ${describeValue(value)})`;
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a nested list';
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return 'a symbol';
  if (value instanceof Date) return 'a Date';
  if (typeof value === 'object' && value !== null) {
    const name = Object.getPrototypeOf(value)?.constructor?.name;
    return typeof name === 'string' && name !== 'Object' ? `a ${name}` : 'an object';
  }
  return typeof value;
}

type Issue = v.BaseIssue<unknown>;

function toParamIssue(issue: Issue, definition: EndpointDefinition): PdgIssue {
  // Written as a response's issue paths are (`tags[1]` for a list's second item).
  const path = issuePath(issue) || 'params';
  return { path, message: ruleOf(issue, path, definition) };
}

function ruleOf(issue: Issue, path: string, definition: EndpointDefinition): string {
  if (issue.type === 'strict_object' && issue.expected === 'never') {
    const accepted = Object.keys(entriesOf(schemaNode(definition.params)));
    return `is not a param of this endpoint (accepted: ${accepted.join(', ') || 'none'})`;
  }
  if (issue.kind === 'schema' && issue.received === 'undefined' && path !== 'params') return 'is required';
  if (path === 'params' && issue.kind === 'schema') return `must be an object (received ${issue.received})`;
  // Our schema builders word their own rules ("must be at most 50"); valibot's type checks say "Invalid type: ...".
  const rule = issue.message.startsWith('Invalid ') ? `must be ${issue.expected ?? 'valid'}` : issue.message;
  const received = receivedOf(issue);
  return received === undefined ? rule : `${rule} (received ${received})`;
}

/**
 * The value the caller gave, for the message, quoted short (`shortText`); nothing for a rule on the whole params
 * object. A type check says what it received as valibot words it, unless that is a long text.
 */
function receivedOf(issue: Issue): string | undefined {
  const input = issue.input;
  const long = (typeof input === 'string' || typeof input === 'bigint') && String(input).length > quotedLength;
  if (issue.kind === 'schema' && !long) return issue.received;
  if (typeof input === 'object' && input !== null) return undefined;
  return shortText(String(input), typeof input === 'string');
}
