// One item as a row: its key (the endpoint's item key, or a hash of its content), the JSON object the database
// reads into the table's columns, every field the schema does not document kept in `_pdg_extra` (never
// dropped), and a hash a later run compares to tell the item unchanged. Every item of every page goes through
// here, so the common case costs little: where every documented value already fits its column as the
// database reads it, the item's own JSON text is what is sent (the database reads the documented fields and
// passes over the rest), and only the undocumented fields are written anew. An item with a value that does
// not fit (or a timestamp to write anew as ISO 8601) has its documented values written one by one instead,
// the misfits kept in `_pdg_extra`. Which fields of a changed item changed is the database's to say, by
// comparing the stored row's columns with the new one's (sql-store.ts).

import { hash } from 'node:crypto';
import type { ItemKeyPart } from '@pdg/core';
import type { Column, ColumnType, TableShape } from './columns.js';
import { contentHash, written } from './stable-json.js';

/** An item as it is stored. */
export interface ItemRow {
  readonly key: string;
  /**
   * The hash of what is stored of the item: equal for an item sent again as it was. (The same content with its
   * fields in another order hashes differently; the store then compares columns and finds it unchanged.)
   */
  readonly hash: string;
  /**
   * The item as a JSON object's text, read by the database into the documented columns: the item as received,
   * or its documented values written anew (absent and misfit ones left out, so null).
   */
  readonly itemJson: string;
  /**
   * Fields the schema does not document, and documented ones whose value does not fit its column, by path, as
   * JSON text with its keys sorted; `null` where there are none.
   */
  readonly extraJson: string;
}

/** The item as a row of the table; `params` are the call's (for key parts taken from them). */
export function itemRow(table: TableShape, item: unknown, params: Readonly<Record<string, unknown>>): ItemRow {
  // An item keyed by its content is written anew: its key must not depend on the order of its fields.
  if (typeof item === 'object' && item !== null && !Array.isArray(item) && table.itemKey !== 'content') {
    const record = item as Record<string, unknown>;
    const key = idKey(table.itemKey, record, params);
    const extra: Extra = [];
    if (key !== undefined && fitsObject(fitsOf(table.columns), record, '', extra, true)) {
      const itemJson = JSON.stringify(record);
      const extraJson = extra.length === 0 ? 'null' : extraText(extra);
      // The item's text holds its undocumented fields too: it alone says whether anything changed. (SHA-1: a
      // change detector, not a key, and the cheapest of Node's hashes.)
      return { key, hash: hash('sha1', itemJson), itemJson, extraJson };
    }
  }
  return rewrittenRow(table, item, params);
}

/** Undocumented fields met on the way: each one's path, then its value. */
type Extra = unknown[];

/** A `YYYY-MM-DD` date's shape: a month of the year, a day of a month (whether that month has it: `hasDay`). */
const datePattern = String.raw`\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])`;

/** A `YYYY-MM-DD` date. */
const isoDate = new RegExp(`^${datePattern}$`);

/** An ISO 8601 time with seconds and a zone, as both databases read it into a timestamp column. */
const isoTimestamp = new RegExp(
  String.raw`^${datePattern}T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,9})?(?:Z|[+-](?:0\d|1[0-4]):[0-5]\d)$`,
);

/** An ISO 8601 time that both databases read as it is: its shape, and a day its month has. */
function isIsoTimestamp(value: string): boolean {
  return isoTimestamp.test(value) && hasDay(value);
}

/**
 * Whether the month of a `YYYY-MM-DD…` text (its shape checked) has its day: the databases refuse the 30th of
 * February, where JavaScript's `Date.parse` moves it to March.
 */
