// A store opened from its target, its database driver loaded only then: a harvest into DuckDB never loads
// `pg`, one into PostgreSQL never loads DuckDB, and a program that never harvests loads neither.

import type { HarvestStore } from './store.js';
import { type StoreTarget, targetText } from './target.js';

/** Opens the target's store: `openStore(parseTarget('duckdb:pdg.duckdb'))`. Close it when done. */
export async function openStore(target: StoreTarget): Promise<HarvestStore> {
  const { sqlStore } = await import('./sql-store.js');
  if (target.kind === 'duckdb') {
    const { duckdbEngine } = await import('./duckdb.js');
    return sqlStore(await duckdbEngine(target.file), targetText(target));
  }
  if (target.kind === 'postgres') {
    const { postgresEngine } = await import('./postgres.js');
    return sqlStore(await postgresEngine(target.url), targetText(target));
  }
  const { parquetStore } = await import('./parquet.js');
  return parquetStore(target.dir);
}
