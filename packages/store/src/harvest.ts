// `harvest(client, walk, store, options)`: one run of a walk into a store, in steps: find the endpoint and
// its table, plan the run from the stored state, record it in the ledger, write page after page (each with
// its checkpoint; the store commits them alone or several together), stop where the plan says, end the run and
// sum it up.

import { randomBytes } from 'node:crypto';
import { type AnyProvider, type EndpointDefinition, type PdgClient, usageError } from '@pdg/core';
import { endpointCatalog, endpointsOf, type WalkPosition } from '@pdg/core/face';
import { tableShape } from './columns.js';
import { planRun, type RunPlan } from './harvest-plan.js';
import { itemRow } from './item-row.js';
import type { RequestIdRecorder } from './request-ids.js';
import type { HarvestMode, HarvestStore, PageCounts, RunFigures, RunStart, RunStatus, StoredState } from './store.js';

/** What to harvest: a paged endpoint and its params. */
export interface HarvestWalk {
  readonly provider: string;
  readonly endpoint: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

export interface HarvestOptions {
  /** Walk every page whatever is stored (`--full-refresh`). */
  readonly fullRefresh?: boolean;
  /** Stop after this many items (the run is then not a complete walk: nothing is marked removed). */
  readonly maxItems?: number;
  /** After a complete full walk, delete the rows no longer listed instead of marking them removed. */
  readonly deleteStale?: boolean;
  /** Stops the run between pages; it ends `interrupted`, its checkpoint kept for the next run. */
  readonly signal?: AbortSignal;
  /** Hears each page's request id (its `hooks` must be on the client); without it `_pdg_request_id` is null. */
  readonly requestIds?: RequestIdRecorder;
  /** Told after every page. */
  readonly onProgress?: (progress: HarvestProgress) => void;
  /** The run's id; a new one by default. */
  readonly runId?: string;
}

/** Where a run is, after a page. */
export interface HarvestProgress extends RunFigures {
  readonly items: number;
  readonly elapsedMs: number;
}

/** What a run did: `--json` prints it as stdout's last line. */
export interface HarvestSummary extends RunFigures {
  readonly table: string;
  readonly target: string;
  readonly runId: string;
  readonly mode: HarvestMode;
  readonly modeReason: string;
  readonly status: Exclude<RunStatus, 'running'>;
  /** Rows in the table after the run. */
  readonly rows: number;
}

/** Runs the walk into the store once and sums it up; a failed run is recorded as failed and its error thrown. */
export async function harvest<TProviders extends readonly AnyProvider[]>(
  client: PdgClient<TProviders>,
  walk: HarvestWalk,
  store: HarvestStore,
  options: HarvestOptions = {},
): Promise<HarvestSummary> {
  const params = walk.params ?? {};
  const definition = pagedDefinition(client, walk);
  const table = tableShape(walk.provider, walk.endpoint, definition);
  await store.prepare(table);
  const state = await store.readState(table, params);
  const plan = planRun({ definition, table, params, state, fullRefresh: options.fullRefresh === true });
  const run: RunStart = {
    runId: options.runId ?? newRunId(),
    table,
    params,
    mode: plan.mode,
    modeReason: plan.modeReason,
    startedAt: new Date(),
    ...(plan.interrupts === undefined ? {} : { interrupts: plan.interrupts }),
  };
  await store.startRun(run);
  const walked = await walkInto(client, { definition, plan, run, store, state, options }).catch(
    async (error: unknown) => {
      const aborted = options.signal?.aborted === true;
      await store.finishRun({
        run,
        status: aborted ? 'interrupted' : 'failed',
        figures: (error as { figures?: RunFigures }).figures ?? emptyFigures,
        error: error instanceof Error ? error.message : String(error),
      });
      throw error;
    },
  );
  const removed = await store.finishRun({
    run,
    status: walked.status,
    figures: walked.figures,
    ...(walked.status === 'completed' ? { state: completedState(run, plan, state, walked.highWater) } : {}),
    ...(walked.sweep ? { sweep: { deleteStale: options.deleteStale === true } } : {}),
  });
  return {
    table: table.name,
    target: store.target,
    runId: run.runId,
    mode: plan.mode,
    modeReason: plan.modeReason,
    status: walked.status,
    ...walked.figures,
    removed: walked.figures.removed + removed,
    rows: await store.countRows(table),
  };
}

const emptyFigures: RunFigures = { requests: 0, pages: 0, inserted: 0, updated: 0, unchanged: 0, removed: 0 };

function newRunId(): string {
  return `run_${new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15)}_${randomBytes(4).toString('hex')}`;
}

/**
 * The endpoint's definition, when it pages: an unknown provider or endpoint is core's `USAGE` error (with the
 * closest names), one that does not page a `USAGE` error naming the ones that do.
 */
export function pagedDefinition<TProviders extends readonly AnyProvider[]>(
  client: PdgClient<TProviders>,
  walk: HarvestWalk,
): EndpointDefinition {
  const providers: readonly AnyProvider[] = client.providers;
  const definition = endpointCatalog(providers).definition(walk.provider, walk.endpoint);
  if (!definition.paging) {
    const endpoints = providers.find((provider) => provider.id === walk.provider)?.endpoints ?? {};
    const paged = Object.entries(endpoints)
      .filter(([, endpoint]) => endpoint.paging)
      .map(([name]) => name);
    throw usageError(
      `${walk.provider} ${walk.endpoint} does not page, so there is no listing to harvest: harvest takes a paged endpoint${paged.length > 0 ? ` (${walk.provider}: ${paged.join(', ')})` : ''}. Use pdg run for one call.`,
    );
  }
  return definition;
}

interface WalkContext {
  readonly definition: EndpointDefinition;
  readonly plan: RunPlan;
  readonly run: RunStart;
  readonly store: HarvestStore;
  readonly state: StoredState | undefined;
  readonly options: HarvestOptions;
}

interface Walked {
  readonly status: 'completed' | 'interrupted';
  readonly figures: RunFigures;
  /** The walk went to its end in full mode: rows it did not see are no longer listed. */
  readonly sweep: boolean;
  readonly highWater: string | null;
}

/**
 * Items handed to the store and not yet committed, at most: a walk faster than its database waits here, so the
 * pages it holds stay a few megabytes.
 */
const maxItemsAhead = 2_000;

/** A page handed to the store: its items, and its counts once committed. */
interface PageInFlight {
  readonly items: number;
  readonly counts: Promise<PageCounts>;
}

/**
 * The pages of the run, each written with its checkpoint; where and why it stopped. An incremental run waits
 * for each page's counts before it asks for the next (they say whether to go on); a full or since run fetches
 * the next page while this one is written, and hands pages to the store without waiting for them to be
 * committed (up to `maxItemsAhead`), so the store can commit many at once.
 */
async function walkInto<TProviders extends readonly AnyProvider[]>(
  client: PdgClient<TProviders>,
  context: WalkContext,
): Promise<Walked> {
  const { definition, plan, run, store, state, options } = context;
  const { table } = run;
  const paging = definition.paging as NonNullable<EndpointDefinition['paging']>;
  const positionParam = paging.kind === 'page' ? 'page' : 'cursor';
  const started = Date.now();
  let figures: RunFigures = { ...emptyFigures };
  let items = 0;
  let highWater = plan.resume ? (state?.runHighWater ?? null) : null;
  const inFlight: PageInFlight[] = [];
  let itemsAhead = 0;
  /** Waits for the oldest page in flight to be committed, and counts it. */
  const settleOldest = async () => {
    const page = inFlight.shift() as PageInFlight;
    itemsAhead -= page.items;
    const counts = await page.counts;
    items += page.items;
    figures = {
      ...figures,
      inserted: figures.inserted + counts.inserted,
      updated: figures.updated + counts.updated,
      unchanged: figures.unchanged + counts.unchanged,
    };
    options.onProgress?.({ ...figures, items, elapsedMs: Date.now() - started });
    return counts;
  };
  const settleAll = async () => {
    while (inFlight.length > 0) await settleOldest();
  };
  /** Every page in flight settled, then `error` thrown with the figures so far (the pages committed). */
  const failed = async (error: unknown): Promise<never> => {
    while (inFlight.length > 0) await settleOldest().catch(() => undefined);
    throw Object.assign(error as object, { figures });
  };
  const steps = endpointsOf(client).pageSteps(table.provider, table.endpoint, plan.sentParams, {
    ...(plan.resume ? { resume: plan.resume } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.maxItems === undefined ? {} : { maxItems: options.maxItems }),
  });
  /** Where the next page is: the params it is fetched with say it (`_pdg_params`, and its request id's lookup). */
  let position: WalkPosition = plan.resume?.at;
  /** Asks for the next page; what it resolves to carries the params it was fetched with and the time. */
  const fetchNext = () => {
    const pageParams = position === undefined ? plan.sentParams : { ...plan.sentParams, [positionParam]: position };
    const fetched = steps.next().then((next) => {
      if (!next.done) position = next.value.after.at;
      return { next, pageParams, fetchedAt: new Date() };
    });
    // Its error is thrown where it is awaited; this keeps a page fetched ahead from failing unheard.
    fetched.catch(() => undefined);
    return fetched;
  };
  let pending: ReturnType<typeof fetchNext> | undefined = fetchNext();
  let sent = 0;
  try {
    while (true) {
      if (options.signal?.aborted) {
        await settleAll().catch(failed);
        return { status: 'interrupted', figures, sweep: false, highWater };
      }
      const { next, pageParams, fetchedAt } = await (pending ?? fetchNext()).catch(failed);
      pending = undefined;
      if (next.done) {
        await settleAll().catch(failed);
        // A walk cut at `maxItems` did not see every item: nothing is marked removed.
        const whole = options.maxItems === undefined || sent < options.maxItems;
        return { status: 'completed', figures, sweep: plan.mode === 'full' && whole, highWater };
      }
      const { items: pageItems, after } = next.value;
      sent += pageItems.length;
      const cut = options.maxItems !== undefined && sent >= options.maxItems;
      // A full or since run goes on whatever this page holds: its next page is fetched while this one is written.
      // An incremental run decides from what this page's write finds, so it asks for the next one only after.
      if (plan.mode !== 'incremental' && !cut) pending = fetchNext();
      const rows = pageItems.map((item) => itemRow(table, item, plan.sentParams));
      highWater = highestOf(highWater, pageItems, plan.sinceField);
      figures = { ...figures, requests: figures.requests + 1, pages: figures.pages + 1 };
      const counts = store.writePage({
        run,
        rows,
        requestId: options.requestIds?.take(table.provider, table.endpoint, pageParams) ?? null,
        fetchedAt,
        pageParams,
        figures: { requests: figures.requests, pages: figures.pages },
        state: {
          runId: run.runId,
          status: 'running',
          mode: plan.mode,
          modeReason: plan.modeReason,
          checkpoint: after,
          sentParams: plan.sentParams,
          highWater: state?.highWater ?? null,
          runHighWater: highWater,
        },
      });
      // Its error is thrown where it is settled; this keeps a page written ahead from failing unheard.
      counts.catch(() => undefined);
      inFlight.push({ items: pageItems.length, counts });
      itemsAhead += pageItems.length;
      // The first page is committed before the walk runs ahead: a run killed after that has a checkpoint to go
      // on from, and the next run marks it interrupted in the ledger.
      if (plan.mode === 'incremental' || figures.pages === 1) {
        const written = await settleOldest().catch(failed);
        // A newest-first listing: a page with nothing new or changed means the rest is stored already.
        if (plan.mode === 'incremental' && rows.length > 0 && written.inserted === 0 && written.updated === 0)
          return { status: 'completed', figures, sweep: false, highWater };
      }
      while (itemsAhead > maxItemsAhead) await settleOldest().catch(failed);
      if (cut) {
        await settleAll().catch(failed);
        return { status: 'completed', figures, sweep: false, highWater };
      }
    }
  } finally {
    await steps.return(undefined);
  }
}

/** The largest value of the since-field so far (numbers compared as numbers, text as text). */
function highestOf(current: string | null, items: readonly unknown[], field: string | undefined): string | null {
  if (field === undefined) return current;
  let best = current;
  for (const item of items) {
    const value = (item as Record<string, unknown> | null)?.[field];
    if (value === undefined || value === null) continue;
    const text = String(value);
    if (best === null) best = text;
    else if (typeof value === 'number' ? value > Number(best) : text > best) best = text;
  }
  return best;
}

/** The state a completed run leaves: no checkpoint, the high-water mark moved on. */
function completedState(
  run: RunStart,
  plan: RunPlan,
  before: StoredState | undefined,
  highWater: string | null,
): StoredState {
  return {
    runId: run.runId,
    status: 'completed',
    mode: plan.mode,
    modeReason: plan.modeReason,
    checkpoint: null,
    sentParams: null,
    highWater: laterMark(before?.highWater ?? null, highWater),
    runHighWater: null,
  };
}

/** The later of two marks: as numbers where both are numbers, as text otherwise. */
function laterMark(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return a ?? b;
  const numeric = a.trim() !== '' && b.trim() !== '' && !Number.isNaN(Number(a)) && !Number.isNaN(Number(b));
  return (numeric ? Number(b) > Number(a) : b > a) ? b : a;
}
