// A store as the sink of `@pdg/queue`'s `createWalkWorker`: each walk job is a run, planned as `harvest` plans
// one (`planRun`: incremental on a newest-first listing, the stored high-water mark sent to a since-style param,
// full otherwise) before its first request; each page a worker delivers is upserted by item key in one
// transaction with the run's state, so a page delivered again (a worker killed between the sink and its
// checkpoint) changes nothing; an incremental run ends at a page whose items were all stored and unchanged
// before it; the run's end is recorded when the worker says the job completed or failed.
import { type AnyProvider, type PdgClient, usageError } from '@pdg/core';
import { type TableShape, tableShape } from './columns.js';
import { type HarvestWalk, pagedDefinition } from './harvest.js';
import { endsIncremental, planRun, type RunPlan } from './harvest-plan.js';
import { itemRow } from './item-row.js';
import type { RequestIdRecorder } from './request-ids.js';
import { endState, highestOf, runningState } from './run-state.js';
import type { HarvestStore, RunStart } from './store.js';

/** A walk as a queue's job holds it. */
export interface StoreSinkWalk extends HarvestWalk {
  /** Limits of the walk: a run that has one may stop short of the listing's end. */
  readonly maxItems?: number;
  readonly maxPages?: number;
  /** This run walks every page, whatever is stored (`enqueueWalk(..., { fullRefresh: true })`). */
  readonly fullRefresh?: boolean;
}

/** A page as `createWalkWorker` hands it to its sink: the page key, its items, and the walk it belongs to. */
export interface StoreSinkPage {
  /** The walk job's id: the run's id in the ledger. */
  readonly walkId: string;
  readonly pageIndex: number;
  readonly items: readonly unknown[];
  readonly walk: StoreSinkWalk;
  /** The `page` or `cursor` the page was fetched at; absent for a walk's first page. */
  readonly at?: number | string;
}

/** A walk's job about to walk, as `createWalkWorker` tells its sink before the first request. */
export interface StoreSinkStart {
  readonly walkId: string;
  readonly walk: StoreSinkWalk;
}

/** How a walk's job ended, as `createWalkWorker` tells its sink. */
export interface StoreSinkEnd {
  readonly walkId: string;
  readonly walk: StoreSinkWalk;
  readonly status: 'completed' | 'failed';
  readonly error?: string;
}

export interface StoreSink {
  /** `createWalkWorker` calls this before a walk's job walks: the params its pages are sent with. */
  readonly plan: (start: StoreSinkStart) => Promise<{ params: Readonly<Record<string, unknown>> }>;
  /** `createWalkWorker` calls this with each page; `{ done: true }` ends an incremental walk there. */
  readonly write: (page: StoreSinkPage) => Promise<{ done: true } | undefined>;
  /** Ends the walk's run in the ledger: `createWalkWorker` calls it when the walk's job completes or fails for good. */
  readonly finish: (end: StoreSinkEnd) => Promise<void>;
}

/** A walk's run as the sink keeps it while its job runs here. */
interface SinkRun {
  readonly run: RunStart;
  readonly plan: RunPlan;
  /** The param a page's position is sent in. */
  readonly position: 'page' | 'cursor';
  /** The high-water mark of the last completed run of the walk. */
  readonly previousMark: string | null;
  /** The since-field's largest value in this run's pages so far (kept in the state with each page). */
  highWater: string | null;
  /** Pages of this run stored so far (the ledger's count): a page below it comes again, after a worker died. */
  pagesStored: number;
  /** The sink ended the walk at a page it held (`{ done: true }`): it reached what is stored. */
  reachedStored: boolean;
}

export interface StoreSinkOptions {
  /** Hears each page's request id (its `hooks` must be on the client); without it `_pdg_request_id` is null. */
  readonly requestIds?: RequestIdRecorder;
}

