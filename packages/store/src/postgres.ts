// The PostgreSQL engine (`postgres://…`): `pg`, loaded only when a harvest goes into PostgreSQL. A batch of
// pages is sent as one JSON param, read as rows by `jsonb_to_recordset` (the staging, in one statement) and
// merged with `INSERT … ON CONFLICT (_pdg_key) DO UPDATE`, inside the batch's transaction; many processes can
// write one table at once.
import { usageError } from '@pdg/core';
import { maskUrlCredentials } from '@pdg/core/face';
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

export async function postgresEngine(url: string): Promise<SqlEngine> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect().catch((error: unknown) => {
    throw usageError(
      `PostgreSQL at ${maskUrlCredentials(url)} cannot be reached: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  // A server going away between queries is reported by the query that fails; this keeps it from being thrown unheard.
  client.on('error', () => undefined);
  // Batches are sent with their values written in as string literals, quotes doubled: this makes that exact.
  await client.query('SET standard_conforming_strings = on');
  const run = async (sql: string, params: readonly unknown[] = []) => {
    await client.query(sql, params as unknown[]);
  };
  // jsonb: the batch is converted to jsonb's binary form once, and its jsonb columns are then taken from it as
  // they are; json_to_recordset converts each jsonb column's text again, about twice the time in all.
  const recordset = (param: string, columns: readonly JsonColumn[], alias = '_pdg_rows') =>
    `jsonb_to_recordset(${param}::jsonb) AS ${quoted(alias)}(${columns.map((column) => `${quoted(column.name)} ${postgresType(column.type)}`).join(', ')})`;
  return {
    dialect: 'postgres',
    // Many workers may write one table: every key is looked up.
    soleWriter: false,
    async query(sql, params = []) {
      const result = await client.query(sql, params as unknown[]);
      return result.rows as Record<string, unknown>[];
    },
    run,
    // A transaction-scoped advisory lock, its number pdg's own: released at commit or rollback.
    lockSchema: () => run('SELECT pg_advisory_xact_lock(7230451)'),
    transaction: (work) => inTransaction(run, 'BEGIN', work),
    script: (statements) => runScript(run, scriptText('BEGIN', statements)),
    columnSql: postgresType,
    rowsText: (rows) => `[${rows.join(',')}]`,
    jsonRows: recordset,
    keyList: (param) => `(SELECT jsonb_array_elements_text(${param}::jsonb))`,
    changedFields(columns, fresh, stored) {
      const [a, b] = [quoted(fresh), quoted(stored)];
      const extra = quoted(pdgColumns.extra);
      const object = (row: string) =>
        `CASE WHEN jsonb_typeof(${row}.${extra}) = 'object' THEN ${row}.${extra} ELSE '{}'::jsonb END`;
      const extraFields = `SELECT ${extraPathField('"f"')} FROM (SELECT jsonb_object_keys(${object(a)}) AS "f" UNION SELECT jsonb_object_keys(${object(b)})) AS "_pdg_keys" WHERE (${object(a)} -> "f") IS DISTINCT FROM (${object(b)} -> "f")`;
      return `ARRAY(SELECT DISTINCT "f" FROM (SELECT unnest(ARRAY[${differingColumns(columns, fresh, stored)}]::text[]) AS "f" UNION ALL ${extraFields}) AS "_pdg_fields" WHERE "f" IS NOT NULL ORDER BY "f")`;
    },
    async createItemTable(table, columns) {
      const list = columns.map((column) => `${quoted(column.name)} ${postgresType(column.type)}`).join(', ');
      await run(`CREATE TABLE IF NOT EXISTS ${quoted(table.name)} (${list}, PRIMARY KEY ("_pdg_key"))`);
    },
    replaceRows(table, columns, rows, pages) {
      // ON CONFLICT replaces stored rows, so which keys are stored does not matter here.
      const names = columns.map((column) => quoted(column.name)).join(', ');
      const updates = columns
        .filter((column) => column.name !== '_pdg_key')
        .map((column) => `${quoted(column.name)} = EXCLUDED.${quoted(column.name)}`)
        .join(', ');
      return [
        {
          sql: `INSERT INTO ${quoted(table.name)} (${names}) SELECT ${names} FROM ${rowsWithPages({ jsonRows: recordset }, rows, pages)} ON CONFLICT ("_pdg_key") DO UPDATE SET ${updates}`,
          params: [rows.text, pages.text],
        },
      ];
    },
    async close() {
      await client.end();
    },
  };
}

function postgresType(type: ColumnType): string {
  switch (type.kind) {
    case 'text':
      return 'text';
    case 'boolean':
      return 'boolean';
    case 'integer':
      return 'bigint';
    case 'double':
      return 'double precision';
    case 'timestamp':
      return 'timestamptz';
    case 'date':
      return 'date';
    default:
      return 'jsonb';
  }
}
