// A store's own thread: it opens the target's store and answers its method calls, so the per-item work of a
// page (its rows made from the items' JSON, each row's text, the driver's conversions) runs here while the
// walk's thread fetches the next page. Imports name the `.ts` files: the package's own tests run this file
// from `src/` (Node strips types).
import { parentPort, workerData } from 'node:worker_threads';
import { itemRow } from './item-row.ts';
import { openLocalStore } from './local-store.ts';
import type { HarvestStore, ItemsPageWrite, PageWrite, RunEnd, RunStart } from './store.js';
import type { AnswerMessage, CallMessage, OpenedMessage, StoreThreadData, ThrownError } from './thread-messages.js';

const port = parentPort;
if (!port) throw new Error('@pdg/store: store-thread.js runs as the thread of a store that openStore opened.');

const thrown = (error: unknown): ThrownError => {
  const code = (error as { code?: unknown } | null)?.code;
  return {
    message: error instanceof Error ? error.message : String(error),
    ...(typeof code === 'string' ? { code } : {}),
  };
};

/**
 * Each run as first seen: a run's pages come as copies, and the store commits together only the pages of one
 * run (the same object), and keeps the table's column writers per table object.
 */
const runs = new Map<string, RunStart>();
const runOf = (run: RunStart): RunStart => {
  const known = runs.get(run.runId);
  if (known) return known;
  runs.set(run.runId, run);
  return run;
};

function answerCalls(store: HarvestStore, port: NonNullable<typeof parentPort>): void {
  const calls: Record<CallMessage['call'], (...args: never[]) => Promise<unknown>> = {
    prepare: (table: Parameters<HarvestStore['prepare']>[0]) => store.prepare(table),
    readState: (table: Parameters<HarvestStore['readState']>[0], params: Readonly<Record<string, unknown>>) =>
      store.readState(table, params),
    startRun: (run: RunStart) => store.startRun(runOf(run)),
    writePage: (page: PageWrite) => store.writePage({ ...page, run: runOf(page.run) }),
    writeItems: ({ itemsJson, keyParams, ...page }: ItemsPageWrite) => {
      const run = runOf(page.run);
      const items = JSON.parse(itemsJson) as unknown[];
      return store.writePage({ ...page, run, rows: items.map((item) => itemRow(run.table, item, keyParams)) });
    },
    finishRun: async (end: RunEnd) => {
      const removed = await store.finishRun({ ...end, run: runOf(end.run) });
      runs.delete(end.run.runId);
      return removed;
    },
    countRows: (table: Parameters<HarvestStore['countRows']>[0]) => store.countRows(table),
    readRuns: (runIds: readonly string[]) => store.readRuns(runIds),
    close: () => store.close(),
  };
  port.on('message', async ({ id, call, args }: CallMessage) => {
    let answer: AnswerMessage;
    try {
      answer = { id, result: await calls[call](...(args as never[])) };
    } catch (error) {
      answer = { id, error: thrown(error) };
    }
    port.postMessage(answer);
  });
}

const { target } = workerData as StoreThreadData;
try {
  const store = await openLocalStore(target);
  answerCalls(store, port);
  port.postMessage({
    opened: { target: store.target, commitsEachPage: store.commitsEachPage },
  } satisfies OpenedMessage);
} catch (error) {
  port.postMessage({ failed: thrown(error) } satisfies OpenedMessage);
}
