// A store opened from its target, on a thread of its own (threaded-store.ts), its database driver loaded only
// there and only then: a harvest into DuckDB never loads `pg`, one into PostgreSQL never loads DuckDB, and a
// program that never harvests loads neither.
import type { HarvestStore } from './store.js';
import type { StoreTarget } from './target.js';

/** Opens the target's store: `openStore(parseTarget('duckdb:pdg.duckdb'))`. Close it when done. */
export async function openStore(target: StoreTarget): Promise<HarvestStore> {
  const { threadedStore } = await import('./threaded-store.js');
  return threadedStore(target);
}
