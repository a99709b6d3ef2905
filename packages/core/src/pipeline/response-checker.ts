import * as v from 'valibot';
import { isOptional, pipeActions, pipeBase, type SchemaNode, schemaNode, wrappedOf } from '../schema/schema-reader.js';

/**
 * Step 7's fast way: a response schema read once, through schema-reader.ts (the properties valibot
 * documents on its schema objects), into one function per node that checks a value and builds its output. A body that passes
 * comes out as valibot's `parse` would give it (every object and array a new one, each transformation
 * applied), without valibot's per-value bookkeeping; a body that fails is handed to valibot, whose issues
 * say what is wrong. A node of a kind not read here is checked by valibot itself.
 *
 * One rule is stricter than valibot's: an array is not an object. valibot's object and record schemas take
 * an array (its indexes as keys), so an array where a record is documented would pass as `{"0": …}`;
 * here it fails, and `failedAt` names where.
 */
export type Checker = (value: unknown) => unknown;

/** What a checker returns for a value that does not pass. */
export const FAIL: unique symbol = Symbol('fails');

const checkers = new WeakMap<object, Checker>();

/** The keys from the value to where its check last failed, innermost first: filled on the way out only. */
const trail: (string | number)[] = [];

/** The schema's checker, built on first use and kept with the schema. */
function checkerFor(schema: v.GenericSchema): Checker {
  let checker = checkers.get(schema);
  if (checker === undefined) {
    checker = compile(schemaNode(schema));
    checkers.set(schema, checker);
  }
  return checker;
}

/** The value through the schema's checker, and where it failed (`['items', 2]`) when it did. */
export function check(schema: v.GenericSchema, value: unknown): { output: unknown; failedAt: (string | number)[] } {
  trail.length = 0;
  const output = checkerFor(schema)(value);
  return { output, failedAt: output === FAIL ? trail.slice().reverse() : [] };
}

/** Keys valibot leaves out of an object's output (they would change a prototype when merged). */
const unsafeKeys = ['__proto__', 'prototype', 'constructor'];
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function compile(node: SchemaNode): Checker {
  // A pipe's first schema, then its actions in order: those of a pipe inside it (a described record) first.
  const base = compileType(pipeBase(node));
  if (base === undefined) return byValibot(node);
  const compiled: Checker[] = [];
  for (const step of pipeActions(node)) {
    const checker = compileStep(step);
    if (checker === undefined) return byValibot(node);
    if (checker !== skip) compiled.push(checker);
  }
  if (compiled.length === 0) return base;
  return (value) => {
    let out = base(value);
    for (let index = 0; index < compiled.length && out !== FAIL; index++) out = (compiled[index] as Checker)(out);
    return out;
  };
}

/** A failure below an object's key or an array's index: the key joins the trail. */
function failed(key: string | number): typeof FAIL {
  trail.push(key);
  return FAIL;
}

/** A pipe step that changes nothing (a description, metadata). */
const skip: Checker = (value) => value;

function compileStep(step: SchemaNode): Checker | undefined {
  if (step.kind === 'schema') return compile(step);
  if (step.kind === 'metadata') return skip;
  if (step.kind === 'transformation' && step.type === 'transform' && typeof step.operation === 'function') {
    return step.operation;
  }
  if (step.kind === 'validation' && step.type === 'integer') {
    return (value) => (Number.isInteger(value) ? value : FAIL);
  }
  if (step.kind === 'validation' && step.type === 'regex' && step.requirement instanceof RegExp) {
    const pattern = step.requirement;
    return (value) => (pattern.test(value as string) ? value : FAIL);
  }
  return undefined;
}

