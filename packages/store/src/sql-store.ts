// The harvest store on a SQL database (DuckDB, PostgreSQL): the item table and pdg's own tables
// (`_pdg_runs`, `_pdg_changes`, `_pdg_state`), and each page's rows, changes, checkpoint and run figures
// written in one transaction, so a run killed at any moment leaves them consistent.
import { type Column, type ColumnType, pdgColumns, type TableShape } from './columns.js';
import type { ItemRow } from './item-row.js';
import { readLedgerRuns } from './ledger-runs.js';
import { type JsonColumn, quoted, type SqlEngine } from './sql-engine.js';
import { stableJson } from './stable-json.js';
import type { HarvestStore, PageCounts, PageWrite, RunEnd, RunStart, StoredState } from './store.js';

const text: ColumnType = { kind: 'text' };
const json: ColumnType = { kind: 'json' };
const integer: ColumnType = { kind: 'integer' };
const timestamp: ColumnType = { kind: 'timestamp' };

/** pdg's columns of an item table, after the item's own. */
const provenance: readonly Column[] = [
  { name: pdgColumns.key, type: text },
  { name: pdgColumns.extra, type: json },
  { name: pdgColumns.runId, type: text },
  { name: pdgColumns.requestId, type: text },
  { name: pdgColumns.fetchedAt, type: timestamp },
  { name: pdgColumns.params, type: json },
  { name: pdgColumns.hash, type: text },
  { name: pdgColumns.fieldHashes, type: json },
  { name: pdgColumns.seenRunId, type: text },
  { name: pdgColumns.removedAt, type: timestamp },
];

const runsColumns: readonly Column[] = [
  { name: 'runId', type: text },
  { name: 'provider', type: text },
  { name: 'endpoint', type: text },
  { name: 'table', type: text },
  { name: 'params', type: json },
  { name: 'mode', type: text },
  { name: 'modeReason', type: text },
  { name: 'startedAt', type: timestamp },
  { name: 'endedAt', type: timestamp },
  { name: 'status', type: text },
  ...['requests', 'pages', 'inserted', 'updated', 'unchanged', 'removed'].map((name) => ({ name, type: integer })),
  { name: 'error', type: text },
];

const changesColumns: readonly Column[] = [
  { name: 'runId', type: text },
  { name: 'table', type: text },
  { name: 'key', type: text },
  { name: 'change', type: text },
  { name: 'fields', type: json },
  { name: 'at', type: timestamp },
];

const stateColumns: readonly Column[] = [
  { name: 'table', type: text },
  { name: 'scope', type: text },
  { name: 'provider', type: text },
  { name: 'endpoint', type: text },
  { name: 'params', type: json },
  { name: 'runId', type: text },
  { name: 'status', type: text },
  { name: 'mode', type: text },
  { name: 'modeReason', type: text },
  { name: 'checkpoint', type: json },
  { name: 'sentParams', type: json },
  { name: 'highWater', type: text },
  { name: 'runHighWater', type: text },
  { name: 'updatedAt', type: timestamp },
];

const k = quoted(pdgColumns.key);

