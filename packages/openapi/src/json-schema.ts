/**
 * JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) for an endpoint's params and response, converted
 * from its valibot schemas by `@valibot/to-json-schema`. The overrides here only teach the converter what
 * pdg's own schema builders carry (descriptions from JSDoc, documentation metadata, list and open-enum
 * params, unbounded limits) and decide what happens where a valibot construct has no JSON Schema form.
 */
import type { AnySchema, EndpointDefinition } from '@pdg/core';
import { descriptionOf, schemaNode, wrappedOf } from '@pdg/core/describe';
import {
  type JsonSchema as ConvertedSchema,
  type OverrideActionContext,
  type OverrideSchemaContext,
  toJsonSchema,
} from '@valibot/to-json-schema';

/** A JSON Schema object. */
export type JsonSchema = { [keyword: string]: unknown };

/** The JSON Schema dialect of the schemas given out here (and of OpenAPI 3.1). */
export const jsonSchemaDialect = 'https://json-schema.org/draft/2020-12/schema';

/** A valibot construct the export found no JSON Schema form for. */
export interface UnsupportedConstruct {
  /** Which schema: `jobs:jobboard browse params`, or `params` / `response` when no label was given. */
  readonly schema: string;
  /** Where in the value: `items[].postedAt`; empty for the schema itself. */
  readonly path: string;
  /** What it is: `the "date" schema`, `the "regex" action`. */
  readonly construct: string;
  /** Why, in @valibot/to-json-schema's words. */
  readonly reason: string;
}

/** Thrown where a schema holds constructs with no JSON Schema form; `constructs` lists each. */
export class UnsupportedSchemaError extends Error {
  override readonly name = 'UnsupportedSchemaError';
  readonly constructs: readonly UnsupportedConstruct[];

  constructor(constructs: readonly UnsupportedConstruct[]) {
    const lines = constructs.map((found) => `  - ${formatConstruct(found)}`);
    super(
      `${constructs.length === 1 ? 'A valibot construct has' : `${constructs.length} valibot constructs have`} no JSON Schema form:\n${lines.join('\n')}\n` +
        'Give the value a schema JSON Schema can say (string, number, boolean, object, array, picklist, union, ' +
        "nullish, literal), or pass { unsupported: 'open' } to export an open schema there instead.",
    );
    this.constructs = constructs;
  }
}

/** One line: `jobs:jobboard browse response at items[].postedAt: the "date" schema (reason)`. */
export function formatConstruct(found: UnsupportedConstruct): string {
  return `${found.schema}${found.path ? ` at ${found.path}` : ''}: ${found.construct} (${found.reason})`;
}

export interface SchemaOptions {
  /**
   * Names the schema in error messages, such as `jobs:jobboard browse`. `toOpenApi` passes the provider id
   * and endpoint name.
   */
  readonly label?: string;
  /**
   * Where a valibot construct has no JSON Schema form: `'throw'` (the default) an `UnsupportedSchemaError`
   * naming each one; `'open'` an open schema (any value) there, whose description says why.
   */
  readonly unsupported?: 'throw' | 'open';
}

/**
 * The endpoint's params as one JSON Schema object, what `pdg.run(provider, endpoint, params)` takes: each
 * param a property with its type, enum values, limits, pattern, server default and description; `required`;
 * `additionalProperties: false` where the endpoint refuses params it does not name (`true` where the spec
 * says others exist). A path param is a property like the others. Rules between params (one of two
 * required, a range in order) have no JSON Schema form here: the SDK checks them before sending.
 */
export function paramsJsonSchema(endpoint: EndpointDefinition, options: SchemaOptions = {}): JsonSchema {
  const schema = convert(endpoint.params, 'params', options);
  if (schema.type === 'object' && schema.additionalProperties === undefined) schema.additionalProperties = true;
  return { $schema: jsonSchemaDialect, ...schema };
}

export interface ResponseSchemaOptions extends SchemaOptions {
  /**
   * `false` (the default): the HTTP body as the gateway sends it, the `{ status, message, content }`
   * envelope included where the endpoint has one. `true`: the result `pdg.run()` returns (the envelope's
   * `content`).
   */
  readonly unwrapped?: boolean;
}

