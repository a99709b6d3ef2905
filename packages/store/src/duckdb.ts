// The DuckDB engine (`duckdb:FILE`, the embedded default): `@duckdb/node-api`, loaded only when a harvest
// goes into DuckDB. One process writes a DuckDB file at a time, through one store: a second process, or a second
// store in this one, is refused with a message saying so.
import { resolve } from 'node:path';
import { usageError } from '@pdg/core';
import { type ColumnType, pdgColumns } from './columns.js';
import {
  differingColumns,
  extraPathField,
  inTransaction,
  type JsonColumn,
  quoted,
  rowsWithPages,
  runScript,
  type SqlEngine,
  scriptText,
} from './sql-engine.js';

/** Prepared statements kept at most (a harvest uses a dozen). */
const maxPrepared = 64;

/** A script's values from this length on are bound to `batchVariable` rather than written in. */
const largeValue = 4096;

/** The variable holding a script's large values, for the length of the script. */
const batchVariable = 'pdg_batch';

/** DuckDB's memory limit for a harvest. */
const memoryLimit = '128MB';

/**
 * The DuckDB files this process has open: DuckDB's lock keeps a second process out, not a second opening in the
 * same process, whose writes would then go past the first one's (its keys, its checkpoints).
 */
const openFiles = new Set<string>();

/** Opens (or creates) the DuckDB file; `':memory:'` for a database that lives only in this process. */
export async function duckdbEngine(file: string): Promise<SqlEngine> {
  if (file === ':memory:') return openEngine(file, () => undefined);
  const opened = resolve(file);
  if (openFiles.has(opened))
    throw usageError(
      `duckdb:${file} is already open in this process: one store writes a DuckDB file at a time. Use the store that has it open (it takes one harvest after another), or close it first.`,
    );
  // Held from here, so two openings started at once do not both go on.
  openFiles.add(opened);
  const release = () => openFiles.delete(opened);
  try {
    return await openEngine(file, release);
  } catch (error) {
    release();
    throw error;
  }
}

