// Runs read back from the ledger (`_pdg_runs`) by id: what `pdg queue status` shows of each walk a worker wrote
// into a store.
import type { SqlEngine } from './sql-engine.js';
import type { HarvestMode, LedgerRun, RunFigures, RunStatus } from './store.js';

const figureNames = ['requests', 'pages', 'inserted', 'updated', 'unchanged', 'removed'] as const;

/** A value as text: a time as ISO 8601 (PostgreSQL's driver gives a Date, DuckDB text). */
const text = (value: unknown) =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value);

function runFromRow(row: Record<string, unknown>): LedgerRun {
  const figures = Object.fromEntries(
    figureNames.map((name) => [name, Number(row[name] ?? 0)]),
  ) as unknown as RunFigures;
  return {
    runId: String(row.runId),
    provider: String(row.provider),
    endpoint: String(row.endpoint),
    table: String(row.table),
    mode: String(row.mode) as HarvestMode,
    modeReason: String(row.modeReason ?? ''),
    status: String(row.status) as RunStatus,
    startedAt: text(row.startedAt) ?? '',
    endedAt: text(row.endedAt),
    error: text(row.error),
    ...figures,
  };
}

/**
 * The ledger's runs of these ids, oldest first, from `source` (the `_pdg_runs` table, or a Parquet file of it);
 * none where the ledger is absent (nothing was harvested there yet).
 */
export async function readLedgerRuns(
  engine: SqlEngine,
  runIds: readonly string[],
  source = '"_pdg_runs"',
): Promise<LedgerRun[]> {
  if (runIds.length === 0) return [];
  if (source === '"_pdg_runs"') {
    const [present] = await engine.query(
      `SELECT count(*) AS n FROM information_schema.tables WHERE table_name = '_pdg_runs' ${engine.dialect === 'postgres' ? 'AND table_schema = current_schema()' : ''}`,
    );
    if (Number(present?.n ?? 0) === 0) return [];
  }
  const rows = await engine.query(
    `SELECT * FROM ${source} WHERE "runId" IN ${engine.keyList('$1')} ORDER BY "startedAt", "runId"`,
    [JSON.stringify(runIds)],
  );
  return rows.map(runFromRow);
}
