/**
 * What drifted in a response (`validate: 'report'`). Loaded on first use by a call in that mode, and it
 * imports no code: valibot's check and the schema reader's unwrapping are handed in (`DriftTools`), so a
 * client that never reports carries none of it, and what it shares with the client stays in the client's
 * first chunk. Schemas are read as schema-reader.ts's `SchemaNode`.
 */
import type * as v from 'valibot';
import type { Drift } from '../call/hooks.js';
import type { SchemaNode, wrappedOf } from '../schema/schema-reader.js';

/** Whether a value passes a schema (valibot's `safeParse`). */
export type Passes = (schema: v.GenericSchema, value: unknown) => boolean;

/** What the caller hands in: valibot's check, and schema-reader.ts's `wrappedOf`. */
export interface DriftTools {
  readonly passes: Passes;
  readonly wrappedOf: typeof wrappedOf;
}

/** What the walk carries down: where it is, where differences go, and the tools. */
interface Walk extends DriftTools {
  readonly path: string;
  readonly add: (drift: Drift) => void;
}

/** Schema types whose `entries` name an object's fields (and whose issues name a missing key). */
function isObjectType(type: string): boolean {
  return type.includes('object');
}

/**
 * Every difference between a body and the schema it is documented by, each field once: the schema's own
 * issues (a type changed, a required field missing), and fields the schema does not name (which a loose
 * object lets through without an issue). `issues` are valibot's for this body, when it did not pass.
 */
export function findDrift(
  schema: v.GenericSchema,
  body: unknown,
  issues: readonly v.BaseIssue<unknown>[],
  tools: DriftTools,
): Drift[] {
  const found = new Map<string, Drift>();
  const add = (drift: Drift) => {
    const key = `${drift.path}\0${drift.change}\0${drift.received}`;
    if (!found.has(key)) found.set(key, drift);
  };
  for (const issue of issues) if (!isMissingKey(issue)) add(issueDrift(issue));
  addedFields(schema as unknown as SchemaNode, body, { ...tools, path: '', add });
  return [...found.values()];
}

/** valibot words a missing key by its name; the walk reports it with the field's documented type instead. */
function isMissingKey(issue: v.BaseIssue<unknown>): boolean {
  return issue.input === undefined && isObjectType(issue.type);
}

function issueDrift(issue: v.BaseIssue<unknown>): Drift {
  const path = fieldPath(issue.path ?? []);
  // A strict object's unknown key: valibot expects `never` there.
  if (issue.expected === 'never') return { path, change: 'added', expected: 'absent', received: jsonType(issue.input) };
  const expected = issue.expected ?? issue.type;
  if (issue.input === undefined) return { path, change: 'missing', expected, received: 'absent' };
  return { path, change: 'type', expected, received: jsonType(issue.input) };
}

/** `items[].trackId`: the issue's path with every array position as `[]`. */
function fieldPath(items: readonly { readonly key?: unknown }[]): string {
  let out = '';
  for (const item of items) {
    const key = item.key;
    out += typeof key === 'number' ? '[]' : out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

function joined(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/** Reports each field of `value` that `node` does not document and each required one it lacks, walking the fields it has. */
function addedFields(node: SchemaNode, value: unknown, walk: Walk): void {
  if (value === null || value === undefined) return;
  const at = (path: string): Walk => ({ ...walk, path });
  const { path, add, passes } = walk;
  const wrapped = walk.wrappedOf(node);
  if (wrapped) {
    addedFields(wrapped, value, walk);
    return;
  }
  switch (node.type) {
    case 'object':
    case 'loose_object':
    case 'strict_object':
    case 'object_with_rest': {
      if (typeof value !== 'object' || Array.isArray(value)) return;
      const entries = node.entries ?? {};
      for (const [key, field] of Object.entries(entries)) {
        if (!Object.hasOwn(value, key) && !passes(field as unknown as v.GenericSchema, undefined)) {
          add({ path: joined(path, key), change: 'missing', expected: String(field.expects), received: 'absent' });
        }
      }
      for (const [key, field] of Object.entries(value)) {
        const documented = Object.hasOwn(entries, key) ? entries[key] : undefined;
        if (documented) addedFields(documented, field, at(joined(path, key)));
        // A strict object's unknown key is an issue already; a rest schema documents every other key.
        else if (node.type === 'loose_object' || node.type === 'object') {
          add({ path: joined(path, key), change: 'added', expected: 'absent', received: jsonType(field) });
        }
      }
      return;
    }
    case 'array':
      if (Array.isArray(value) && node.item)
        for (const element of value) addedFields(node.item, element, at(`${path}[]`));
      return;
    case 'tuple':
    case 'loose_tuple':
    case 'strict_tuple':
      if (!Array.isArray(value)) return;
      for (const [index, item] of (node.items ?? []).entries()) addedFields(item, value[index], at(`${path}[]`));
      return;
    case 'record':
      if (typeof value === 'object' && node.value) {
        for (const [key, field] of Object.entries(value)) addedFields(node.value, field, at(joined(path, key)));
      }
      return;
    case 'union': {
      // The option the value is: its fields are the documented ones.
      const option = node.options?.find((candidate) => passes(candidate as v.GenericSchema, value));
      if (option) addedFields(option as SchemaNode, value, walk);
      return;
    }
    default:
      return;
  }
}

/** The JSON type of a value, never the value. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