/**
 * A sink writing into `store`, for any walk: `createWalkWorker({ sink: storeSink(store, client) })`. Each walk
 * job gets its table (from the endpoint's item schema), its plan and its run in the ledger before its first
 * request (`plan`, or its first page). The store's one connection writes one page at a time, so a worker
 * running several walks at once (`concurrency`) takes turns here. A Parquet store is refused: its files are
 * written at a run's end, so the pages a killed worker had taken would be lost while the queue's checkpoint
 * says they are stored.
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
  /**
   * The walk's run: planned from the stored state and recorded by the first worker that takes it up
   * (`ifAbsent`); a worker taking it up again plans it again, and the state the run wrote gives it the same plan.
   */
  const runOf = async (walkId: string, walk: StoreSinkWalk): Promise<SinkRun> => {
    const known = runs.get(walkId);
    if (known) return known;
    const definition = pagedDefinition(client, walk);
    const table: TableShape = tableShape(walk.provider, walk.endpoint, definition);
    await store.prepare(table);
    const params = walk.params ?? {};
    const state = await store.readState(table, params);
    const plan = planRun({ definition, table, params, state, fullRefresh: walk.fullRefresh === true, runId: walkId });
    const run: RunStart = {
      runId: walkId,
      table,
      params,
      mode: plan.mode,
      modeReason: plan.modeReason,
      startedAt: new Date(),
      ifAbsent: true,
      ...(plan.interrupts === undefined ? {} : { interrupts: plan.interrupts }),
    };
    await store.startRun(run);
    const [stored] = await store.readRuns([walkId]);
    const ownState = state?.runId === walkId && state.status === 'running';
    const sinkRun: SinkRun = {
      run,
      plan,
      // The param core's walk sends a page's position in (contract.ts: `page` or `cursor`).
      position: definition.paging?.kind === 'cursor' ? 'cursor' : 'page',
      previousMark: state?.highWater ?? null,
      highWater: ownState ? state.runHighWater : null,
      pagesStored: stored?.pages ?? 0,
      reachedStored: false,
    };
    runs.set(walkId, sinkRun);
    return sinkRun;
  };
  return {
    plan: ({ walkId, walk }) =>
      inTurn(async () => {
        const { plan } = await runOf(walkId, walk);
        return { params: plan.sentParams };
      }),
    write: (page) =>
      inTurn(async () => {
        const sinkRun = await runOf(page.walkId, page.walk);
        const { run, plan, position } = sinkRun;
        const rows = page.items.map((item) => itemRow(run.table, item, plan.sentParams));
        const pageParams = page.at === undefined ? plan.sentParams : { ...plan.sentParams, [position]: page.at };
        sinkRun.highWater = highestOf(sinkRun.highWater, page.items, plan.sinceField);
        // A page this run stored already comes again: its items are unchanged because this run wrote them.
        const again = page.pageIndex < sinkRun.pagesStored;
        const counts = await store.writePage({
          run,
          rows,
          requestId: options.requestIds?.take(run.table.provider, run.table.endpoint, pageParams) ?? null,
          fetchedAt: new Date(),
          pageParams,
          pageIndex: page.pageIndex,
          // The queue's job holds the checkpoint; the state holds the run's plan and high-water mark.
          state: runningState(run, plan, sinkRun.previousMark, sinkRun.highWater, null),
        });
        sinkRun.pagesStored = Math.max(sinkRun.pagesStored, page.pageIndex + 1);
        if (again || !endsIncremental(plan, rows.length, counts)) return undefined;
        sinkRun.reachedStored = true;
        return { done: true as const };
      }),
    finish: (end) =>
      inTurn(async () => {
        // A worker that took the walk up after its last page (the one before it died there) has no run yet.
        const { run, plan, previousMark, highWater, reachedStored } = await runOf(end.walkId, end.walk);
        // A walk with a limit may have stopped at it, short of the listing's end: no complete walk to plan from.
        const limited = end.walk.maxItems !== undefined || end.walk.maxPages !== undefined;
        await store.finishRun({
          run,
          status: end.status,
          ...(end.error === undefined ? {} : { error: end.error }),
          // A completed run is what the next plans from; a failed one leaves its running state, so the next does
          // not stop at the pages this one stored.
          ...(end.status === 'completed'
            ? { state: endState(run, plan, previousMark, highWater, !limited || reachedStored) }
            : {}),
        });
        runs.delete(end.walkId);
      }),
  };
}