function compileType(node: SchemaNode): Checker | undefined {
  switch (node.type) {
    case 'string':
      return (value) => (typeof value === 'string' ? value : FAIL);
    case 'number':
      return (value) => (typeof value === 'number' && !Number.isNaN(value) ? value : FAIL);
    case 'boolean':
      return (value) => (typeof value === 'boolean' ? value : FAIL);
    case 'unknown':
    case 'any':
      return (value) => value;
    case 'never':
      return () => FAIL;
    case 'null':
      return (value) => (value === null ? value : FAIL);
    case 'literal':
      return (value) => (value === node.literal ? value : FAIL);
    case 'picklist': {
      const options = node.options ?? [];
      return (value) => (options.includes(value) ? value : FAIL);
    }
    case 'nullish':
    case 'optional':
    case 'nullable':
      return node.default === undefined ? wrapper(node) : undefined;
    case 'array': {
      const item = compile(node.item as SchemaNode);
      return (value) => {
        if (!Array.isArray(value)) return FAIL;
        const out = new Array(value.length);
        for (let index = 0; index < value.length; index++) {
          const checked = item(value[index]);
          if (checked === FAIL) return failed(index);
          out[index] = checked;
        }
        return out;
      };
    }
    case 'union': {
      const options = (node.options as SchemaNode[]).map(compile);
      return (value) => {
        const mark = trail.length;
        for (const option of options) {
          trail.length = mark;
          const checked = option(value);
          if (checked !== FAIL) {
            trail.length = mark;
            return checked;
          }
        }
        return FAIL;
      };
    }
    case 'loose_object':
      return looseObject(node);
    case 'record':
      return record(node);
    default:
      return undefined;
  }
}

/** `nullish`, `optional`, `nullable` without a default: the absence they allow passes as it is. */
function wrapper(node: SchemaNode): Checker {
  const wrapped = compile(wrappedOf(node) as SchemaNode);
  const passes =
    node.type === 'nullish'
      ? (value: unknown) => value === null || value === undefined
      : node.type === 'optional'
        ? (value: unknown) => value === undefined
        : (value: unknown) => value === null;
  return (value) => (passes(value) ? value : wrapped(value));
}

/** valibot's loose object: the entries checked, every other own key copied (not the unsafe three). */
function looseObject(node: SchemaNode): Checker | undefined {
  const entries = Object.entries(node.entries ?? {});
  if (entries.some(([, entry]) => entry.default !== undefined || entry.fallback !== undefined)) return undefined;
  const keys = entries.map(([key]) => key);
  const checks = entries.map(([, entry]) => compile(entry));
  const optional = entries.map(([, entry]) => isOptional(entry));
  return (value) => {
    if (!isObject(value)) return FAIL;
    const out: Record<string, unknown> = { ...value };
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index] as string;
      const given = value[key];
      if (given === undefined && !(key in value)) {
        if (optional[index]) continue;
        return FAIL;
      }
      const checked = (checks[index] as Checker)(given);
      if (checked === FAIL) return failed(key);
      // valibot reads an entry through `in`, so one the prototype has is read too, and written as own.
      if (checked !== given || !Object.hasOwn(value, key)) out[key] = checked;
    }
    for (const key of unsafeKeys) if (Object.hasOwn(out, key) && !keys.includes(key)) delete out[key];
    return out;
  };
}

/** valibot's record: every own key and its value checked (not the unsafe three). */
function record(node: SchemaNode): Checker {
  const key = compile(node.key as SchemaNode);
  const value = compile(node.value as SchemaNode);
  return (input) => {
    if (!isObject(input)) return FAIL;
    const out: Record<string, unknown> = {};
    for (const name in input) {
      if (!Object.hasOwn(input, name) || unsafeKeys.includes(name)) continue;
      const checkedKey = key(name);
      const checkedValue = value(input[name]);
      if (checkedKey === FAIL || checkedValue === FAIL) return failed(name);
      out[checkedKey as string] = checkedValue;
    }
    return out;
  };
}

/** A node this file does not read: valibot checks it. */
function byValibot(node: SchemaNode): Checker {
  const schema = node as unknown as v.GenericSchema;
  return (value) => {
    const result = v.safeParse(schema, value);
    return result.success ? result.output : FAIL;
  };
}
