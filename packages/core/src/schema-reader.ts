/**
 * The one place pdg reads valibot schemas back. Descriptions and pdg's documentation (defaults, hints, list
 * and open-enum values, the rules between params) are valibot `description` and `metadata` actions in a
 * schema's pipe, read here with valibot's own `getDescription` and `getMetadata`; a wrapper (`optional`,
 * `nullish`, …) is opened with valibot's `unwrap`. Everything else is read through the properties valibot
 * documents on its schema and action objects ("Valibot internals": `kind`, `type`, `expects`, `pipe`,
 * `entries`, `item`, `items`, `options`, `wrapped`, `key`, `value`, `literal`, `default`, `fallback`, and
 * an action's `requirement`, `message`, `operation`, `description`, `metadata`). describe, paging, the response checker, drift and the
 * testkit's conformance checks read schemas through this module only.
 */
import * as v from 'valibot';

/** A valibot schema or action, as the properties valibot documents on them. Which are present depends on the `type`. */
export interface SchemaNode {
  /** `schema`, `validation`, `transformation` or `metadata`. */
  readonly kind: string;
  /** The snake_case name: `string`, `loose_object`, `min_value`, `description`. */
  readonly type: string;
  /** What the schema expects, as valibot words it in issues (`string`, `"a" | "b"`). */
  readonly expects?: string | null;
  /** A piped schema's items: its first schema, then its actions (and schemas) in order. */
  readonly pipe?: readonly SchemaNode[];
  /** An object schema's entries. */
  readonly entries?: Readonly<Record<string, SchemaNode>>;
  /** An array schema's item. */
  readonly item?: SchemaNode;
  /** A tuple schema's items. */
  readonly items?: readonly SchemaNode[];
  /** A picklist's values, or a union's schemas. */
  readonly options?: readonly unknown[];
  /** The schema a wrapper (`optional`, `nullish`, `nullable`, …) wraps. */
  readonly wrapped?: SchemaNode;
  /** A record schema's key and value schemas. */
  readonly key?: SchemaNode;
  readonly value?: SchemaNode;
  /** A literal schema's value. */
  readonly literal?: unknown;
  /** A wrapper's default value, a `fallback`'s value. */
  readonly default?: unknown;
  readonly fallback?: unknown;
  /** A validation's requirement: the bound of `min_value`, the pattern of `regex`. */
  readonly requirement?: unknown;
  /** A validation's custom message, when it was given a string. */
  readonly message?: unknown;
  /** A transformation's function. */
  readonly operation?: (value: unknown) => unknown;
  /** The text of a `description` action. */
  readonly description?: string;
  /** The record of a `metadata` action (a schema's merged metadata is `metadataOf`). */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** Any valibot schema, read as a node. */
export function schemaNode(schema: unknown): SchemaNode {
  return schema as SchemaNode;
}

/** Whether a value is a valibot schema (not an action, not a plain value). */
export function isSchema(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema';
}

/** The schema's description (valibot's `getDescription`: the last at the highest level of its pipe), or `undefined`. */
export function descriptionOf(schema: unknown): string | undefined {
  return isSchema(schema) ? v.getDescription(schema as unknown as v.GenericSchema) : undefined;
}

/** The schema's metadata (valibot's `getMetadata`: every `metadata` action of its pipe, merged), `{}` for none. */
export function metadataOf(schema: unknown): Readonly<Record<string, unknown>> {
  return isSchema(schema) ? (v.getMetadata(schema as unknown as v.GenericSchema) as Record<string, unknown>) : {};
}

/** Schema types that wrap another schema and otherwise leave the value's shape to it. */
export const wrapperTypes: ReadonlySet<string> = new Set([
  'optional',
  'nullish',
  'nullable',
  'exact_optional',
  'undefinedable',
  'non_optional',
  'non_nullable',
  'non_nullish',
]);

/** Wrapper types that let a value be absent or null (`optional`, `nullish`, `nullable`, …). */
const absenceTypes: ReadonlySet<string> = new Set([
  'optional',
  'nullish',
  'nullable',
  'exact_optional',
  'undefinedable',
]);

/** Wrapper types under which an object's key may be left out, as valibot's object schemas decide it. */
const optionalTypes: ReadonlySet<string> = new Set(['optional', 'nullish', 'exact_optional']);

/** Whether an object's key with this schema may be left out (`optional`, `nullish`, `exact_optional`). */
export function isOptional(node: SchemaNode): boolean {
  return optionalTypes.has(node.type);
}

/** Whether the schema wraps another in a way that lets the value be absent or null. */
function allowsAbsence(node: SchemaNode): boolean {
  return absenceTypes.has(node.type) && node.wrapped !== undefined;
}

/** The schema inside `optional`, `nullish`, `nullable`, `exact_optional` and `undefinedable`, to any depth. */
export function unwrapped(node: SchemaNode): SchemaNode {
  let inner = node;
  while (allowsAbsence(inner))
    inner = schemaNode(v.unwrap(inner as unknown as v.OptionalSchema<v.GenericSchema, unknown>));
  return inner;
}

/** The schema a wrapper wraps (valibot's `unwrap`), when the node is a wrapper of any kind. */
export function wrappedOf(node: SchemaNode): SchemaNode | undefined {
  return wrapperTypes.has(node.type) && node.wrapped !== undefined
    ? schemaNode(v.unwrap(node as unknown as v.OptionalSchema<v.GenericSchema, unknown>))
    : undefined;
}

/** A piped schema's first schema, through nested pipes; the schema itself when it has no pipe. */
export function pipeBase(node: SchemaNode): SchemaNode {
  let base = node;
  while (base.pipe !== undefined && base.pipe[0] !== undefined && base.pipe[0] !== base) base = base.pipe[0];
  return base;
}

/** A piped schema's actions in the order they run, those of nested pipes first; none without a pipe. */
export function pipeActions(node: SchemaNode): SchemaNode[] {
  const [first, ...rest] = node.pipe ?? [];
  if (first === undefined) return [];
  return [...(first.pipe ? pipeActions(first) : []), ...rest];
}

/** The first action of the pipe with this `type` (`max_value`, `regex`), through nested pipes. */
export function actionOf(node: SchemaNode, type: string): SchemaNode | undefined {
  return pipeActions(node).find((action) => action.type === type);
}

/** An object schema's entries, `{}` for a schema that has none. */
export function entriesOf(node: SchemaNode): Readonly<Record<string, SchemaNode>> {
  return node.entries ?? {};
}

/** Object schema types: their `entries` name the fields. */
export const objectTypes: ReadonlySet<string> = new Set([
  'object',
  'loose_object',
  'strict_object',
  'object_with_rest',
]);

/**
 * The schema with `description` as its last `description` action: a new piped copy (valibot's `pipe`), so a
 * schema shared under two names keeps each name's own text and validates exactly as before. The copy keeps
 * the schema's `type` and properties (a pipe takes its first schema's), so an `optional` stays optional.
 */
export function withDescription<T extends SchemaNode>(schema: T, description: string): T {
  const [base, ...actions] = schema.pipe ?? [schema];
  const pipe = v.pipe as unknown as (...items: readonly unknown[]) => T;
  return pipe(base, ...actions, v.description(description));
}
