// One walk job's run, page by page: fetch a page, hand its items to the sink under the page key, store the
// checkpoint past it. A run that dies anywhere in between is taken up from the stored checkpoint; at worst
// the page after it reaches the sink again, under the same key.
import type { WalkCheckpoint } from '@pdg/core';
import type { ClientEndpoints, PageStep } from '@pdg/core/face';
import type { SinkFunction } from './sink.js';
import type { WalkProgress, WalkSpec } from './walk-job.js';

/** What one run of a walk job needs. */
export interface WalkRun {
  /** The worker's client, through core's face (`endpointsOf(client)`): walks name their endpoint at run time. */
  readonly endpoints: ClientEndpoints;
  readonly sink: SinkFunction;
  readonly walkId: string;
  readonly walk: WalkSpec;
  /** The params sent with every page: the sink's plan's, else the walk's. */
  readonly params?: Readonly<Record<string, unknown>>;
  /** Where the walk is: the stored progress, or the start. */
  readonly from: WalkProgress;
  /** Stores the progress past a page, once the sink has it. */
  readonly save: (progress: WalkProgress) => Promise<void>;
  /** True once the worker is closing: the run stops between pages. */
  readonly stopping: () => boolean;
}

/** How a run ended: the walk is done, or the worker is closing and the rest is left for later. */
export type WalkRunEnd = { readonly done: true; readonly progress: WalkProgress } | { readonly done: false };

export const startProgress: WalkProgress = { checkpoint: { taken: 0 }, pageIndex: 0, delivered: 0 };

const samePosition = (a: WalkCheckpoint, b: WalkCheckpoint) => a.at === b.at && a.done === b.done;

/**
 * The progress past one page the sink took: core's checkpoint past it (done at the walk's end or its
 * `maxItems`). A page the walk did not move past (the gateway gave no valid next position, and the walk
 * ends with that error) keeps its index: fetched again later, it replaces itself in the sink rather than
 * adding a page.
 */
function progressPast(before: WalkProgress, step: PageStep): WalkProgress {
  if (samePosition(before.checkpoint, step.after)) return before;
  return { checkpoint: step.after, pageIndex: before.pageIndex + 1, delivered: before.delivered + step.items.length };
}

/** What is left of the walk's limits after the progress so far; undefined for a limit the walk has not. */
const left = (limit: number | undefined, used: number) => (limit === undefined ? undefined : Math.max(0, limit - used));

/**
 * Runs the walk from its stored progress to its end, or until the worker closes. Core's face walks it
 * (`pageSteps`): each page with its items cut at `maxItems`, and the checkpoint past them. A walk the
 * worker's client cannot run (an unknown provider or endpoint, one that is not paged) is core's `USAGE`
 * error, before anything is sent.
 */
export async function runWalk(run: WalkRun): Promise<WalkRunEnd> {
  const { walk, sink, walkId } = run;
  const { endpoints } = run;
  endpoints.pagedDefinition(walk.provider, walk.endpoint);
  let progress = run.from;
  const pagesLeft = left(walk.maxPages, progress.pageIndex);
  if (progress.checkpoint.done === true || pagesLeft === 0) return { done: true, progress };
  const fresh = progress.pageIndex === 0 && progress.checkpoint.at === undefined && progress.checkpoint.taken === 0;
  const steps = endpoints.pageSteps(walk.provider, walk.endpoint, run.params ?? walk.params ?? {}, {
    // Core checks the checkpoint; a fresh walk has none to give.
    ...(fresh ? {} : { resume: progress.checkpoint }),
    ...(pagesLeft === undefined ? {} : { maxPages: pagesLeft }),
    ...(walk.maxItems === undefined ? {} : { maxItems: left(walk.maxItems, progress.delivered) }),
  });
  try {
    while (progress.checkpoint.done !== true) {
      if (run.stopping()) return { done: false };
      const next = await steps.next();
      // The walk ended without a last page of its own (its maxPages, or maxItems already reached): done.
      if (next.done) return { done: true, progress: { ...progress, checkpoint: { taken: 0, done: true } } };
      const { at } = progress.checkpoint;
      const written = await sink({
        walkId,
        pageIndex: progress.pageIndex,
        items: [...next.value.items],
        walk,
        ...(at === undefined ? {} : { at }),
      });
      const past = progressPast(progress, next.value);
      // The sink has the rest already (a store's newest-first listing reached what it holds): the walk ends here.
      progress = written?.done === true ? { ...past, checkpoint: { ...past.checkpoint, done: true as const } } : past;
      await run.save(progress);
    }
    return { done: true, progress };
  } finally {
    await steps.return(undefined);
  }
}
