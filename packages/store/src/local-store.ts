// A store opened on the calling thread, its database driver loaded only then: a harvest into DuckDB never loads
// `pg`, one into PostgreSQL never loads DuckDB. The store's own thread (store-thread.ts) opens it so. Imports
// name the `.ts` files: that thread runs this file from `src/` in the package's own tests (Node strips types).

import type { HarvestStore } from './store.js';
import { type StoreTarget, targetText } from './target.ts';

export async function openLocalStore(target: StoreTarget): Promise<HarvestStore> {
  const { sqlStore } = await import('./sql-store.ts');
  if (target.kind === 'duckdb') {
    const { duckdbEngine } = await import('./duckdb.ts');
    return sqlStore(await duckdbEngine(target.file), targetText(target));
  }
  if (target.kind === 'postgres') {
    const { postgresEngine } = await import('./postgres.ts');
    return sqlStore(await postgresEngine(target.url), targetText(target));
  }
  const { parquetStore } = await import('./parquet.ts');
  return parquetStore(target.dir);
}