/** A harvest store on `engine`, shown as `target`. */
export function sqlStore(engine: SqlEngine, target: string): HarvestStore {
  const itemColumns = (table: TableShape): JsonColumn[] => [...table.columns, ...provenance];
  const prepared = new Set<string>();
  return {
    target,
    commitsEachPage: true,
    async prepare(table) {
      if (prepared.has(table.name)) return;
      await engine.transaction(async () => {
        await engine.lockSchema();
        await createTable(engine, '_pdg_runs', runsColumns);
        await createTable(engine, '_pdg_changes', changesColumns);
        await createTable(engine, '_pdg_state', stateColumns);
        await engine.createItemTable(table, itemColumns(table));
        await addMissingColumns(engine, table.name, itemColumns(table));
      });
      prepared.add(table.name);
    },
    async readState(table, params) {
      const [row] = await engine.query(`SELECT * FROM "_pdg_state" WHERE "table" = $1 AND "scope" = $2`, [
        table.name,
        stableJson(params),
      ]);
      return row === undefined ? undefined : stateFromRow(row);
    },
    async startRun(run) {
      await engine.transaction(async () => {
        // Workers starting one queue walk at once: one records it, the others find it recorded.
        if (run.ifAbsent) await engine.lockSchema();
        if (run.interrupts !== undefined)
          await engine.run(
            `UPDATE "_pdg_runs" SET "status" = 'interrupted', "endedAt" = ${now(engine)} WHERE "runId" = $1 AND "status" = 'running'`,
            [run.interrupts],
          );
        // Rows the killed run already saw count as seen by this one, which finishes its walk.
        if (run.interrupts !== undefined)
          await engine.run(
            `UPDATE ${quoted(run.table.name)} SET ${quoted(pdgColumns.seenRunId)} = $1 WHERE ${quoted(pdgColumns.seenRunId)} = $2`,
            [run.runId, run.interrupts],
          );
        await insertJson(
          engine,
          '_pdg_runs',
          runsColumns,
          [
            {
              runId: run.runId,
              provider: run.table.provider,
              endpoint: run.table.endpoint,
              table: run.table.name,
              params: JSON.parse(stableJson(run.params)),
              mode: run.mode,
              modeReason: run.modeReason,
              startedAt: run.startedAt.toISOString(),
              status: 'running',
              requests: 0,
              pages: 0,
              inserted: 0,
              updated: 0,
              unchanged: 0,
              removed: 0,
            },
          ],
          run.ifAbsent
            ? `WHERE NOT EXISTS (SELECT 1 FROM "_pdg_runs" WHERE "runId" = '${run.runId.replaceAll("'", "''")}')`
            : '',
        );
      });
    },
    writePage: (page) => engine.transaction(() => writePage(engine, itemColumns(page.run.table), page)),
    finishRun: (end) => engine.transaction(() => finishRun(engine, end)),
    async countRows(table) {
      const [row] = await engine.query(`SELECT count(*) AS n FROM ${quoted(table.name)}`);
      return Number(row?.n ?? 0);
    },
    readRuns: (runIds) => readLedgerRuns(engine, runIds),
    close: () => engine.close(),
  };
}

function now(engine: SqlEngine): string {
  return engine.dialect === 'postgres' ? 'now()' : 'current_timestamp';
}

async function createTable(engine: SqlEngine, name: string, columns: readonly Column[]): Promise<void> {
  const list = columns.map((column) => `${quoted(column.name)} ${engine.columnSql(column.type)}`).join(', ');
  await engine.run(`CREATE TABLE IF NOT EXISTS ${quoted(name)} (${list})`);
}

/** Columns a newer schema documents that the stored table lacks (a field the spec added), added as null. */
async function addMissingColumns(engine: SqlEngine, table: string, columns: readonly Column[]): Promise<void> {
  const present = await engine.query(
    `SELECT column_name FROM information_schema.columns WHERE table_name = $1 ${engine.dialect === 'postgres' ? 'AND table_schema = current_schema()' : ''}`,
    [table],
  );
  const names = new Set(present.map((row) => String(row.column_name)));
  for (const column of columns) {
    if (!names.has(column.name))
      await engine.run(
        `ALTER TABLE ${quoted(table)} ADD COLUMN ${quoted(column.name)} ${engine.columnSql(column.type)}`,
      );
  }
}

async function insertJson(
  engine: SqlEngine,
  table: string,
  columns: readonly Column[],
  rows: readonly Record<string, unknown>[],
  where = '',
): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map((column) => quoted(column.name)).join(', ');
  await engine.run(
    `INSERT INTO ${quoted(table)} (${names}) SELECT ${names} FROM ${engine.jsonRows('$1', columns)} ${where}`,
    [JSON.stringify(rows)],
  );
}

/** A stored JSON value, as the engine returns it (text or parsed). */
function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function stateFromRow(row: Record<string, unknown>): StoredState {
  return {
    runId: String(row.runId),
    status: row.status === 'completed' ? 'completed' : 'running',
    mode: (row.mode as StoredState['mode']) ?? 'full',
    modeReason: String(row.modeReason ?? ''),
    checkpoint: parsedJson(row.checkpoint) as StoredState['checkpoint'],
    sentParams: parsedJson(row.sentParams) as StoredState['sentParams'],
    highWater: row.highWater === null || row.highWater === undefined ? null : String(row.highWater),
    runHighWater: row.runHighWater === null || row.runHighWater === undefined ? null : String(row.runHighWater),
  };
}

