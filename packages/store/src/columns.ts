// An endpoint's table, read from its item schema through core's schema reader: one column per documented
// field, named as the field, typed from the schema (timestamps and dates where the field's description says
// it holds one), and pdg's own columns after them.
import type { EndpointDefinition, ItemKeyPart } from '@pdg/core';
import {
  actionOf,
  descriptionOf,
  entriesOf,
  pipeBase,
  type SchemaNode,
  schemaNode,
  unwrapped,
} from '@pdg/core/describe';

/** What a column holds, as both databases are told (DuckDB `STRUCT`/lists, PostgreSQL `jsonb` for both). */
export type ColumnType =
  | { readonly kind: 'text' | 'boolean' | 'integer' | 'double' | 'timestamp' | 'date' | 'json' }
  | { readonly kind: 'struct'; readonly fields: readonly Column[] }
  | { readonly kind: 'list'; readonly item: ColumnType };

export interface Column {
  /** The field's name, as the schema and the SDK's types spell it (`jobId`). */
  readonly name: string;
  readonly type: ColumnType;
}

/** One endpoint's table: its name, its item columns and how an item's key is made. */
export interface TableShape {
  /** `<category>_<provider>_<endpoint>`, dashes as underscores: `jobs_jobboard_browse`. */
  readonly name: string;
  readonly provider: string;
  readonly endpoint: string;
  readonly columns: readonly Column[];
  readonly itemKey: readonly ItemKeyPart[] | 'content';
}

/** pdg's own columns of every item table, after the item's. */
export const pdgColumns = {
  key: '_pdg_key',
  extra: '_pdg_extra',
  runId: '_pdg_run_id',
  requestId: '_pdg_request_id',
  fetchedAt: '_pdg_fetched_at',
  params: '_pdg_params',
  hash: '_pdg_hash',
  seenRunId: '_pdg_seen_run_id',
  removedAt: '_pdg_removed_at',
} as const;

/** Nested objects deeper than this are kept as JSON: a STRUCT of STRUCTs of STRUCTs is hard to query. */
const maxStructDepth = 3;

/** The table name of a provider's endpoint. */
export function tableName(provider: string, endpoint: string): string {
  return `${provider}_${endpoint}`.replace(/[^a-zA-Z0-9]+/g, '_').toLowerCase();
}

/** The table of a paged endpoint, from its definition. */
export function tableShape(provider: string, endpoint: string, definition: EndpointDefinition): TableShape {
  const items = definition.paging?.items;
  if (items === undefined) throw new TypeError(`${provider} ${endpoint} is not paged.`);
  const page = pipeBase(unwrapped(schemaNode(definition.response)));
  const array = entriesOf(page)[items];
  const item = array === undefined ? undefined : pipeBase(unwrapped(array)).item;
  const columns = item === undefined ? [] : objectColumns(item, 1);
  return {
    name: tableName(provider, endpoint),
    provider,
    endpoint,
    columns,
    itemKey: definition.itemKey ?? 'content',
  };
}

function objectColumns(node: SchemaNode, depth: number): Column[] {
  const entries = entriesOf(pipeBase(unwrapped(node)));
  return Object.entries(entries)
    .filter(([name]) => !name.startsWith('_pdg_'))
    .map(([name, field]) => ({ name, type: columnType(field, depth) }));
}

function columnType(field: SchemaNode, depth: number): ColumnType {
  const node = pipeBase(unwrapped(field));
  switch (node.type) {
    case 'string':
      return stringKind(field);
    case 'boolean':
      return { kind: 'boolean' };
    case 'number':
      return { kind: isWhole(field) ? 'integer' : 'double' };
    case 'picklist':
    case 'enum':
      return (node.options ?? []).every((option) => typeof option === 'string') ? { kind: 'text' } : { kind: 'json' };
    case 'literal':
      return literalType(node.literal);
    case 'object':
    case 'loose_object':
    case 'strict_object':
    case 'object_with_rest': {
      const fields = depth < maxStructDepth ? objectColumns(node, depth + 1) : [];
      return fields.length > 0 ? { kind: 'struct', fields } : { kind: 'json' };
    }
    case 'array':
      return node.item === undefined ? { kind: 'json' } : { kind: 'list', item: columnType(node.item, depth) };
    case 'union':
      return unionType(node, depth);
    default:
      return { kind: 'json' };
  }
}

/** A string field is a timestamp or a date where its description says it holds one. */
function stringKind(field: SchemaNode): ColumnType {
  const description = descriptionOf(field as never) ?? '';
  if (/YYYY-MM-DD\)?\.?$/.test(description) && !/ISO 8601/.test(description)) return { kind: 'date' };
  if (/ISO 8601/.test(description)) return { kind: 'timestamp' };
  return { kind: 'text' };
}

/** A number schema with valibot's `integer` action (through its pipe). */
function isWhole(field: SchemaNode): boolean {
  return actionOf(unwrapped(field), 'integer') !== undefined;
}

function literalType(value: unknown): ColumnType {
  if (typeof value === 'string') return { kind: 'text' };
  if (typeof value === 'boolean') return { kind: 'boolean' };
  if (typeof value === 'number') return { kind: Number.isInteger(value) ? 'integer' : 'double' };
  return { kind: 'json' };
}

/** A union of one scalar kind (a string or a string literal) is that kind; any other union is JSON. */
function unionType(node: SchemaNode, depth: number): ColumnType {
  const kinds = (node.options ?? []).map((option) => columnType(option as SchemaNode, depth));
  const [first] = kinds;
  if (first === undefined || first.kind === 'struct' || first.kind === 'list') return { kind: 'json' };
  return kinds.every((kind) => kind.kind === first.kind) ? first : { kind: 'json' };
}
