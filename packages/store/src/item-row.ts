// One item as a row: its key (the endpoint's item key, or a hash of its content), its documented fields as
// column values of their types, every other field kept in `_pdg_extra` (never dropped), and the hashes a
// later run compares to tell the item unchanged, or changed in which fields.
import type { ItemKeyPart } from '@pdg/core';
import type { Column, ColumnType, TableShape } from './columns.js';
import { contentHash, fieldHash, written } from './stable-json.js';

/** An item as it is stored. */
export interface ItemRow {
  readonly key: string;
  /** The hash of the whole item: equal for an unchanged item. */
  readonly hash: string;
  /** A hash per top-level field: which fields changed. */
  readonly fieldHashes: Readonly<Record<string, string>>;
  /**
   * The documented fields' values as the members of a JSON object (`"jobId":"j1","title":"…"`, absent and
   * misfit ones left out, so null): the rows of a batch are sent to the database as JSON text, and this is the
   * most of it, made from the text the item's hash is made from.
   */
  readonly valuesJson: string;
  /** Fields the schema does not document, and documented ones whose value does not fit its column, by path. */
  readonly extra: Readonly<Record<string, unknown>> | null;
}

/** The item as a row of the table; `params` are the call's (for key parts taken from them). */
export function itemRow(table: TableShape, item: unknown, params: Readonly<Record<string, unknown>>): ItemRow {
  const record = (typeof item === 'object' && item !== null && !Array.isArray(item) ? item : { value: item }) as Record<
    string,
    unknown
  >;
  // The item's stable JSON, built from its fields' own: each field's text gives its hash on the way.
  const fieldHashes: Record<string, string> = {};
  const fieldTexts: Record<string, string> = {};
  const parts: string[] = [];
  for (const field of Object.keys(record).sort()) {
    const text = written(record[field]);
    if (text === undefined) continue;
    fieldHashes[field] = fieldHash(text);
    fieldTexts[field] = text;
    parts.push(`${JSON.stringify(field)}:${text}`);
  }
  const whole = `{${parts.join(',')}}`;
  const extra: Record<string, unknown> = {};
  const members: string[] = [];
  for (const column of table.columns) {
    const value = record[column.name];
    if (value === undefined || value === null) continue;
    // The field's own text where it fits its column whole (most do, and checking allocates nothing); else the
    // fitted value's, where part of it went to `extra` or a timestamp in it was written anew.
    if (!holdsTimestamp(column.type) && fitsAsIs(column.type, value)) {
      members.push(`${memberName(column)}${fieldTexts[column.name]}`);
      continue;
    }
    const fitted = fitValue(column.type, value, '', column.name, extra);
    if (fitted !== null) members.push(`${memberName(column)}${JSON.stringify(fitted)}`);
  }
  const known = columnNames(table.columns);
  for (const field in record) if (!known.has(field) && Object.hasOwn(record, field)) extra[field] = record[field];
  return {
    key: itemKey(table.itemKey, record, params, whole),
    hash: contentHash(whole),
    fieldHashes,
    valuesJson: members.join(','),
    extra: Object.keys(extra).length > 0 ? extra : null,
  };
}

/** `"name":`, made once per column. */
const memberNames = new WeakMap<Column, string>();

function memberName(column: Column): string {
  let name = memberNames.get(column);
  if (name === undefined) {
    name = `${JSON.stringify(column.name)}:`;
    memberNames.set(column, name);
  }
  return name;
}

/** A `YYYY-MM-DD` date. */
function isDate(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
}

/** Whether a value fits its column as it is: of its type, with no field the schema does not document. */
function fitsAsIs(type: ColumnType, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  switch (type.kind) {
    case 'text':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return Number.isSafeInteger(value);
    case 'double':
      return typeof value === 'number' && Number.isFinite(value);
    case 'date':
      return isDate(value);
    case 'json':
      return true;
    case 'timestamp':
      return false;
    case 'struct': {
      if (typeof value !== 'object' || Array.isArray(value)) return false;
      const record = value as Record<string, unknown>;
      const known = columnNames(type.fields);
      for (const field in record) if (Object.hasOwn(record, field) && !known.has(field)) return false;
      return type.fields.every((field) => fitsAsIs(field.type, record[field.name]));
    }
    case 'list':
      return Array.isArray(value) && value.every((item) => fitsAsIs(type.item, item));
  }
}

/** Whether a column's value holds a timestamp, written anew as ISO 8601 in UTC. */
function holdsTimestamp(type: ColumnType): boolean {
  if (type.kind === 'timestamp') return true;
  if (type.kind === 'list') return holdsTimestamp(type.item);
  if (type.kind === 'struct') return type.fields.some((field) => holdsTimestamp(field.type));
  return false;
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

/** The field names of a column list, made once per list: which fields of an item are not documented. */
const namesOfColumns = new WeakMap<readonly Column[], ReadonlySet<string>>();

function columnNames(columns: readonly Column[]): ReadonlySet<string> {
  let names = namesOfColumns.get(columns);
  if (names === undefined) {
    names = new Set(columns.map((column) => column.name));
    namesOfColumns.set(columns, names);
  }
  return names;
}

/** What `fitted` returns for a value that does not fit its column. */
const misfit = Symbol('misfit');

/**
 * The columns' values from an object; what does not fit goes to `extra` under its path (`path` is the object's,
 * with its dot). Every item of every page goes through here: paths are made only for what lands in `extra`.
 */
function fitObject(
  columns: readonly Column[],
  record: Readonly<Record<string, unknown>>,
  path: string,
  extra: Record<string, unknown>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const column of columns) {
    const value = record[column.name];
    values[column.name] = fitValue(column.type, value, path, column.name, extra);
  }
  const known = columnNames(columns);
  for (const field in record)
    if (!known.has(field) && Object.hasOwn(record, field)) extra[`${path}${field}`] = record[field];
  return values;
}

/** The value as its column holds it, or null with the value kept in `extra` at `path` + `name`. */
function fitValue(
  type: ColumnType,
  value: unknown,
  path: string,
  name: string,
  extra: Record<string, unknown>,
): unknown {
  if (value === undefined || value === null) return null;
  const result = fitted(type, value, path, name, extra);
  if (result !== misfit) return result;
  extra[`${path}${name}`] = value;
  return null;
}

function fitted(type: ColumnType, value: unknown, path: string, name: string, extra: Record<string, unknown>): unknown {
  switch (type.kind) {
    case 'text':
      return typeof value === 'string' ? value : misfit;
    case 'boolean':
      return typeof value === 'boolean' ? value : misfit;
    case 'integer':
      return Number.isSafeInteger(value) ? value : misfit;
    case 'double':
      return typeof value === 'number' && Number.isFinite(value) ? value : misfit;
    case 'timestamp': {
      const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
      return Number.isNaN(time) ? misfit : new Date(time).toISOString();
    }
    case 'date':
      return isDate(value) ? value : misfit;
    case 'json':
      return value;
    case 'struct':
      return typeof value === 'object' && !Array.isArray(value)
        ? fitObject(type.fields, value as Record<string, unknown>, `${path}${name}.`, extra)
        : misfit;
    case 'list':
      return Array.isArray(value)
        ? value.map((item, index) => fitValue(type.item, item, path, `${name}[${index}]`, extra))
        : misfit;
  }
}
