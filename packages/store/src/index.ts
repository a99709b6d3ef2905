/**
 * `@pdg/store`: harvests into keyed tables. `harvest(client, walk, store)` walks a paged endpoint into a table
 * typed from its item schema (DuckDB, PostgreSQL or Parquet), keeps each item once by its key, fetches only
 * what is new on the next run, and records each run in a ledger with what it added and changed.
 */
export type { Column, ColumnType, TableShape } from './columns.js';
export { tableName, tableShape } from './columns.js';
export {
  type HarvestOptions,
  type HarvestProgress,
  type HarvestSummary,
  type HarvestWalk,
  harvest,
  pagedDefinition,
} from './harvest.js';
export { openStore } from './open-store.js';
export { type RequestIdRecorder, requestIdRecorder } from './request-ids.js';
export type {
  HarvestMode,
  HarvestStore,
  LedgerRun,
  PageCounts,
  PageWrite,
  RunEnd,
  RunFigures,
  RunStart,
  RunStatus,
  StoredState,
} from './store.js';
export {
  type StoreSink,
  type StoreSinkEnd,
  type StoreSinkOptions,
  type StoreSinkPage,
  type StoreSinkStart,
  type StoreSinkWalk,
  storeSink,
} from './store-sink.js';
export { defaultDuckdbFile, parseTarget, type StoreTarget, targetText } from './target.js';
