/**
 * The one place pdg reads the structure of valibot schemas back, through the properties valibot documents on
 * its schema and action objects ("Valibot internals": `kind`, `type`, `expects`, `pipe`, `entries`, `item`,
 * `items`, `options`, `wrapped` (what valibot's `unwrap` returns), `key`, `value`, `literal`, `default`,
 * `fallback`, and an action's `requirement`, `message`, `operation`, `description`, `metadata`). describe,
 * paging, the response checker, drift, validate-params, the testkit's conformance checks and the OpenAPI
 * export read schemas through this module; descriptions and pdg's documentation (valibot `description` and
 * `metadata` actions) are read with valibot's own `getDescription` and `getMetadata` (schema.ts's
 * `descriptionOf` and `metadataOf`).
 *
 * It imports no code: the walk (paging.ts) and drift (drift.ts) load it with them, and valibot stays in the
 * client's first chunk.
 */
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

/**
 * The schema types that wrap another (`wrapped`) and otherwise leave the value's shape to it, in three
 * groups: the first three let an object's key be left out (as valibot's object schemas decide it), the first
 * five let the value be absent or null, and the rest only narrow it.
 */
const wrapperTypes = [
  'optional',
  'nullish',
  'exact_optional',
  'nullable',
  'undefinedable',
  'non_optional',
  'non_nullable',
  'non_nullish',
];

/** Whether an object's key with this schema may be left out (`optional`, `nullish`, `exact_optional`). */
export function isOptional(node: SchemaNode): boolean {
  const at = wrapperTypes.indexOf(node.type);
  return at >= 0 && at < 3;
}

/** Whether the schema wraps another in a way that lets the value be absent or null (the first five wrapper types). */
function allowsAbsence(node: SchemaNode): boolean {
  const at = wrapperTypes.indexOf(node.type);
  return at >= 0 && at < 5 && node.wrapped !== undefined;
}

/** The schema inside `optional`, `nullish`, `nullable`, `exact_optional` and `undefinedable`, to any depth. */
export function unwrapped(node: SchemaNode): SchemaNode {
  let inner = node;
  while (allowsAbsence(inner)) inner = inner.wrapped as SchemaNode;
  return inner;
}

/** The schema a wrapper of any kind wraps (what valibot's `unwrap` returns), or `undefined` for a schema that wraps none. */
export function wrappedOf(node: SchemaNode): SchemaNode | undefined {
  return wrapperTypes.includes(node.type) ? node.wrapped : undefined;
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
