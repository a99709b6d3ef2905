// The harvest store on a SQL database (DuckDB, PostgreSQL): the item table and pdg's own tables
// (`_pdg_runs`, `_pdg_changes`, `_pdg_state`). Pages are written by group commit: a page handed over while the
// database is idle is written at once, and the pages handed over while it writes are written next, together, in
// one transaction with the checkpoint past the last of them and the run's figures; so a run killed at any
// moment leaves the table consistent with its checkpoint, and a fast walk pays a transaction's fixed cost once
// for many pages instead of once per page.
import { sortedJson } from '@pdg/core/face';
import { type Column, type ColumnType, pdgColumns, type TableShape } from './columns.js';
import type { ItemRow } from './item-row.js';
import { readLedgerRuns } from './ledger-runs.js';
import { type JsonColumn, quoted, type SqlEngine, type Statement } from './sql-engine.js';
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
  { name: pdgColumns.seenRunId, type: text },
  { name: pdgColumns.removedAt, type: timestamp },
];

/** The page a written row came from, in its batch: its `_pdg_page` row holds the columns the page's rows share. */
const pageIndex: Column = { name: '_pdg_page', type: integer };

/** pdg's columns that differ from row to row (`_pdg_removed_at` null as written). */
const rowProvenance: readonly Column[] = [
  ...[pdgColumns.key, pdgColumns.extra, pdgColumns.hash, pdgColumns.removedAt].map(
    (name) => provenance.find((column) => column.name === name) as Column,
  ),
  pageIndex,
];

/** pdg's columns that every row of a page shares: sent once per page, not once per row. */
const pageProvenance: readonly Column[] = [
  ...provenance.filter((column) => !rowProvenance.includes(column)),
  pageIndex,
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
  const written = writtenKeys(engine);
  const pages = pageQueue(engine, itemColumns, written);
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
        sortedJson(params),
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
              params: JSON.parse(sortedJson(run.params)),
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
    writePage: pages.write,
    async finishRun(end) {
      await pages.idle();
      return engine.transaction(() => finishRun(engine, end));
    },
    async countRows(table) {
      const [row] = await engine.query(`SELECT count(*) AS n FROM ${quoted(table.name)}`);
      return Number(row?.n ?? 0);
    },
    readRuns: (runIds) => readLedgerRuns(engine, runIds),
    async close() {
      await pages.idle();
      await engine.close();
    },
  };
}

/** Rows a group commit takes at most: one transaction's JSON stays near a megabyte. */
const maxBatchRows = 2_000;

