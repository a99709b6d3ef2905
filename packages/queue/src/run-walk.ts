// One walk job's run, page by page: fetch a page, hand its items to the sink under the page key, store the
// checkpoint past it. A run that dies anywhere in between is taken up from the stored checkpoint; at worst
// the page after it reaches the sink again, under the same key.
import { type AnyProvider, type PdgClient, type WalkCheckpoint, walkEndpoint } from '@pdg/core';
import type { SinkFunction } from './sink.js';
import type { WalkProgress, WalkSpec } from './walk-job.js';

/** What one run of a walk job needs. */
export interface WalkRun {
  readonly client: PdgClient<readonly AnyProvider[]>;
  readonly sink: SinkFunction;
  readonly walkId: string;
  readonly walk: WalkSpec;
  /** Where the walk is: the stored progress, or the start. */
  readonly from: WalkProgress;
  /** Stores the progress past a page, once the sink has it. */
  readonly save: (progress: WalkProgress) => Promise<void>;
  /** True once the worker is closing: the run stops between pages. */
  readonly stopping: () => boolean;
}

/** How a run ended: the walk is done, or the worker is closing and the rest is left for later. */
export type WalkRunEnd = { readonly done: true; readonly progress: WalkProgress } | { readonly done: false };

/** A walk the worker's client cannot run (an unknown provider, an endpoint that is not paged): retrying cannot help. */
export class WalkSetupError extends Error {
  override readonly name = 'WalkSetupError';
}

export const startProgress: WalkProgress = { checkpoint: { taken: 0 }, pageIndex: 0, delivered: 0 };

/** The name of the item array of a paged endpoint of the client's providers; an error for any other endpoint. */
export function itemsKeyOf(client: PdgClient<readonly AnyProvider[]>, walk: WalkSpec): string {
  const provider = client.providers.find((candidate) => candidate.id === walk.provider);
  const known = client.providers.map((candidate) => candidate.id).join(', ');
  if (!provider) throw new WalkSetupError(`Unknown provider "${walk.provider}": this worker's client has ${known}.`);
  const endpoint = Object.hasOwn(provider.endpoints, walk.endpoint) ? provider.endpoints[walk.endpoint] : undefined;
  const paging = endpoint?.paging;
  if (!paging)
    throw new WalkSetupError(`${walk.provider} ${walk.endpoint} is not a paged endpoint of the worker's client.`);
  return paging.items;
}

/** Whether the walk has nothing left: at its end, or at its `maxItems` or `maxPages`. */
function finished(walk: WalkSpec, progress: WalkProgress): boolean {
  return (
    progress.checkpoint.done === true ||
    (walk.maxItems !== undefined && progress.delivered >= walk.maxItems) ||
    (walk.maxPages !== undefined && progress.pageIndex >= walk.maxPages)
  );
}

const samePosition = (a: WalkCheckpoint, b: WalkCheckpoint) => a.at === b.at && a.done === b.done;

/**
 * The progress past one page the sink took. A page the walk did not move past (the gateway gave no valid
 * next position, and the walk ends with that error) keeps its index: fetched again later, it replaces
 * itself in the sink rather than adding a page.
 */
function progressPast(before: WalkProgress, after: WalkCheckpoint, count: number, walk: WalkSpec): WalkProgress {
  if (samePosition(before.checkpoint, after)) return before;
  const delivered = before.delivered + count;
  const cut = walk.maxItems !== undefined && delivered >= walk.maxItems;
  return { checkpoint: cut ? { taken: 0, done: true } : after, pageIndex: before.pageIndex + 1, delivered };
}

/** Runs the walk from its stored progress to its end, or until the worker closes. */
export async function runWalk(run: WalkRun): Promise<WalkRunEnd> {
  const { client, walk, sink, walkId } = run;
  const itemsKey = itemsKeyOf(client, walk);
  let progress = run.from;
  if (finished(walk, progress)) return { done: true, progress };
  const pages = walkEndpoint(client, walk.provider, walk.endpoint, walk.params ?? {}, {
    // Core checks the checkpoint; a fresh walk has none to give.
    ...(progress.pageIndex === 0 && progress.checkpoint.at === undefined ? {} : { resume: progress.checkpoint }),
    ...(walk.maxPages === undefined ? {} : { maxPages: walk.maxPages - progress.pageIndex }),
  });
  try {
    while (!finished(walk, progress)) {
      if (run.stopping()) return { done: false };
      const next = await pages.next();
      if (next.done) return { done: true, progress: { ...progress, checkpoint: { taken: 0, done: true } } };
      const all = (next.value as Record<string, unknown> | null)?.[itemsKey];
      const list = Array.isArray(all) ? all : [];
      const items = walk.maxItems === undefined ? list : list.slice(0, walk.maxItems - progress.delivered);
      await sink({ walkId, pageIndex: progress.pageIndex, items });
      progress = progressPast(progress, pages.checkpoint, items.length, walk);
      await run.save(progress);
    }
    return { done: true, progress };
  } finally {
    await pages.return(undefined);
  }
}