async function openEngine(file: string, closed: () => void): Promise<SqlEngine> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  type DuckDBPreparedStatement = Awaited<ReturnType<Awaited<ReturnType<typeof instance.connect>>['prepare']>>;
  // A harvest writes one page at a time: DuckDB's default memory limit (most of the machine's memory) would let
  // its caches grow far past what a page needs; past this limit it evicts them. One thread: a batch of a few
  // thousand rows gains nothing from more, and DuckDB's threads handing it between them cost the processor time
  // the walk beside it needs (about half again the CPU per row, measured).
  const instance = await DuckDBInstance.create(file, { memory_limit: memoryLimit, threads: '1' }).catch(
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (/lock/i.test(message))
        throw usageError(
          `duckdb:${file} is in use by another process: DuckDB lets one process write a file at a time. Wait for it to finish, or harvest into postgres://… for many workers. (${message})`,
        );
      throw usageError(`duckdb:${file} cannot be opened: ${message}`);
    },
  );
  const connection = await instance.connect();
  // A statement with params is prepared once and kept: preparing takes two hops to DuckDB's thread and back,
  // and a harvest runs the same few statements batch after batch.
  const preparedStatements = new Map<string, DuckDBPreparedStatement>();
  const prepared = async (sql: string, params: readonly unknown[]) => {
    let statement = preparedStatements.get(sql);
    if (statement === undefined) {
      if (preparedStatements.size >= maxPrepared) {
        for (const kept of preparedStatements.values()) kept.destroySync();
        preparedStatements.clear();
      }
      statement = await connection.prepare(sql);
      preparedStatements.set(sql, statement);
    }
    statement.bind(params as never);
    return statement;
  };
  const run = async (sql: string, params: readonly unknown[] = []) => {
    if (params.length === 0) await connection.run(sql);
    else await (await prepared(sql, params)).run();
  };
  /** The texts of a JSON array param. */
  const keyList = (param: string) => `(SELECT unnest(from_json(${param}::JSON, '["VARCHAR"]')))`;
  /**
   * Rows of an NDJSON param, typed by their columns' structure. One JSON value per row, not one array of them:
   * DuckDB reads a batch of thousands of rows about twice as fast so.
   */
  const jsonRows = (param: string, columns: readonly JsonColumn[], alias = '_pdg_rows') =>
    `(SELECT unnest(from_json("_pdg_line", '${JSON.stringify(structure(columns)).replaceAll("'", "''")}')) FROM (SELECT unnest(string_split(${param}, chr(10))) AS "_pdg_line")) AS ${quoted(alias)}`;
  return {
    dialect: 'duckdb',
    soleWriter: true,
    async query(sql, params = []) {
      const reader =
        params.length === 0 ? await connection.runAndReadAll(sql) : await (await prepared(sql, params)).runAndReadAll();
      return reader.getRowObjectsJson() as Record<string, unknown>[];
    },
    run,
    // One process writes a DuckDB file: nothing to wait for.
    lockSchema: async () => undefined,
    transaction: (work) => inTransaction(run, 'BEGIN TRANSACTION', work),
    // The whole script in one call, as PostgreSQL's is one round trip: each call is a hop to DuckDB's thread and
    // back through this thread's event loop, which a walk keeps busy, so a batch's statements sent one by one
    // (seven or more) each waited on the walk. Large values (the batch's rows) are bound once, to a variable:
    // DuckDB parses a megabyte literal about twice as slowly as it binds it. The others are written in.
    async script(statements) {
      const large: string[] = [];
      const text = scriptText('BEGIN TRANSACTION', statements, (value) => {
        if (value.length < largeValue) return undefined;
        large.push(value);
        return `getvariable('${batchVariable}')[${large.length}]`;
      });
      if (large.length > 0)
        await run(`SET VARIABLE ${batchVariable} = [${large.map((_, index) => `$${index + 1}`).join(', ')}]`, large);
      try {
        await runScript(run, text);
      } finally {
        if (large.length > 0) await run(`RESET VARIABLE ${batchVariable}`).catch(() => undefined);
      }
    },
    columnSql: duckdbType,
    // JSON text has no raw newline: one row a line.
    rowsText: (rows) => rows.join('\n'),
    jsonRows,
    keyList,
    changedFields(columns, fresh, stored) {
      const [a, b] = [quoted(fresh), quoted(stored)];
      const extra = quoted(pdgColumns.extra);
      const keysOf = (row: string) => `coalesce(json_keys(${row}.${extra}), []::VARCHAR[])`;
      const at = (row: string) => `json_extract(${row}.${extra}, '$."' || replace(f, '"', '\\"') || '"')`;
      const extraFields = `list_transform(list_filter(list_distinct(list_concat(${keysOf(a)}, ${keysOf(b)})), lambda f: ${at(a)} IS DISTINCT FROM ${at(b)}), lambda f: ${extraPathField('f')})`;
      return `list_sort(list_distinct(list_concat(list_filter([${differingColumns(columns, fresh, stored)}]::VARCHAR[], lambda f: f IS NOT NULL), ${extraFields})))`;
    },
    async createItemTable(table, columns) {
      // The key is the table's PRIMARY KEY: DuckDB refuses an item stored twice. A changed row is deleted and
      // inserted again in one transaction, which DuckDB's key check allows since 1.2.
      const list = columns.map((column) => `${quoted(column.name)} ${duckdbType(column.type)}`).join(', ');
      await run(`CREATE TABLE IF NOT EXISTS ${quoted(table.name)} (${list}, PRIMARY KEY ("_pdg_key"))`);
    },
    replaceRows(table, columns, rows, pages, replacedKeys) {
      // DELETE then INSERT, not INSERT … ON CONFLICT DO UPDATE: this one writes STRUCT and list columns whole.
      const names = columns.map((column) => quoted(column.name)).join(', ');
      return [
        ...(replacedKeys === undefined
          ? []
          : [
              { sql: `DELETE FROM ${quoted(table.name)} WHERE "_pdg_key" IN ${keyList('$1')}`, params: [replacedKeys] },
            ]),
        {
          sql: `INSERT INTO ${quoted(table.name)} (${names}) SELECT ${names} FROM ${rowsWithPages({ jsonRows }, rows, pages)}`,
          params: [rows.text, pages.text],
        },
      ];
    },
    async close() {
      for (const statement of preparedStatements.values()) statement.destroySync();
      // Closing writes what the log holds into the file (a checkpoint), on this thread: after a harvest of 50,000
      // items that holds the event loop for a few hundred milliseconds. Asked for first, it runs on DuckDB's own
      // thread, and closing then has nothing left to write. (Where it fails, closing tries again and says why.)
      await connection.run('CHECKPOINT').catch(() => undefined);
      try {
        connection.closeSync();
        instance.closeSync();
      } finally {
        closed();
      }
    },
  };
}

function duckdbType(type: ColumnType): string {
  switch (type.kind) {
    case 'text':
      return 'VARCHAR';
    case 'boolean':
      return 'BOOLEAN';
    case 'integer':
      return 'BIGINT';
    case 'double':
      return 'DOUBLE';
    case 'timestamp':
      return 'TIMESTAMPTZ';
    case 'date':
      return 'DATE';
    case 'json':
      return 'JSON';
    case 'struct':
      return `STRUCT(${type.fields.map((field) => `${quoted(field.name)} ${duckdbType(field.type)}`).join(', ')})`;
    case 'list':
      return `${duckdbType(type.item)}[]`;
  }
}

/** The `from_json` structure of the columns: their types as DuckDB names them, nested as the values nest. */
function structure(columns: readonly JsonColumn[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((column) => [column.name, structureOf(column.type)]));
}

function structureOf(type: ColumnType): unknown {
  if (type.kind === 'struct') return structure(type.fields);
  if (type.kind === 'list') return [structureOf(type.item)];
  return duckdbType(type);
}