interface QueuedPage {
  readonly page: PageWrite;
  readonly resolve: (counts: PageCounts) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The store's page writer: pages queue while a transaction is under way, and the next transaction takes every
 * page queued of one run (up to `maxBatchRows`), in the order they were handed over.
 */
function pageQueue(engine: SqlEngine, itemColumns: (table: TableShape) => JsonColumn[], written: WrittenKeys) {
  const queue: QueuedPage[] = [];
  let writing: Promise<void> | undefined;
  const nextBatch = (): QueuedPage[] => {
    const first = queue[0] as QueuedPage;
    let rows = 0;
    let count = 0;
    const keys = new Set<string>();
    for (const queued of queue) {
      if (queued.page.run !== first.page.run || (count > 0 && rows + queued.page.rows.length > maxBatchRows)) break;
      // A key on two pages of one batch (a live listing shifting under the walk) waits for the next batch: each
      // row is then compared with what is stored, as its page saw it.
      if (count > 0 && queued.page.rows.some((row) => keys.has(row.key))) break;
      for (const row of queued.page.rows) keys.add(row.key);
      rows += queued.page.rows.length;
      count++;
    }
    return queue.splice(0, count);
  };
  const drain = async () => {
    while (queue.length > 0) {
      const batch = nextBatch();
      const run = (batch[0] as QueuedPage).page.run;
      try {
        const counts = await writePages(
          engine,
          itemColumns(run.table),
          batch.map((queued) => queued.page),
          written,
        );
        for (const [index, queued] of batch.entries()) queued.resolve(counts[index] as PageCounts);
      } catch (error) {
        for (const queued of batch) queued.reject(error);
      }
    }
    writing = undefined;
  };
  return {
    /** Resolves with the page's counts once it is committed. */
    write(page: PageWrite): Promise<PageCounts> {
      return new Promise<PageCounts>((resolve, reject) => {
        queue.push({ page, resolve, reject });
        writing ??= drain();
      });
    },
    /** Resolves once every page handed over is written (or failed). */
    async idle(): Promise<void> {
      while (writing) await writing;
    },
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
    [engine.rowsText(rows.map((row) => JSON.stringify(row)))],
  );
}

/** The columns of a change as sent: the run and table are the batch's, sent once. */
const changeRowColumns = changesColumns.filter((column) => column.name !== 'runId' && column.name !== 'table');

/** The statement recording a batch's changes, each given as a JSON object's text of `changeRowColumns`. */
function changesStatement(engine: SqlEngine, run: RunStart, changes: readonly string[]): Statement {
  const names = changesColumns.map((column) => quoted(column.name)).join(', ');
  const textSql = engine.columnSql(text);
  return {
    sql: `INSERT INTO "_pdg_changes" (${names}) SELECT $2::${textSql} AS "runId", $3::${textSql} AS "table", "key", "change", "fields", "at" FROM ${engine.jsonRows('$1', changeRowColumns)}`,
    params: [engine.rowsText(changes), run.runId, run.table.name],
  };
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
  for (const statement of stateStatements(engine, run, state)) await engine.run(statement.sql, statement.params);
}

/** The statements replacing the walk's state row. */
function stateStatements(engine: SqlEngine, run: RunStart, state: StoredState): Statement[] {
  const scope = sortedJson(run.params);
  const values: Record<string, string | null> = {
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
  const names = stateColumns.map((column) => quoted(column.name)).join(', ');
  const params = stateColumns.map((column, index) => `$${index + 1}::${engine.columnSql(column.type)}`).join(', ');
  return [
    { sql: `DELETE FROM "_pdg_state" WHERE "table" = $1 AND "scope" = $2`, params: [run.table.name, scope] },
    {
      sql: `INSERT INTO "_pdg_state" (${names}) VALUES (${params})`,
      params: stateColumns.map((column) => values[column.name] ?? null),
    },
  ];
}

interface StoredRow {
  readonly hash: string;
  readonly removed: boolean;
}

/**
 * The keys a sole writer (a DuckDB file) has written to each table it found empty at its first batch: a key not
 * among them is not stored, so only the others are looked up. A table found with rows, or past
 * `maxWrittenKeys`, is looked up key by key as a shared database is.
 */
interface WrittenKeys {
  /** The keys that may be stored: all of them, or those written before. */
  mayBeStored(table: TableShape, keys: readonly string[]): Promise<readonly string[]>;
  /** Keys committed to the table. */
  add(table: TableShape, keys: Iterable<string>): void;
}

/** Keys kept per table at most (a few tens of megabytes); past it, every key is looked up. */
const maxWrittenKeys = 500_000;

function writtenKeys(engine: SqlEngine): WrittenKeys {
  /** Each table's keys written, or null where every key is looked up. */
  const byTable = new Map<string, Set<string> | null>();
  return {
    async mayBeStored(table, keys) {
      let known = byTable.get(table.name);
      if (known === undefined) {
        // Only a sole writer knows what no one else wrote; it looks once whether the table is empty.
        const empty =
          engine.soleWriter &&
          (await engine.query(`SELECT 1 AS "stored" FROM ${quoted(table.name)} LIMIT 1`)).length === 0;
        known = empty ? new Set() : null;
        byTable.set(table.name, known);
      }
      return known === null ? keys : keys.filter((key) => known.has(key));
    },
    add(table, keys) {
      const known = byTable.get(table.name);
      if (!known) return;
      for (const key of keys) known.add(key);
      if (known.size > maxWrittenKeys) byTable.set(table.name, null);
    },
  };
}

async function storedRows(
  engine: SqlEngine,
  table: TableShape,
  keys: readonly string[],
): Promise<Map<string, StoredRow>> {
  const found = new Map<string, StoredRow>();
  if (keys.length === 0) return found;
  const rows = await engine.query(
    `SELECT ${k} AS "key", ${quoted(pdgColumns.hash)} AS "hash", ${quoted(pdgColumns.removedAt)} AS "removedAt" FROM ${quoted(table.name)} WHERE ${k} IN ${engine.keyList('$1')}`,
    [JSON.stringify(keys)],
  );
  for (const row of rows)
    found.set(String(row.key), {
      hash: String(row.hash),
      removed: row.removedAt !== null && row.removedAt !== undefined,
    });
  return found;
}

/**
 * The fields in which each row differs from the stored row of its key, by the database's comparison of their
 * columns: a documented field whose column differs, or whose members kept in `_pdg_extra` do; an undocumented
 * field whose value differs. `lines` are the rows as written (JSON object texts).
 */
async function changedFieldsOf(
  engine: SqlEngine,
  table: TableShape,
  lines: readonly string[],
): Promise<Map<string, string[]>> {
  const columns: JsonColumn[] = [
    ...table.columns,
    { name: pdgColumns.key, type: { kind: 'text' } },
    { name: pdgColumns.extra, type: { kind: 'json' } },
  ];
  const rows = await engine.query(
    `SELECT "fresh".${k} AS "key", ${engine.changedFields(table.columns, 'fresh', 'stored')} AS "fields" FROM ${engine.jsonRows('$1', columns, 'fresh')} JOIN ${quoted(table.name)} AS "stored" ON "stored".${k} = "fresh".${k}`,
    [engine.rowsText(lines)],
  );
  const fields = new Map<string, string[]>();
  for (const row of rows) {
    const names = typeof row.fields === 'string' ? parsedJson(row.fields) : row.fields;
    fields.set(String(row.key), Array.isArray(names) ? names.map(String) : []);
  }
  return fields;
}

/**
 * Pages of one run, in one transaction: each item classified against what is stored (read just before: one
 * process writes a DuckDB file, and PostgreSQL's upsert makes a row written meanwhile by another worker merge;
 * no key is on two pages of one batch); the new and changed rows written once each, as last seen on their
 * page, the unchanged marked seen, the changes recorded, then the checkpoint of the last page that has one and
 * the run's figures, all sent as one script. Each page's counts.
 */
async function writePages(
  engine: SqlEngine,
  columns: readonly JsonColumn[],
  pages: readonly PageWrite[],
  writtenKeys: WrittenKeys,
): Promise<PageCounts[]> {
  const run = (pages[0] as PageWrite).run;
  // An item listed twice on one page (a live listing shifting under the walk) is written once, as last seen.
  const pageItems = pages.map((page) => {
    const byKey = new Map<string, ItemRow>();
    for (const row of page.rows) byKey.set(row.key, row);
    return byKey;
  });
  const keys: string[] = [];
  for (const byKey of pageItems) for (const key of byKey.keys()) keys.push(key);
  const stored = await storedRows(engine, run.table, await writtenKeys.mayBeStored(run.table, keys));
  const runJson = JSON.stringify(run.runId);
  /** Each row as written: its item's JSON with pdg's columns that differ from row to row. */
  const line = (row: ItemRow, keyJson: string, pageAt: number) => {
    const head = `{"${pdgColumns.key}":${keyJson},"${pdgColumns.extra}":${row.extraJson},"${pdgColumns.hash}":"${row.hash}","${pageIndex.name}":${pageAt}`;
    return row.itemJson.length > 2 ? `${head},${row.itemJson.slice(1)}` : `${head}}`;
  };
  // Rows stored with another hash: the database says which of their fields changed (none where only the order
  // of the item's fields did).
  const differing: string[] = [];
  for (const [pageAt, byKey] of pageItems.entries())
    for (const [key, row] of byKey) {
      const before = stored.get(key);
      if (before !== undefined && before.hash !== row.hash) differing.push(line(row, JSON.stringify(key), pageAt));
    }
  const fieldsOf =
    differing.length === 0 ? new Map<string, string[]>() : await changedFieldsOf(engine, run.table, differing);
  /** Each written row's JSON text, by key. */
  const written = new Map<string, string>();
  const seen: string[] = [];
  /**
   * The changes' JSON texts (the run and table sent once for all): one for every item added or changed, so made
   * as text straight away.
   */
  const changes: string[] = [];
  const counts: PageCounts[] = [];
  /** Each page's `_pdg_page` row, by its place in the batch. */
  const pageRows: string[] = [];
  for (const [pageAt, page] of pages.entries()) {
    const at = page.fetchedAt.toISOString();
    pageRows.push(
      `{"${pageIndex.name}":${pageAt},"${pdgColumns.runId}":${runJson},"${pdgColumns.seenRunId}":${runJson},"${pdgColumns.requestId}":${JSON.stringify(page.requestId)},"${pdgColumns.fetchedAt}":"${at}","${pdgColumns.params}":${JSON.stringify(page.pageParams)}}`,
    );
    const added = `,"change":"added","fields":[],"at":"${at}"}`;
    let inserted = 0;
    let updated = 0;
    let unchanged = 0;
    for (const [key, row] of pageItems[pageAt] as Map<string, ItemRow>) {
      const before = stored.get(key);
      const keyJson = JSON.stringify(key);
      if (before !== undefined && !before.removed && (before.hash === row.hash || fieldsOf.get(key)?.length === 0)) {
        unchanged++;
        // The same content sent in another order: stored again, with this hash, and no change recorded.
        if (before.hash === row.hash) seen.push(key);
        else written.set(key, line(row, keyJson, pageAt));
        continue;
      }
      if (before) {
        updated++;
        changes.push(
          `{"key":${keyJson},"change":"changed","fields":${JSON.stringify(fieldsOf.get(key) ?? [])},"at":"${at}"}`,
        );
      } else {
        inserted++;
        changes.push(`{"key":${keyJson}${added}`);
      }
      written.set(key, line(row, keyJson, pageAt));
    }
    counts.push({ inserted, updated, unchanged });
  }
  const statements: Statement[] = [];
  if (written.size > 0) {
    const replaced = [...written.keys()].filter((key) => stored.has(key));
    statements.push(
      ...engine.replaceRows(
        run.table,
        columns,
        { columns: [...run.table.columns, ...rowProvenance], text: engine.rowsText([...written.values()]) },
        { columns: pageProvenance, text: engine.rowsText(pageRows) },
        replaced.length === 0 ? undefined : JSON.stringify(replaced),
      ),
    );
  }
  // Rows written in this batch carry the run already.
  const unchangedKeys = seen;
  if (unchangedKeys.length > 0) {
    statements.push({
      sql: `UPDATE ${quoted(run.table.name)} SET ${quoted(pdgColumns.seenRunId)} = $1 WHERE ${k} IN ${engine.keyList('$2')}`,
      params: [run.runId, JSON.stringify(unchangedKeys)],
    });
  }
  if (changes.length > 0) statements.push(changesStatement(engine, run, changes));
  const state = pages.findLast((page) => page.state !== undefined)?.state;
  if (state) statements.push(...stateStatements(engine, run, state));
  const sum = (name: keyof PageCounts) => counts.reduce((total, page) => total + page[name], 0);
  const figures = pages.findLast((page) => page.figures !== undefined)?.figures;
  // A harvest says how many requests and pages it made; a queue's pages are counted as they come, by many
  // workers at once. Either way each batch adds its counts to the ledger's.
  const integer = engine.columnSql({ kind: 'integer' });
  const requests = figures ? `$5::${integer}` : `"requests" + $5::${integer}`;
  // A queue's page may come again (its worker died before the queue saved its checkpoint): pages stored is
  // then the furthest page's place, not the deliveries.
  const places = pages.map((page) => page.pageIndex).filter((index) => index !== undefined);
  const furthest = places.length === pages.length ? Math.max(...places) + 1 : undefined;
  const pagesSoFar = figures
    ? `$6::${integer}`
    : furthest !== undefined
      ? `greatest("pages", $6::${integer})`
      : `"pages" + $6::${integer}`;
  statements.push({
    sql: `UPDATE "_pdg_runs" SET "requests" = ${requests}, "pages" = ${pagesSoFar}, "inserted" = "inserted" + $2::${integer}, "updated" = "updated" + $3::${integer}, "unchanged" = "unchanged" + $4::${integer} WHERE "runId" = $1`,
    params: [
      run.runId,
      sum('inserted'),
      sum('updated'),
      sum('unchanged'),
      figures?.requests ?? pages.length,
      figures?.pages ?? furthest ?? pages.length,
    ],
  });
  await engine.script(statements);
  writtenKeys.add(run.table, written.keys());
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
