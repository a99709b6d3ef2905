// A store as the sink of `@pdg/queue`'s `createWalkWorker`: each page a worker delivers is upserted by item
// key in one transaction, so a page delivered again (a worker killed between the sink and its checkpoint)
// changes nothing; each walk is a run in the ledger, its id the walk's id, its figures added page by page.
import { type AnyProvider, type PdgClient, usageError } from '@pdg/core';
import { type TableShape, tableShape } from './columns.js';
import { type HarvestWalk, pagedDefinition } from './harvest.js';
import { itemRow } from './item-row.js';
import type { HarvestStore, RunStart, RunStatus } from './store.js';

/** A page as `createWalkWorker` hands it to its sink; `walk` where the queue says which walk it is. */
export interface StoreSinkPage {
  readonly walkId: string;
  readonly pageIndex: number;
  readonly items: readonly unknown[];
  readonly walk?: HarvestWalk;
}

export interface StoreSink {
  /** `createWalkWorker({ sink: storeSink(...) })` calls this with each page. */
  readonly write: (page: StoreSinkPage) => Promise<void>;
  /** Ends the walk's run in the ledger (the queue calls it when the walk's job completes or fails). */
  readonly finish: (walkId: string, status?: Exclude<RunStatus, 'running'>, error?: string) => Promise<void>;
}

/**
 * A sink writing into `store`: `createWalkWorker({ sink: storeSink(store, client, { walk }) })`. `walk` names
 * the endpoint of every page where the queue's pages do not say it.
 */
export function storeSink<TProviders extends readonly AnyProvider[]>(
  store: HarvestStore,
  client: PdgClient<TProviders>,
  options: { readonly walk?: HarvestWalk } = {},
): StoreSink {
  const runs = new Map<string, RunStart>();
  const runOf = async (page: StoreSinkPage): Promise<RunStart> => {
    const known = runs.get(page.walkId);
    if (known) return known;
    const walk = page.walk ?? options.walk;
    if (!walk)
      throw usageError(
        'storeSink needs the walk its pages belong to: storeSink(store, client, { walk: { provider, endpoint, params } }).',
      );
    const table: TableShape = tableShape(walk.provider, walk.endpoint, pagedDefinition(client, walk));
    await store.prepare(table);
    const run: RunStart = {
      runId: page.walkId,
      table,
      params: walk.params ?? {},
      mode: 'full',
      modeReason: 'a queue walk: every page its workers deliver is upserted',
      startedAt: new Date(),
      ifAbsent: true,
    };
    await store.startRun(run);
    runs.set(page.walkId, run);
    return run;
  };
  return {
    async write(page) {
      const run = await runOf(page);
      const rows = page.items.map((item) => itemRow(run.table, item, run.params));
      await store.writePage({ run, rows, requestId: null, fetchedAt: new Date(), pageParams: run.params });
    },
    async finish(walkId, status = 'completed', error) {
      const run = runs.get(walkId);
      if (run) await store.finishRun({ run, status, ...(error === undefined ? {} : { error }) });
    },
  };
}
