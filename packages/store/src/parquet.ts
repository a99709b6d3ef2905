// The Parquet store (`parquet:DIR`): the run is merged in an in-process DuckDB loaded from the folder's files,
// and at the end of the run each table is written to a new file and renamed over the old one, so a file
// always holds each item once, whole; a run killed before its end leaves the files of the run before.
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { duckdbEngine } from './duckdb.js';
import { readLedgerRuns } from './ledger-runs.js';
import { sqlStore } from './sql-store.js';
import type { HarvestStore } from './store.js';

const ledgerTables = ['_pdg_runs', '_pdg_changes', '_pdg_state'];

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

export async function parquetStore(dir: string): Promise<HarvestStore> {
  await mkdir(dir, { recursive: true });
  const engine = await duckdbEngine(':memory:');
  const store = sqlStore(engine, `parquet:${dir}`);
  const loaded = new Set<string>();
  const tables = new Set<string>(ledgerTables);
  const fileOf = (table: string) => join(dir, `${table}.parquet`);
  const load = async (table: string) => {
    if (loaded.has(table)) return;
    loaded.add(table);
    if (existsSync(fileOf(table)))
      await engine.run(`INSERT INTO "${table}" BY NAME SELECT * FROM read_parquet(${literal(fileOf(table))})`);
  };
  const persist = async (runId: string) => {
    const written: [string, string][] = [];
    try {
      for (const table of tables) {
        const temporary = join(dir, `.${table}.${runId}.parquet.tmp`);
        await engine.run(`COPY (SELECT * FROM "${table}") TO ${literal(temporary)} (FORMAT PARQUET)`);
        written.push([temporary, fileOf(table)]);
      }
      // The ledger's state last: a crash between renames leaves items ahead of the state, never behind it.
      for (const [temporary, target] of written.sort(
        ([, a], [, b]) => Number(a.includes('_pdg_state')) - Number(b.includes('_pdg_state')),
      ))
        await rename(temporary, target);
    } finally {
      for (const [temporary] of written) await rm(temporary, { force: true });
    }
  };
  return {
    ...store,
    // Pages are in the files only once the run's end writes them.
    commitsEachPage: false,
    // The runs the folder's ledger file holds (written at each run's end).
    readRuns: async (runIds) =>
      existsSync(fileOf('_pdg_runs'))
        ? readLedgerRuns(engine, runIds, `read_parquet(${literal(fileOf('_pdg_runs'))})`)
        : [],
    async prepare(table) {
      await store.prepare(table);
      tables.add(table.name);
      for (const name of [...ledgerTables, table.name]) await load(name);
    },
    async finishRun(end) {
      const removed = await store.finishRun(end);
      await persist(end.run.runId);
      return removed;
    },
  };
}