/**
 * The endpoint's response as a JSON Schema: the shape on the wire, so fields the spec does not require may
 * be `null` or absent and records accept fields they do not name. An undocumented endpoint's is `{}` (any JSON).
 */
export function responseJsonSchema(endpoint: EndpointDefinition, options: ResponseSchemaOptions = {}): JsonSchema {
  const content = convert(endpoint.response, 'response', options);
  const schema = endpoint.envelope && !options.unwrapped ? successEnvelopeSchema(content) : content;
  return { $schema: jsonSchemaDialect, ...schema };
}

/** `{ status: 'success', message, content }` around an endpoint's result. */
export function successEnvelopeSchema(content: JsonSchema): JsonSchema {
  return {
    type: 'object',
    description: "The gateway's success envelope; the SDK returns its `content`.",
    properties: {
      status: { const: 'success' },
      message: { type: 'string' },
      content,
    },
    required: ['status', 'message', 'content'],
  };
}

/** Marks a node the converter could not express; read back (and removed) by `finalSchema`. */
const unsupportedKey = '~pdgUnsupported';

interface Marker {
  readonly construct: string;
  readonly reason: string;
}

/** Metadata keys of pdg's param builders, which are documentation for pdg's tools, not JSON Schema keywords. */
const pdgMetadataKeys = [
  'openEnum',
  'list',
  'values',
  'open',
  'itemForm',
  'itemPattern',
  'hint',
  'dependentRequired',
  'refused',
];

/** The valibot schema as JSON Schema, without `$schema` (callers that stand alone add it). */
function convert(schema: AnySchema, part: 'params' | 'response', options: SchemaOptions): JsonSchema {
  const converted = toJsonSchema(schema, {
    target: 'draft-2020-12',
    // The shape on the wire: a pipe is read up to its first transformation (a string parsed into a number
    // on arrival is a string in JSON).
    typeMode: 'input',
    overrideSchema,
    overrideAction,
  }) as JsonSchema;
  delete converted.$schema;
  // Filled only by recursive (lazy) schemas, which are reported unsupported below.
  delete converted.$defs;
  const found: UnsupportedConstruct[] = [];
  const label = options.label ? `${options.label} ${part}` : part;
  const report = (path: string, marker: Marker) => found.push({ schema: label, path, ...marker });
  const final = finalSchema(converted, { path: '', report });
  if (found.length > 0 && options.unsupported !== 'open') throw new UnsupportedSchemaError(found);
  return final;
}

/** Schemas: descriptions onto object properties, and a marker where there is no JSON Schema form. */
function overrideSchema(context: OverrideSchemaContext): ConvertedSchema | undefined {
  const valibotSchema = schemaNode(context.valibotSchema);
  const jsonSchema = context.jsonSchema as JsonSchema;
  if (valibotSchema.entries && isRecord(jsonSchema.properties)) {
    const properties = jsonSchema.properties;
    for (const [key, entry] of Object.entries(valibotSchema.entries)) {
      const text = descriptionOf(entry) || descriptionOf(wrappedOf(entry));
      const property = properties[key];
      if (text && isRecord(property)) property.description = text;
    }
  }
  // A record (a loose object, or valibot's plain object, which takes unknown keys too) accepts fields it
  // does not name: said outright, so generated clients type it as open rather than as having no fields.
  if (
    (valibotSchema.type === 'loose_object' || valibotSchema.type === 'object') &&
    jsonSchema.additionalProperties === undefined
  ) {
    jsonSchema.additionalProperties = true;
  }
  if (valibotSchema.type === 'lazy') {
    return mark({}, `the "lazy" schema`, ['recursive schemas are not exported']);
  }
  if (context.errors) return mark(jsonSchema, `the "${valibotSchema.type}" schema`, context.errors);
  return undefined;
}

