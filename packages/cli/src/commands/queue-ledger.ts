/**
 * `pdg queue status --into TARGET`: the ledger's figures of each walk run of the queue that workers wrote into
 * that store (`_pdg_runs`, a run per walk job): a line per run in the text, `ledger` in the JSON.
 */
import { usageError } from '@pdg/core/face';
import type { LedgerRun } from '@pdg/store';

/** Run ids asked of the ledger per query. */
const batch = 500;

/** Reads the ledger's runs of the given job ids from the store it was opened on. */
export type LedgerReader = (runIds: readonly string[]) => Promise<LedgerRun[]>;

/** The store at `into`, read now: an unknown target is a usage error before Redis is asked anything. */
export async function ledgerReader(into: string): Promise<LedgerReader> {
  const store = await import('@pdg/store');
  let target: ReturnType<typeof store.parseTarget>;
  try {
    target = store.parseTarget(into);
  } catch (error) {
    throw usageError((error as Error).message);
  }
  return async (runIds) => {
    const opened = await store.openStore(target);
    try {
      const runs: LedgerRun[] = [];
      for (let start = 0; start < runIds.length; start += batch) {
        runs.push(...(await opened.readRuns(runIds.slice(start, start + batch))));
      }
      return runs;
    } finally {
      await opened.close();
    }
  };
}

/**
 * `run walk-… completed, incremental: 2 requests, 2 pages, 7 inserted, 1 updated, 92 unchanged` (and the error,
 * if any): the mode is what the run did (full, incremental or since).
 */
export function ledgerLine(run: LedgerRun): string {
  const error = run.error === null ? '' : ` (${run.error})`;
  return `run ${run.runId} ${run.status}, ${run.mode}: ${run.requests} requests, ${run.pages} pages, ${run.inserted} inserted, ${run.updated} updated, ${run.unchanged} unchanged${error}`;
}
