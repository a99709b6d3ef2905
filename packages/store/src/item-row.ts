// One item as a row: its key (the endpoint's item key, or a hash of its content), its documented fields as
// column values of their types, every other field kept in `_pdg_extra` (never dropped), and the hashes a
// later run compares to tell the item unchanged, or changed in which fields. Every item of every page goes
// through here: the row's JSON text is written in one pass over the schema's columns, in their order (so the
// same content gives the same text whatever order the gateway sends its fields in, with no sorting), and that
// text is what is hashed and what is sent to the database.
import type { ItemKeyPart } from '@pdg/core';
import type { Column, ColumnType, TableShape } from './columns.js';
import { contentHash, fieldHash, written } from './stable-json.js';

/** An item as it is stored. */
export interface ItemRow {
  readonly key: string;
  /** The hash of the whole item: equal for an unchanged item. */
  readonly hash: string;
  /** A hash per top-level field, as a JSON object's text (`{"jobId":"6ad502cc",…}`): which fields changed. */
  readonly fieldHashesJson: string;
  /**
   * The documented fields' values as the members of a JSON object (`"jobId":"j1","title":"…"`, absent and
   * misfit ones left out, so null): the rows of a batch are sent to the database as JSON text, and this is the
   * most of it.
   */
  readonly valuesJson: string;
  /**
   * Fields the schema does not document, and documented ones whose value does not fit its column, by path, as
   * JSON text with its keys sorted; `null` where there are none.
   */
  readonly extraJson: string;
}

/** A column as the row writer uses it: its `"name":` made once. */
interface ColumnWriter {
  readonly column: Column;
  readonly member: string;
}

/** Each table's column writers and the names it documents, made once per table. */
const writersOfTables = new WeakMap<TableShape, readonly ColumnWriter[]>();

function writersOf(table: TableShape): readonly ColumnWriter[] {
  let writers = writersOfTables.get(table);
  if (writers === undefined) {
    writers = table.columns.map((column) => ({ column, member: `${JSON.stringify(column.name)}:` }));
    writersOfTables.set(table, writers);
  }
  return writers;
}

/** The item as a row of the table; `params` are the call's (for key parts taken from them). */
export function itemRow(table: TableShape, item: unknown, params: Readonly<Record<string, unknown>>): ItemRow {
  const record = (typeof item === 'object' && item !== null && !Array.isArray(item) ? item : { value: item }) as Record<
    string,
    unknown
  >;
  const extra: Record<string, unknown> = {};
  let extraCount = 0;
  const sink = (path: string, value: unknown) => {
    extra[path] = value;
    extraCount++;
  };
  let values = '';
  let fieldHashes = '';
  for (const { column, member } of writersOf(table)) {
    const value = record[column.name];
    if (value === undefined || value === null) continue;
    const misfitsBefore = extraCount;
    const text = valueText(column.type, value, '', column.name, sink);
    if (text !== undefined) values += values === '' ? `${member}${text}` : `,${member}${text}`;
    // A field that fits whole is hashed by its column text; one partly kept in `extra` by its own stable text.
    const hashed = extraCount === misfitsBefore && text !== undefined ? text : (written(value) ?? 'null');
    fieldHashes += `${fieldHashes === '' ? '' : ','}${member}"${fieldHash(hashed)}"`;
  }
  const known = columnNames(table.columns);
  for (const field in record) {
    if (known.has(field) || !Object.hasOwn(record, field)) continue;
    const value = record[field];
    sink(field, value);
    const text = written(value);
    if (text !== undefined)
      fieldHashes += `${fieldHashes === '' ? '' : ','}${JSON.stringify(field)}:"${fieldHash(text)}"`;
  }
  const extraJson = extraCount > 0 ? (written(extra) ?? 'null') : 'null';
  // The values and what `extra` keeps: the whole item, each field once.
  const hash = contentHash(`${values}\n${extraJson}`);
  return {
    key: itemKey(table.itemKey, record, params, hash),
    hash,
    fieldHashesJson: `{${fieldHashes}}`,
    valuesJson: values,
    extraJson,
  };
}

/** A `YYYY-MM-DD` date. */
function isDate(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
}

/** Keeps a value that does not fit its column in `extra`, at its path. */
type ExtraSink = (path: string, value: unknown) => void;

/**
 * The value's JSON text as its column holds it, or undefined where it does not fit (then kept in `extra` at
 * `path` + `name`, `path` being its object's, with its dot). Objects are written in their columns' order, their
 * undocumented fields kept in `extra`; timestamps written anew as ISO 8601 in UTC; JSON columns with their keys
 * sorted.
 */
function valueText(type: ColumnType, value: unknown, path: string, name: string, extra: ExtraSink): string | undefined {
  const text = fittedText(type, value, path, name, extra);
  if (text === undefined) extra(`${path}${name}`, value);
  return text;
}

function fittedText(
  type: ColumnType,
  value: unknown,
  path: string,
  name: string,
  extra: ExtraSink,
): string | undefined {
  switch (type.kind) {
    case 'text':
      return typeof value === 'string' ? JSON.stringify(value) : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? String(value) : undefined;
    case 'integer':
      return Number.isSafeInteger(value) ? String(value) : undefined;
    case 'double':
      return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
    case 'timestamp': {
      const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
      return Number.isNaN(time) ? undefined : `"${new Date(time).toISOString()}"`;
    }
    case 'date':
      return isDate(value) ? `"${value}"` : undefined;
    case 'json':
      return written(value) ?? 'null';
    case 'struct':
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? objectText(type.fields, value as Record<string, unknown>, `${path}${name}.`, extra)
        : undefined;
    case 'list': {
      if (!Array.isArray(value)) return undefined;
      let text = '';
      for (let index = 0; index < value.length; index++) {
        const item = value[index];
        const itemText =
          item === undefined || item === null
            ? undefined
            : valueText(type.item, item, path, `${name}[${index}]`, extra);
        text += `${index === 0 ? '' : ','}${itemText ?? 'null'}`;
      }
      return `[${text}]`;
    }
  }
}

/** An object's text in its columns' order (absent and misfit fields left out); other fields go to `extra`. */
function objectText(
  columns: readonly Column[],
  record: Readonly<Record<string, unknown>>,
  path: string,
  extra: ExtraSink,
): string {
  let text = '';
  for (const column of columns) {
    const value = record[column.name];
    if (value === undefined || value === null) continue;
    const fieldText = valueText(column.type, value, path, column.name, extra);
    if (fieldText !== undefined) text += `${text === '' ? '' : ','}${JSON.stringify(column.name)}:${fieldText}`;
  }
  const known = columnNames(columns);
  for (const field in record)
    if (!known.has(field) && Object.hasOwn(record, field)) extra(`${path}${field}`, record[field]);
  return `{${text}}`;
}

/**
 * The key's text: the one part's value as text, several parts' values as a JSON array, or `content:<hash>` (the
 * item's content hash) where the endpoint has no id or this item lacks it.
 */
export function itemKey(
  parts: readonly ItemKeyPart[] | 'content',
  record: Readonly<Record<string, unknown>>,
  params: Readonly<Record<string, unknown>>,
  hash: string,
): string {
  if (parts === 'content') return `content:${hash}`;
  const values = parts.map((part) => (typeof part === 'string' ? record[part] : params[part.param]) ?? null);
  const fromItem = parts.filter((part) => typeof part === 'string');
  if (fromItem.length > 0 && fromItem.every((part) => record[part] === undefined || record[part] === null))
    return `content:${hash}`;
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
