import type { EndpointDefinition, Paging } from '../contract/contract.js';
import { descriptionOf, metadataOf } from './schema.js';
import {
  entriesOf,
  isOptional,
  isSchema,
  pipeActions,
  pipeBase,
  type SchemaNode,
  schemaNode,
  unwrapped,
  wrappedOf,
} from './schema-reader.js';

/** What a param is, read back from its schema: for `pdg describe`, READMEs and the conformance suite. */
export interface ParamInfo {
  readonly name: string;
  readonly type: 'string' | 'integer' | 'number' | 'boolean' | 'enum' | 'list' | 'unknown';
  readonly required: boolean;
  /** Sent as the last path segment rather than as a query string. */
  readonly inPath: boolean;
  readonly description: string;
  /** Enum values: every accepted value (closed enum) or the named ones (open enum). */
  readonly values?: readonly string[];
  /** True when values other than `values` are accepted too. */
  readonly open?: boolean;
  readonly default?: string | number | boolean;
  readonly min?: number;
  readonly max?: number;
  /** The form a value must have, in words (`a 2-letter country code`): checked before sending. */
  readonly format?: string;
  /** The usual form, in words, where the spec states none: shown, never checked. */
  readonly hint?: string;
  /** The empty string is accepted (a string param is otherwise refused empty). */
  readonly allowsEmpty?: boolean;
}

/** Reads the documented params of an endpoint from its schema, in declaration order. */
export function describeParams(endpoint: EndpointDefinition): ParamInfo[] {
  const entries = entriesOf(schemaNode(endpoint.params));
  return Object.entries(entries).map(([name, schema]) => describeParam(name, schema, endpoint.pathParam === name));
}

/**
 * The documented field paths of an endpoint's response, read from its schema: `items`, `items[].title`,
 * `total` (the fields of an array's elements after `[]`), six levels deep at most. What a tool that keeps
 * only some fields of an answer (MCP's `fields`) checks the paths it is given against.
 */
export function describeResponseFields(endpoint: EndpointDefinition): string[] {
  return fieldPaths(schemaNode(endpoint.response), '', 0);
}

/**
 * The fields of a page that say only where a walk is (`pageOf` and `cursorPageOf` give every page them):
 * `page`, `hasMore`, `nextPage`, or `hasMore`, `nextCursor`. A tool that returns a whole walk says its
 * position once for the walk and leaves these out of the page's own fields.
 */
export function pagingFieldsOf(paging: Paging): readonly string[] {
  return paging.kind === 'cursor' ? ['hasMore', 'nextCursor'] : ['page', 'hasMore', 'nextPage'];
}

/** Levels of nested fields read: deeper ones are named by the field that holds them. */
const deepestField = 5;

function fieldPaths(node: SchemaNode, prefix: string, depth: number): string[] {
  const object = shapeMatching(node, (shape) => shape.entries !== undefined);
  if (!object || depth > deepestField) return [];
  return Object.entries(entriesOf(object)).flatMap(([name, inner]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const element = shapeMatching(inner, (shape) => shape.type === 'array' && shape.item !== undefined)?.item;
    if (element !== undefined) return [path, ...fieldPaths(element, `${path}[]`, depth + 1)];
    return [path, ...fieldPaths(inner, path, depth + 1)];
  });
}

/** The schema's shape (through wrappers and pipes, and a union's schemas) that matches, if any does. */
function shapeMatching(node: SchemaNode, matches: (shape: SchemaNode) => boolean): SchemaNode | undefined {
  let shape = pipeBase(node);
  for (let inner = wrappedOf(shape); inner !== undefined; inner = wrappedOf(shape)) shape = pipeBase(inner);
  if (matches(shape)) return shape;
  const options = (shape.options ?? []).filter(isSchema);
  for (const option of options) {
    const found = shapeMatching(option, matches);
    if (found) return found;
  }
  return undefined;
}

/** Whether the endpoint refuses params its schema does not name. */
export function acceptsUnknownParams(endpoint: EndpointDefinition): boolean {
  return schemaNode(endpoint.params).type !== 'strict_object';
}

/** The checks a param's pipe holds, as `describe` shows them. */
interface Rules {
  min?: number;
  max?: number;
  integer?: boolean;
  format?: string;
  notEmpty?: boolean;
}

function rulesOf(schema: SchemaNode): Rules {
  const rules: Rules = {};
  for (const action of pipeActions(schema)) {
    if (action.type === 'min_value') rules.min = action.requirement as number;
    else if (action.type === 'max_value') rules.max = action.requirement as number;
    else if (action.type === 'integer') rules.integer = true;
    else if (action.type === 'regex') rules.format = action.message as string;
    else if (action.type === 'min_length') rules.notEmpty = true;
  }
  return rules;
}

function describeParam(name: string, schema: SchemaNode, inPath: boolean): ParamInfo {
  const required = !isOptional(schema);
  const inner = unwrapped(schema);
  const base = pipeBase(inner);
  const description = descriptionOf(schema) || descriptionOf(inner) || '';
  const metadata = metadataOf(inner);
  const rules = rulesOf(inner);
  const common = { name, required, inPath, description };
  if (metadata.list === true) return describeList(common, metadata);
  const openValues = metadata.openEnum as readonly string[] | undefined;
  const info: {
    -readonly [K in keyof ParamInfo]: ParamInfo[K];
  } = { ...common, type: typeOf(base, rules.integer === true, openValues) };
  if (base.type === 'picklist') info.values = (base.options ?? []) as readonly string[];
  if (openValues) {
    info.values = openValues;
    info.open = true;
  }
  if (metadata.default !== undefined) info.default = metadata.default as string | number | boolean;
  if (rules.min !== undefined) info.min = rules.min;
  if (rules.max !== undefined) info.max = rules.max;
  if (rules.format !== undefined) info.format = rules.format.replace(/^must be /, '');
  if (typeof metadata.hint === 'string') info.hint = metadata.hint;
  if (info.type === 'string' && !rules.notEmpty) info.allowsEmpty = true;
  return info;
}

function describeList(
  common: Pick<ParamInfo, 'name' | 'required' | 'inPath' | 'description'>,
  metadata: Readonly<Record<string, unknown>>,
): ParamInfo {
  const values = metadata.values as readonly string[] | undefined;
  return {
    ...common,
    type: 'list',
    ...(values ? { values, open: metadata.open === true } : {}),
    ...(metadata.default === undefined ? {} : { default: metadata.default as string | number | boolean }),
    format: `comma-separated, or an array${metadata.itemForm ? `; each ${metadata.itemForm}` : ''}`,
    ...(typeof metadata.hint === 'string' ? { hint: metadata.hint } : {}),
  };
}

function typeOf(base: SchemaNode, integer: boolean, openValues: unknown): ParamInfo['type'] {
  if (openValues) return 'enum';
  switch (base.type) {
    case 'string':
      return 'string';
    case 'number':
      return integer ? 'integer' : 'number';
    case 'boolean':
      return 'boolean';
    case 'picklist':
      return 'enum';
    default:
      return 'unknown';
  }
}

/** `/v1/jobs:jobboard/job/{jobId}`. `name` stands in for a `path` the endpoint leaves to its key. */
export function endpointPath(provider: string, definition: EndpointDefinition, name?: string): string {
  return `/v1/${provider}/${definition.path ?? name}${definition.pathParam ? `/{${definition.pathParam}}` : ''}`;
}

/** A cache time in words: `30 s`, `2 min`, `1 h`, `1 day`. */
export function formatSeconds(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400} day${seconds === 86_400 ? '' : 's'}`;
  if (seconds % 3_600 === 0) return `${seconds / 3_600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}