async function saveState(engine: SqlEngine, run: RunStart, state: StoredState): Promise<void> {
  const scope = stableJson(run.params);
  await engine.run(`DELETE FROM "_pdg_state" WHERE "table" = $1 AND "scope" = $2`, [run.table.name, scope]);
  const values: Record<string, unknown> = {
    table: run.table.name,
    scope,
    provider: run.table.provider,
    endpoint: run.table.endpoint,
    params: scope,
    runId: state.runId,
    status: state.status,
    mode: state.mode,
    modeReason: state.modeReason,
    checkpoint: JSON.stringify(state.checkpoint),
    sentParams: JSON.stringify(state.sentParams),
    highWater: state.highWater,
    runHighWater: state.runHighWater,
    updatedAt: new Date().toISOString(),
  };
  // One row of plain params: cheaper than a JSON row source, and written once per page.
  const names = stateColumns.map((column) => quoted(column.name)).join(', ');
  const params = stateColumns.map((column, index) => `$${index + 1}::${engine.columnSql(column.type)}`).join(', ');
  await engine.run(
    `INSERT INTO "_pdg_state" (${names}) VALUES (${params})`,
    stateColumns.map((column) => values[column.name] ?? null),
  );
}

interface StoredRow {
  readonly hash: string;
  readonly fieldHashes: Record<string, string>;
  readonly removed: boolean;
}

async function storedRows(
  engine: SqlEngine,
  table: TableShape,
  keys: readonly string[],
): Promise<Map<string, StoredRow>> {
  const found = new Map<string, StoredRow>();
  if (keys.length === 0) return found;
  const rows = await engine.query(
    `SELECT ${k} AS "key", ${quoted(pdgColumns.hash)} AS "hash", ${quoted(pdgColumns.fieldHashes)} AS "fields", ${quoted(pdgColumns.removedAt)} AS "removedAt" FROM ${quoted(table.name)} WHERE ${k} IN (SELECT ${k} FROM ${engine.jsonRows('$1', [{ name: pdgColumns.key, type: text }])})`,
    [JSON.stringify(keys.map((key) => ({ [pdgColumns.key]: key })))],
  );
  for (const row of rows) {
    found.set(String(row.key), {
      hash: String(row.hash),
      fieldHashes: (parsedJson(row.fields) ?? {}) as Record<string, string>,
      removed: row.removedAt !== null && row.removedAt !== undefined,
    });
  }
  return found;
}

