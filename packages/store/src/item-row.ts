// One item as a row: its key (the endpoint's item key, or a hash of its content), its documented fields as
// column values of their types, every other field kept in `_pdg_extra` (never dropped), and the hashes a
// later run compares to tell the item unchanged, or changed in which fields.
import type { ItemKeyPart } from '@pdg/core';
import type { Column, ColumnType, TableShape } from './columns.js';
import { contentHash, stableJson } from './stable-json.js';

/** An item as it is stored. */
export interface ItemRow {
  readonly key: string;
  /** The hash of the whole item: equal for an unchanged item. */
  readonly hash: string;
  /** A hash per top-level field: which fields changed. */
  readonly fieldHashes: Readonly<Record<string, string>>;
  /** The documented fields' values, by column name (absent ones null). */
  readonly values: Readonly<Record<string, unknown>>;
  /** Fields the schema does not document, and documented ones whose value does not fit its column, by path. */
  readonly extra: Readonly<Record<string, unknown>> | null;
}

/** The item as a row of the table; `params` are the call's (for key parts taken from them). */
export function itemRow(table: TableShape, item: unknown, params: Readonly<Record<string, unknown>>): ItemRow {
  const record = (typeof item === 'object' && item !== null && !Array.isArray(item) ? item : { value: item }) as Record<
    string,
    unknown
  >;
  const extra: Record<string, unknown> = {};
  const values = fitObject(table.columns, record, '', extra);
  const fieldHashes: Record<string, string> = {};
  for (const field of Object.keys(record).sort())
    fieldHashes[field] = contentHash(stableJson(record[field])).slice(0, 16);
  const whole = stableJson(record);
  return {
    key: itemKey(table.itemKey, record, params, whole),
    hash: contentHash(whole),
    fieldHashes,
    values,
    extra: Object.keys(extra).length > 0 ? extra : null,
  };
}

/**
 * The key's text: the one part's value as text, several parts' values as a JSON array, or `content:<hash>`
 * where the endpoint has no id or this item lacks it.
 */
export function itemKey(
  parts: readonly ItemKeyPart[] | 'content',
  record: Readonly<Record<string, unknown>>,
  params: Readonly<Record<string, unknown>>,
  whole: string,
): string {
  if (parts === 'content') return `content:${contentHash(whole)}`;
  const values = parts.map((part) => (typeof part === 'string' ? record[part] : params[part.param]) ?? null);
  const fromItem = parts.filter((part) => typeof part === 'string');
  if (fromItem.length > 0 && fromItem.every((part) => record[part] === undefined || record[part] === null))
    return `content:${contentHash(whole)}`;
  if (values.length === 1) return typeof values[0] === 'string' ? values[0] : JSON.stringify(values[0]);
  return JSON.stringify(values);
}

/** The columns' values from an object; what does not fit goes to `extra` under its path. */
function fitObject(
  columns: readonly Column[],
  record: Readonly<Record<string, unknown>>,
  path: string,
  extra: Record<string, unknown>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const known = new Set<string>();
  for (const column of columns) {
    known.add(column.name);
    values[column.name] = fitValue(column.type, record[column.name], `${path}${column.name}`, extra);
  }
  for (const [field, value] of Object.entries(record)) if (!known.has(field)) extra[`${path}${field}`] = value;
  return values;
}

function fitValue(type: ColumnType, value: unknown, path: string, extra: Record<string, unknown>): unknown {
  if (value === undefined || value === null) return null;
  const misfit = () => {
    extra[path] = value;
    return null;
  };
  switch (type.kind) {
    case 'text':
      return typeof value === 'string' ? value : misfit();
    case 'boolean':
      return typeof value === 'boolean' ? value : misfit();
    case 'integer':
      return Number.isSafeInteger(value) ? value : misfit();
    case 'double':
      return typeof value === 'number' && Number.isFinite(value) ? value : misfit();
    case 'timestamp':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : misfit();
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
        ? value
        : misfit();
    case 'json':
      return value;
    case 'struct':
      return typeof value === 'object' && !Array.isArray(value)
        ? fitObject(type.fields, value as Record<string, unknown>, `${path}.`, extra)
        : misfit();
    case 'list':
      return Array.isArray(value)
        ? value.map((item, index) => fitValue(type.item, item, `${path}[${index}]`, extra))
        : misfit();
  }
}