/** Actions: pdg's metadata, the stand-ins of its builders, checks left out, and markers for the rest. */
function overrideAction(context: OverrideActionContext): ConvertedSchema | undefined {
  const action = schemaNode(context.valibotAction);
  const jsonSchema = context.jsonSchema as JsonSchema;
  switch (action.type) {
    case 'metadata':
      return withPdgMetadata(jsonSchema, action.metadata ?? {}) as ConvertedSchema;
    case 'description':
      // A field's description goes on its property (overrideSchema, through core's descriptionOf), once:
      // converted where the action sits, it would repeat inside the property (in a nullish union's branch).
      return withoutDescription(jsonSchema) as ConvertedSchema;
    case 'finite':
      // Every JSON number is finite.
      return jsonSchema as ConvertedSchema;
  }
  if (!context.errors) return undefined;
  // A check only narrows what is valid: left out, the schema is looser than the SDK, which still runs it.
  const onlyUnconvertible = context.errors.every((message) => message.endsWith('cannot be converted to JSON Schema.'));
  if (onlyUnconvertible && (action.kind === 'validation' || action.kind === 'metadata')) {
    return jsonSchema as ConvertedSchema;
  }
  return mark(jsonSchema, `the "${action.type}" action`, context.errors);
}

function withoutDescription(jsonSchema: JsonSchema): JsonSchema {
  const { description: _description, ...rest } = jsonSchema;
  return rest;
}

function mark(jsonSchema: JsonSchema, construct: string, reasons: readonly string[]): ConvertedSchema {
  const marker: Marker = { construct, reason: reasons.join(' ') };
  return { ...jsonSchema, [unsupportedKey]: marker } as ConvertedSchema;
}

/**
 * What pdg's param builders keep in valibot metadata, in JSON Schema: `default` stays (an annotation: the
 * server's default, never sent); an open enum's named values become `examples`; a list param is an array of
 * strings (on the wire, comma-joined: the document's parameter says `style: form, explode: false`), each
 * item one of its values or of the form the spec states; `paramRules` become `dependentRequired` and a
 * refused param's `not: {}`. Every schema has one `type`, so clients that take one type per schema read it.
 */
function withPdgMetadata(jsonSchema: JsonSchema, metadata: Record<string, unknown>): JsonSchema {
  const out: JsonSchema = { ...jsonSchema };
  for (const key of pdgMetadataKeys) delete out[key];
  const openValues = metadata.openEnum as readonly string[] | undefined;
  if (openValues) out.examples = [...openValues];
  else if (Array.isArray(metadata.examples)) out.examples = [...metadata.examples];
  if (isRecord(metadata.dependentRequired)) out.dependentRequired = metadata.dependentRequired;
  if (isRecord(metadata.refused)) {
    const properties: JsonSchema = { ...(isRecord(out.properties) ? out.properties : {}) };
    for (const [name, reason] of Object.entries(metadata.refused)) {
      properties[name] = { not: {}, description: `Not offered: ${String(reason)}.` };
    }
    out.properties = properties;
  }
  if (metadata.list !== true) return out;
  const values = metadata.values as readonly string[] | undefined;
  const closed = values !== undefined && metadata.open !== true;
  const { anyOf: _, ...rest } = out;
  // A default written the gateway's way (`'ecb,fed'`) is the array it stands for.
  if (typeof rest.default === 'string') rest.default = rest.default.split(',');
  const item: JsonSchema = { type: 'string', minLength: 1 };
  if (closed) item.enum = [...values];
  else if (values) item.examples = [...values];
  const pattern = metadata.itemPattern;
  if (pattern instanceof RegExp) {
    if (pattern.flags === '') item.pattern = pattern.source;
    else
      return mark(rest, `a list item pattern with flags (${String(pattern)})`, [
        'JSON Schema patterns take no flags.',
      ]) as JsonSchema;
  }
  const form = typeof metadata.itemForm === 'string' ? metadata.itemForm : metadata.hint;
  if (typeof form === 'string') item.description = `Each item: ${form}.`;
  return { ...rest, type: 'array', minItems: 1, items: item };
}

