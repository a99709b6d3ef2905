/**
 * `pdg queue status --into TARGET`: the ledger's figures of each walk of the queue that workers wrote into
 * that store (`_pdg_runs`, a run per walk job), one line per run.
 */
import { usageError } from '@pdg/core/face';
import type { Queue } from 'bullmq';

/** Job ids read per round trip, and run ids asked of the ledger per query. */
const batch = 500;

/** The states whose walks may have a run in the ledger. */
const states = ['waiting', 'prioritized', 'delayed', 'active', 'completed', 'failed'] as const;

/** The ids of every walk job of the queue. */
async function walkIds(queue: Queue): Promise<string[]> {
  const counts = await queue.getJobCounts(...states);
  const ids: string[] = [];
  for (const state of states) {
    for (let start = 0; start < (counts[state] ?? 0); start += batch) {
      for (const job of await queue.getJobs([state], start, start + batch - 1)) if (job?.id) ids.push(job.id);
    }
  }
  return ids;
}

/**
 * The store at `into`, read now (an unknown target is a usage error before Redis is asked anything); then,
 * given the queue, one line per run of its walks in that store's ledger: status, figures, and error if any.
 */
export async function ledgerLines(into: string): Promise<(queue: Queue) => Promise<string[]>> {
  const store = await import('@pdg/store');
  let target: ReturnType<typeof store.parseTarget>;
  try {
    target = store.parseTarget(into);
  } catch (error) {
    throw usageError((error as Error).message);
  }
  return async (queue) => {
    const ids = await walkIds(queue);
    const opened = await store.openStore(target);
    try {
      const lines: string[] = [];
      for (let start = 0; start < ids.length; start += batch) {
        for (const run of await opened.readRuns(ids.slice(start, start + batch))) {
          lines.push(
            `run ${run.runId} ${run.status}: ${run.requests} requests, ${run.pages} pages, ${run.inserted} inserted, ${run.updated} updated, ${run.unchanged} unchanged${run.error === null ? '' : ` (${run.error})`}`,
          );
        }
      }
      return lines;
    } finally {
      await opened.close();
    }
  };
}