function hasDay(text: string): boolean {
  const day = Number(text.slice(8, 10));
  if (day <= 28) return true;
  const month = Number(text.slice(5, 7));
  if (month !== 2) return day <= (month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31);
  const year = Number(text.slice(0, 4));
  return day === 29 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** The undocumented fields' JSON (`extra`: path, value, path, value, …), by path in name order. */
function extraText(extra: Extra): string {
  // Sorted in place, pair by pair: an item has a few undocumented fields, mostly met in order already.
  for (let at = 2; at < extra.length; at += 2) {
    const path = extra[at] as string;
    const value = extra[at + 1];
    let to = at;
    while (to > 0 && (extra[to - 2] as string) > path) {
      extra[to] = extra[to - 2];
      extra[to + 1] = extra[to - 1];
      to -= 2;
    }
    extra[to] = path;
    extra[to + 1] = value;
  }
  let text = '';
  for (let at = 0; at < extra.length; at += 2) {
    const value = extra[at + 1];
    const valueText = typeof value === 'object' && value !== null ? written(value) : JSON.stringify(value);
    if (valueText !== undefined) text += `${text === '' ? '' : ','}${JSON.stringify(extra[at])}:${valueText}`;
  }
  return `{${text}}`;
}

/**
 * Whether a value can be read by the database from the item's own text into its column (a string for text, a
 * safe integer for an integer column, an ISO 8601 time with its zone for a timestamp, …); undocumented members
 * met on the way are added to `extra`, `path` being where the value is.
 */
type Fit = (value: unknown, path: string, extra: Extra) => boolean;

/** The fit of each documented field of an object, by name (its keys: the documented fields): made once per column list. */
type ObjectFits = ReadonlyMap<string, Fit>;

const fitsOfColumns = new WeakMap<readonly Column[], ObjectFits>();

function fitsOf(columns: readonly Column[]): ObjectFits {
  let fits = fitsOfColumns.get(columns);
  if (fits === undefined) {
    fits = new Map(columns.map((column) => [column.name, fitOf(column.type)]));
    fitsOfColumns.set(columns, fits);
  }
  return fits;
}

const isString: Fit = (value) => typeof value === 'string';

function fitOf(type: ColumnType): Fit {
  switch (type.kind) {
    case 'text':
      return isString;
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'integer':
      return (value) => Number.isSafeInteger(value);
    case 'double':
      return (value) => typeof value === 'number' && Number.isFinite(value);
    case 'timestamp':
      return (value) => typeof value === 'string' && isIsoTimestamp(value);
    case 'date':
      return isDate;
    case 'json':
      return () => true;
    case 'struct': {
      // Made now, not per value: every item's nested object comes through here.
      const fields = fitsOf(type.fields);
      return (value, path, extra) =>
        typeof value === 'object' &&
        !Array.isArray(value) &&
        fitsObject(fields, value as Record<string, unknown>, `${path}.`, extra, false);
    }
    case 'list': {
      const fitsItem = fitOf(type.item);
      return (value, path, extra) => {
        if (!Array.isArray(value)) return false;
        for (let index = 0; index < value.length; index++) {
          const item = value[index];
          if (item !== undefined && item !== null && !fitsItem(item, `${path}[${index}]`, extra)) return false;
        }
        return true;
      };
    }
  }
}

/**
 * Whether every documented field of the object fits its column; its undocumented members are added to
 * `extra` on the way. `prefix`: the object's path with its dot (empty for the item). `top`: the item itself,
 * whose fields named like pdg's own columns (`_pdg_…`) must be written anew.
 */
function fitsObject(
  fits: ObjectFits,
  record: Readonly<Record<string, unknown>>,
  prefix: string,
  extra: Extra,
  top: boolean,
): boolean {
  for (const field in record) {
    if (!Object.hasOwn(record, field)) continue;
    const value = record[field];
    const fitsField = fits.get(field);
    if (fitsField !== undefined) {
      if (value !== undefined && value !== null && !fitsField(value, `${prefix}${field}`, extra)) return false;
      continue;
    }
    if (top && field.startsWith('_pdg_')) return false;
    if (value !== undefined) extra.push(`${prefix}${field}`, value);
  }
  return true;
}

/**
 * The row of an item that does not fit as sent: its documented values written one by one in the columns'
 * order (a timestamp in another form than ISO 8601 anew in it, in UTC; JSON columns with their keys sorted),
 * misfits and undocumented fields in `extra`.
 */
function rewrittenRow(table: TableShape, item: unknown, params: Readonly<Record<string, unknown>>): ItemRow {
  const record = (typeof item === 'object' && item !== null && !Array.isArray(item) ? item : { value: item }) as Record<
    string,
    unknown
  >;
  const extra: Extra = [];
  const sink = (path: string, value: unknown) => {
    extra.push(path, value);
  };
  const itemJson = objectText(table.columns, record, '', sink);
  const extraJson = extra.length > 0 ? extraText(extra) : 'null';
  const hash = contentHash(`${itemJson}\n${extraJson}`);
  return { key: itemKey(table.itemKey, record, params, hash), hash, itemJson, extraJson };
}

/** A `YYYY-MM-DD` date, on a day its month has. */
function isDate(value: unknown): value is string {
  return typeof value === 'string' && isoDate.test(value) && hasDay(value);
}

/** Keeps a value that does not fit its column in `extra`, at its path. */
type ExtraSink = (path: string, value: unknown) => void;

/**
 * The value's JSON text as its column holds it, or undefined where it does not fit (then kept in `extra` at
 * `path` + `name`, `path` being its object's, with its dot). Objects are written in their columns' order, their
 * undocumented fields kept in `extra`; a timestamp in another form than ISO 8601 anew in it, in UTC; JSON
 * columns with their keys sorted.
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
      if (typeof value !== 'string') return undefined;
      // An ISO 8601 time goes as it is; another form JavaScript reads is written anew, but for a day its month
      // lacks (which JavaScript would move to the next month).
      if (isIsoTimestamp(value)) return JSON.stringify(value);
      if (/^\d{4}-\d{2}-\d{2}/.test(value) && !hasDay(value)) return undefined;
      const time = Date.parse(value);
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

/**
 * An object's text in its columns' order (absent and misfit fields left out); other fields go to `extra`. A
 * nested object (`path` not empty) keeps its undocumented members too, as an item sent as it came does: a
 * PostgreSQL `jsonb` column holds them, DuckDB's `STRUCT` passes over them.
 */
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
  const known = fitsOf(columns);
  const undocumented: string[] = [];
  for (const field in record)
    if (!known.has(field) && Object.hasOwn(record, field)) {
      extra(`${path}${field}`, record[field]);
      undocumented.push(field);
    }
  // In name order: the same content gives the same text (and key, where the key is a hash of it).
  if (path !== '')
    for (const field of undocumented.sort()) {
      const fieldText = written(record[field]);
      if (fieldText !== undefined) text += `${text === '' ? '' : ','}${JSON.stringify(field)}:${fieldText}`;
    }
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
  return (parts === 'content' ? undefined : idKey(parts, record, params)) ?? `content:${hash}`;
}

/** The key from the item's id (and params), or undefined where the item has none of the id's fields. */
function idKey(
  parts: readonly ItemKeyPart[],
  record: Readonly<Record<string, unknown>>,
  params: Readonly<Record<string, unknown>>,
): string | undefined {
  // The common key: one field of the item, a string.
  if (parts.length === 1 && typeof parts[0] === 'string') {
    const value = record[parts[0]];
    if (typeof value === 'string') return value;
    return value === undefined || value === null ? undefined : JSON.stringify(value);
  }
  const values = parts.map((part) => (typeof part === 'string' ? record[part] : params[part.param]) ?? null);
  const fromItem = parts.filter((part) => typeof part === 'string');
  if (fromItem.length > 0 && fromItem.every((part) => record[part] === undefined || record[part] === null))
    return undefined;
  if (values.length === 1) return typeof values[0] === 'string' ? values[0] : JSON.stringify(values[0]);
  return JSON.stringify(values);
}
