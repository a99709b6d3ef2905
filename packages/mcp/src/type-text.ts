/**
 * A JSON Schema (as `@pdg/openapi` converts an endpoint's params and response) as TypeScript type text, short
 * enough to read: what code mode's docs show and what its type check declares, so the model reads the very
 * types its program is checked against. Only documented fields are typed (no index signature for
 * `additionalProperties: true`), so a misspelt field is an error; a value the schema leaves open is `any`.
 */
import type { JsonSchema } from './input-schema.js';

/** Names to print in place of whole object types: a schema found here is written as its name. */
export type NamedSchemas = ReadonlyMap<JsonSchema, string>;

/** `{ city?: string; jobs: number }`: the schema as a type. A nullable or not-required field is optional (`?`). */
export function typeText(schema: JsonSchema | undefined, names: NamedSchemas = new Map()): string {
  if (schema === undefined || typeof schema !== 'object') return 'any';
  const named = names.get(schema);
  if (named !== undefined) return named;
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(options)) {
    const present = options.filter((option) => option.type !== 'null');
    return union(present.map((option) => typeText(option, names)));
  }
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return union(schema.enum.map((value) => JSON.stringify(value)));
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (type): type is string => typeof type === 'string' && type !== 'null',
  );
  if (types.length === 0) return 'any';
  return union(types.map((type) => oneType(type, schema, names)));
}

function oneType(type: string, schema: JsonSchema, names: NamedSchemas): string {
  switch (type) {
    case 'string':
    case 'number':
    case 'boolean':
      return type;
    case 'integer':
      return 'number';
    case 'array': {
      const element = typeText(schema.items as JsonSchema | undefined, names);
      return /[|\s]/.test(element) && !element.startsWith('{') ? `(${element})[]` : `${element}[]`;
    }
    case 'object':
      return objectText(schema, names);
    default:
      return 'any';
  }
}

function objectText(schema: JsonSchema, names: NamedSchemas): string {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
  if (properties.length === 0) {
    const values = schema.additionalProperties;
    if (values === false) return 'Record<string, never>';
    return `Record<string, ${typeof values === 'object' && values !== null ? typeText(values as JsonSchema, names) : 'any'}>`;
  }
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const fields = properties.map(([name, field]) => {
    const optional = !required.has(name) || isNullable(field) ? '?' : '';
    return `${propertyName(name)}${optional}: ${typeText(field, names)}`;
  });
  return `{ ${fields.join('; ')} }`;
}

/** Whether the schema lets the value be null (`type: [..., "null"]`, or a `null` option of `anyOf`). */
export function isNullable(schema: JsonSchema): boolean {
  if (Array.isArray(schema.type) && schema.type.includes('null')) return true;
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return Array.isArray(options) && options.some((option) => option.type === 'null' || isNullable(option));
}

function propertyName(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

function union(parts: readonly string[]): string {
  const distinct = [...new Set(parts)];
  return distinct.includes('any') ? 'any' : distinct.join(' | ');
}

/**
 * The schema at a field path as `fields` names it (`items[].location.city`), or `undefined` where the schema
 * does not reach: through properties, array items (`[]`) and the options of a union.
 */
export function schemaAt(schema: JsonSchema, path: string): JsonSchema | undefined {
  let at: JsonSchema | undefined = schema;
  for (const step of path.split('.')) {
    const [name = '', ...arrays] = step.split('[]');
    at = propertyOf(at, name);
    for (let level = 0; level < arrays.length && at !== undefined; level++) at = elementOf(at);
  }
  return at;
}

function propertyOf(schema: JsonSchema | undefined, name: string): JsonSchema | undefined {
  if (schema === undefined) return undefined;
  const own = (schema.properties as Record<string, JsonSchema> | undefined)?.[name];
  if (own !== undefined) return own;
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return options?.map((option) => propertyOf(option, name)).find((found) => found !== undefined);
}

function elementOf(schema: JsonSchema): JsonSchema | undefined {
  if (schema.items !== undefined) return schema.items as JsonSchema;
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return options?.map(elementOf).find((found) => found !== undefined);
}

/** A field's type in one word or two, for a list of field paths: `string`, `number | null`, `object[]`. */
export function shortTypeText(schema: JsonSchema | undefined): string {
  if (schema === undefined) return 'any';
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  const base = Array.isArray(options)
    ? union(options.filter((option) => option.type !== 'null').map(shortTypeText))
    : schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object'))
      ? 'object'
      : schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))
        ? `${shortTypeText(schema.items as JsonSchema | undefined).replace(/^(.*\|.*)$/, '($1)')}[]`
        : typeText(schema);
  return isNullable(schema) ? `${base} | null` : base;
}