/** The fields whose hashes differ (a field added or gone counts). */
function changedFields(before: Readonly<Record<string, string>>, after: Readonly<Record<string, string>>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

async function writePage(engine: SqlEngine, columns: readonly JsonColumn[], page: PageWrite): Promise<PageCounts> {
  const { run } = page;
  // An item listed twice on one page (a live listing shifting under the walk) is written once, as last seen.
  const byKey = new Map<string, ItemRow>();
  for (const row of page.rows) byKey.set(row.key, row);
  const stored = await storedRows(engine, run.table, [...byKey.keys()]);
  const written: Record<string, unknown>[] = [];
  const changes: Record<string, unknown>[] = [];
  const unchangedKeys: string[] = [];
  const at = page.fetchedAt.toISOString();
  let inserted = 0;
  let updated = 0;
  for (const [key, row] of byKey) {
    const before = stored.get(key);
    if (before && before.hash === row.hash && !before.removed) {
      unchangedKeys.push(key);
      continue;
    }
    if (before) updated++;
    else inserted++;
    const fields = before ? changedFields(before.fieldHashes, row.fieldHashes) : [];
    changes.push({ runId: run.runId, table: run.table.name, key, change: before ? 'changed' : 'added', fields, at });
    written.push({
      ...row.values,
      [pdgColumns.key]: key,
      [pdgColumns.extra]: row.extra,
      [pdgColumns.runId]: run.runId,
      [pdgColumns.requestId]: page.requestId,
      [pdgColumns.fetchedAt]: at,
      [pdgColumns.params]: page.pageParams,
      [pdgColumns.hash]: row.hash,
      [pdgColumns.fieldHashes]: row.fieldHashes,
      [pdgColumns.seenRunId]: run.runId,
      [pdgColumns.removedAt]: null,
    });
  }
  if (written.length > 0) {
    const replaced = written.filter((row) => stored.has(row[pdgColumns.key] as string));
    await engine.replaceRows(
      run.table,
      columns,
      JSON.stringify(written),
      replaced.length === 0
        ? undefined
        : JSON.stringify(replaced.map((row) => ({ [pdgColumns.key]: row[pdgColumns.key] }))),
    );
  }
  if (unchangedKeys.length > 0) {
    await engine.run(
      `UPDATE ${quoted(run.table.name)} SET ${quoted(pdgColumns.seenRunId)} = $1 WHERE ${k} IN (SELECT ${k} FROM ${engine.jsonRows('$2', [{ name: pdgColumns.key, type: text }])})`,
      [run.runId, JSON.stringify(unchangedKeys.map((key) => ({ [pdgColumns.key]: key })))],
    );
  }
  await insertJson(engine, '_pdg_changes', changesColumns, changes);
  if (page.state) await saveState(engine, run, page.state);
  const counts = { inserted, updated, unchanged: unchangedKeys.length };
  const { figures } = page;
  if (figures) {
    await updateRun(engine, run.runId, {
      requests: figures.requests,
      pages: figures.pages,
      inserted: figures.inserted + counts.inserted,
      updated: figures.updated + counts.updated,
      unchanged: figures.unchanged + counts.unchanged,
      removed: figures.removed,
    });
  } else {
    // Many workers write one queue walk's pages: each adds its page's counts to the ledger's. A page sent
    // again was a request again, but not a page more.
    const integer = engine.columnSql({ kind: 'integer' });
    const pages = page.pageIndex === undefined ? '"pages" + 1' : `greatest("pages", $5::${integer})`;
    await engine.run(
      `UPDATE "_pdg_runs" SET "requests" = "requests" + 1, "pages" = ${pages}, "inserted" = "inserted" + $2::${integer}, "updated" = "updated" + $3::${integer}, "unchanged" = "unchanged" + $4::${integer} WHERE "runId" = $1`,
      [
        run.runId,
        counts.inserted,
        counts.updated,
        counts.unchanged,
        ...(page.pageIndex === undefined ? [] : [page.pageIndex + 1]),
      ],
    );
  }
  return counts;
}

async function updateRun(
  engine: SqlEngine,
  runId: string,
  values: Readonly<Record<string, string | number | null>>,
  timestamps: Readonly<Record<string, string>> = {},
): Promise<void> {
  const names = Object.keys(values);
  const sets = names.map((name, index) => {
    const cast =
      typeof values[name] === 'number' ? engine.columnSql({ kind: 'integer' }) : engine.columnSql({ kind: 'text' });
    return `${quoted(name)} = $${index + 2}::${cast}`;
  });
  const stamped = Object.entries(timestamps).map(
    ([name], index) => `${quoted(name)} = $${names.length + index + 2}::${engine.columnSql({ kind: 'timestamp' })}`,
  );
  await engine.run(`UPDATE "_pdg_runs" SET ${[...sets, ...stamped].join(', ')} WHERE "runId" = $1`, [
    runId,
    ...names.map((name) => values[name]),
    ...Object.values(timestamps),
  ]);
}

async function finishRun(engine: SqlEngine, end: RunEnd): Promise<number> {
  const { run } = end;
  let removed = 0;
  if (end.sweep) {
    const table = quoted(run.table.name);
    const stale = `${quoted(pdgColumns.seenRunId)} IS DISTINCT FROM $1 AND ${quoted(pdgColumns.removedAt)} IS NULL`;
    const keys = await engine.query(`SELECT ${k} AS "key" FROM ${table} WHERE ${stale}`, [run.runId]);
    removed = keys.length;
    const at = new Date().toISOString();
    await insertJson(
      engine,
      '_pdg_changes',
      changesColumns,
      keys.map((row) => ({ runId: run.runId, table: run.table.name, key: row.key, change: 'removed', fields: [], at })),
    );
    // Deleting takes every row the walk no longer lists, those marked by an earlier run too.
    if (end.sweep.deleteStale)
      await engine.run(`DELETE FROM ${table} WHERE ${quoted(pdgColumns.seenRunId)} IS DISTINCT FROM $1`, [run.runId]);
    else
      await engine.run(`UPDATE ${table} SET ${quoted(pdgColumns.removedAt)} = ${now(engine)} WHERE ${stale}`, [
        run.runId,
      ]);
  }
  if (end.state) await saveState(engine, run, end.state);
  const figures = end.figures ? { ...end.figures, removed: end.figures.removed + removed } : {};
  await updateRun(
    engine,
    run.runId,
    { ...figures, status: end.status, error: end.error ?? null },
    {
      endedAt: new Date().toISOString(),
    },
  );
  return removed;
}