function isRecord(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Where `finalSchema` is in the converted schema, and whom it tells of a construct with no JSON Schema form. */
interface SchemaPlace {
  /** Where in the value: `items[].postedAt`; empty for the schema itself. */
  readonly path: string;
  readonly report: (path: string, marker: Marker) => void;
}

/**
 * The converted schema made final: markers reported with where they are (and, with `unsupported: 'open'`,
 * left as open schemas that say why), empty `required` lists dropped.
 */
function finalSchema(node: JsonSchema, place: SchemaPlace): JsonSchema {
  const marker = node[unsupportedKey] as Marker | undefined;
  if (marker) {
    place.report(place.path, marker);
    const description = `No JSON Schema form: ${marker.construct} (${marker.reason}); any value is shown as valid here.`;
    return { description: typeof node.description === 'string' ? `${node.description} ${description}` : description };
  }
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === 'required' && Array.isArray(value) && value.length === 0) continue;
    // An empty tuple (`v.tuple([])`) takes any array, as valibot reads it: `items: {}`, not `prefixItems: []`,
    // which JSON Schema 2020-12 does not allow (it must hold at least one schema).
    if (keyword === 'prefixItems' && Array.isArray(value) && value.length === 0) {
      if (!('items' in node)) out.items = {};
      continue;
    }
    out[keyword] = finalKeyword(keyword, value, place);
  }
  return simplifiedAnyOf(out);
}

/** Keywords that say something of a value without restricting it. */
const annotations = ['description', 'title', 'examples', 'default', '$comment'];

/** Keywords that apply to every type: a schema holding one cannot take `null` by widening its `type`. */
const allTypeKeywords = ['enum', 'const', 'anyOf', 'oneOf', 'allOf', 'not', '$ref', 'if'];

/**
 * The same schema, said more plainly: an `anyOf` with an open branch (`nullish(unknown())`) accepts anything,
 * and `anyOf: [{ type: 'string', ... }, { type: 'null' }]`, the shape of every optional record field, is
 * `{ type: ['string', 'null'], ... }`.
 */
function simplifiedAnyOf(node: JsonSchema): JsonSchema {
  const branches = node.anyOf;
  if (!Array.isArray(branches)) return node;
  const { anyOf: _, ...rest } = node;
  const open = branches.find(
    (branch) => isRecord(branch) && Object.keys(branch).every((keyword) => annotations.includes(keyword)),
  ) as JsonSchema | undefined;
  if (open) {
    const texts = [rest.description, open.description].filter((text) => typeof text === 'string');
    return texts.length > 0 ? { ...rest, description: texts.join(' ') } : rest;
  }
  const [first, second] = branches as JsonSchema[];
  const nullOnly = second !== undefined && Object.keys(second).length === 1 && second.type === 'null';
  if (branches.length !== 2 || !first || !nullOnly || typeof first.type !== 'string') return node;
  if (allTypeKeywords.some((keyword) => keyword in first)) return node;
  return { ...first, ...rest, type: [first.type, 'null'] };
}

/** One keyword's value made final: the schemas inside it, each at its own place. */
function finalKeyword(keyword: string, value: unknown, place: SchemaPlace): unknown {
  const { path } = place;
  const at = (suffix: string) => ({ ...place, path: path === '' ? suffix.replace(/^\./, '') : `${path}${suffix}` });
  if (keyword === 'properties' && isRecord(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([name, schema]) => [
        name,
        isRecord(schema) ? finalSchema(schema, at(`.${name}`)) : schema,
      ]),
    );
  }
  if ((keyword === 'anyOf' || keyword === 'oneOf' || keyword === 'allOf') && Array.isArray(value)) {
    return value.map((schema) => (isRecord(schema) ? finalSchema(schema, place) : schema));
  }
  if (keyword === 'prefixItems' && Array.isArray(value)) {
    return value.map((schema, index) => (isRecord(schema) ? finalSchema(schema, at(`[${index}]`)) : schema));
  }
  if (keyword === 'items' && isRecord(value)) return finalSchema(value, at('[]'));
  if (keyword === 'additionalProperties' && isRecord(value)) return finalSchema(value, at('.*'));
  if ((keyword === 'propertyNames' || keyword === 'not') && isRecord(value)) return finalSchema(value, place);
  return value;
}
