// A store as the sink of `@pdg/queue`'s `createWalkWorker`: each page a worker delivers is upserted by item
// key in one transaction, so a page delivered again (a worker killed between the sink and its checkpoint)
// changes nothing; each walk job is a run in the ledger, its id the job's id, its figures added page by page,
// its end recorded when the worker says the job completed or failed.
import { type AnyProvider, type PdgClient, usageError } from '@pdg/core';
import { type TableShape, tableShape } from './columns.js';
import { type HarvestWalk, pagedDefinition } from './harvest.js';
import { itemRow } from './item-row.js';
import type { RequestIdRecorder } from './request-ids.js';
import type { HarvestStore, RunStart } from './store.js';

/** A page as `createWalkWorker` hands it to its sink: the page key, its items, and the walk it belongs to. */
export interface StoreSinkPage {
  /** The walk job's id: the run's id in the ledger. */
  readonly walkId: string;
  readonly pageIndex: number;
  readonly items: readonly unknown[];
  readonly walk: HarvestWalk;
  /** The `page` or `cursor` the page was fetched at; absent for a walk's first page. */
  readonly at?: number | string;
}

/** How a walk's job ended, as `createWalkWorker` tells its sink. */
export interface StoreSinkEnd {
  readonly walkId: string;
  readonly walk: HarvestWalk;
  readonly status: 'completed' | 'failed';
  readonly error?: string;
}

export interface StoreSink {
  /** `createWalkWorker` calls this with each page. */
  readonly write: (page: StoreSinkPage) => Promise<void>;
  /** Ends the walk's run in the ledger: `createWalkWorker` calls it when the walk's job completes or fails for good. */
  readonly finish: (end: StoreSinkEnd) => Promise<void>;
}

/** A walk's run as the sink keeps it: the ledger's run, and the param a page's position is sent in. */
interface SinkRun {
  readonly run: RunStart;
  readonly position: 'page' | 'cursor';
}

export interface StoreSinkOptions {
  /** Hears each page's request id (its `hooks` must be on the client); without it `_pdg_request_id` is null. */
  readonly requestIds?: RequestIdRecorder;
}

/**
 * A sink writing into `store`, for any walk: `createWalkWorker({ sink: storeSink(store, client) })`. Each walk
 * gets its table (from the endpoint's item schema) and its run in the ledger on its first page. The store's
 * one connection writes one page at a time, so a worker running several walks at once (`concurrency`) takes
 * turns here. A Parquet store is refused: its files are written at a run's end, so the pages a killed worker
 * had taken would be lost while the queue's checkpoint says they are stored.
 */
export function storeSink<TProviders extends readonly AnyProvider[]>(
  store: HarvestStore,
  client: PdgClient<TProviders>,
  options: StoreSinkOptions = {},
): StoreSink {
  if (!store.commitsEachPage)
    throw usageError(
      `${store.target} cannot take a queue's pages: its files are written whole at the end of a run, so pages a killed worker had taken would be lost. Use duckdb:FILE (one worker) or postgres://… (many), and export to Parquet from there.`,
    );
  const runs = new Map<string, SinkRun>();
  let turn: Promise<unknown> = Promise.resolve();
  /** Runs `work` once the store's earlier work is done, whatever became of it. */
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const result = turn.then(work);
    turn = result.catch(() => undefined);
    return result;
  };
  /** The walk's run: recorded by the first worker that writes it (`ifAbsent`), found by the others. */
  const runOf = async (walkId: string, walk: HarvestWalk): Promise<SinkRun> => {
    const known = runs.get(walkId);
    if (known) return known;
    const definition = pagedDefinition(client, walk);
    const table: TableShape = tableShape(walk.provider, walk.endpoint, definition);
    await store.prepare(table);
    const run: RunStart = {
      runId: walkId,
      table,
      params: walk.params ?? {},
      mode: 'full',
      modeReason: 'a queue walk: every page its workers deliver is upserted',
      startedAt: new Date(),
      ifAbsent: true,
    };
    await store.startRun(run);
    // The param core's walk sends a page's position in (contract.ts: `page` or `cursor`).
    const sinkRun: SinkRun = { run, position: definition.paging?.kind === 'cursor' ? 'cursor' : 'page' };
    runs.set(walkId, sinkRun);
    return sinkRun;
  };
  return {
    write: (page) =>
      inTurn(async () => {
        const { run, position } = await runOf(page.walkId, page.walk);
        const rows = page.items.map((item) => itemRow(run.table, item, run.params));
        const pageParams = page.at === undefined ? run.params : { ...run.params, [position]: page.at };
        await store.writePage({
          run,
          rows,
          requestId: options.requestIds?.take(run.table.provider, run.table.endpoint, pageParams) ?? null,
          fetchedAt: new Date(),
          pageParams,
          pageIndex: page.pageIndex,
        });
      }),
    finish: (end) =>
      inTurn(async () => {
        // A worker that took the walk up after its last page (the one before it died there) has no run yet.
        const { run } = await runOf(end.walkId, end.walk);
        await store.finishRun({ run, status: end.status, ...(end.error === undefined ? {} : { error: end.error }) });
        runs.delete(end.walkId);
      }),
  };
}
