// Where a harvest lands, read from its text form (`--into`): the three targets, and a usage error naming them
// for anything else, before anything is sent.
import { usageError } from '@pdg/core';

/** A harvest's destination. */
export type StoreTarget =
  /** An embedded DuckDB file (the default, `pdg.duckdb`). */
  | { readonly kind: 'duckdb'; readonly file: string }
  /** A PostgreSQL server, by its connection URL. */
  | { readonly kind: 'postgres'; readonly url: string }
  /** A folder of Parquet files, one per table. */
  | { readonly kind: 'parquet'; readonly dir: string };

/** The DuckDB file a harvest writes when no target is named. */
export const defaultDuckdbFile = 'pdg.duckdb';

const targetsTaken =
  '`duckdb:FILE` (the default, duckdb:pdg.duckdb), `postgres://…` (or postgresql://…) or `parquet:DIR`';

/** `duckdb:FILE`, `postgres://…`, `postgresql://…` or `parquet:DIR`; undefined is the default DuckDB file. */
export function parseTarget(text: string | undefined): StoreTarget {
  if (text === undefined) return { kind: 'duckdb', file: defaultDuckdbFile };
  if (text.startsWith('postgres://') || text.startsWith('postgresql://')) return { kind: 'postgres', url: text };
  const colon = text.indexOf(':');
  const scheme = colon < 0 ? '' : text.slice(0, colon);
  const rest = colon < 0 ? '' : text.slice(colon + 1);
  if (scheme === 'duckdb') return { kind: 'duckdb', file: rest === '' ? defaultDuckdbFile : rest };
  if (scheme === 'parquet' && rest !== '') return { kind: 'parquet', dir: rest };
  if (scheme === 'parquet') throw usageError('parquet: needs a folder: parquet:DIR (such as parquet:./harvest).');
  throw usageError(`Unknown target "${text}": a harvest goes into ${targetsTaken}.`);
}

/** A target as its text form, for summaries and messages (a PostgreSQL URL without its password). */
export function targetText(target: StoreTarget): string {
  if (target.kind === 'duckdb') return `duckdb:${target.file}`;
  if (target.kind === 'parquet') return `parquet:${target.dir}`;
  try {
    const url = new URL(target.url);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'postgres://…';
  }
}
