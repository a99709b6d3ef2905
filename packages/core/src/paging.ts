// The walks of `pages()` and `items()`. The checks before the first page are the client's (walk-state.ts).
import type { CallTarget } from './call-target.js';
import type { EndpointDefinition, Paging } from './contract.js';
import { pagingCycleError } from './error-builders.js';
import type { CallOptions, ItemsOptions, PagesOptions } from './options.js';
import type { WalkCheckpoint, WalkState } from './walk-state.js';

/** One walk over a paged endpoint, as `pages()` and `items()` start it. */
export interface Walk<TOptions extends PagesOptions> extends CallTarget {
  readonly definition: EndpointDefinition;
  readonly paging: Paging;
  /** The caller's params; the walk adds `page` or `cursor`. */
  readonly params: Readonly<Record<string, unknown>>;
  readonly options: TOptions;
  /** Where the walk is; updated as it goes, read by the walk's `checkpoint`. */
  readonly state: WalkState;
  /** Fetches one page: `run()` of the walk's endpoint with these params and options. */
  readonly fetchPage: (params: Readonly<Record<string, unknown>>, options: CallOptions) => Promise<unknown>;
}

/** In page `at` (absent for the first page), with `taken` of its items handed out. */
function checkpointAt(at: unknown, taken: number): WalkCheckpoint {
  return at === undefined ? { taken } : { at: at as number | string, taken };
}

/** Past a page whose successor is `next`: at the start of that one, or done when there is none. */
function afterPage(next: unknown): WalkCheckpoint {
  return next === undefined ? { taken: 0, done: true } : checkpointAt(next, 0);
}

/** One fetched page, with the position it was fetched at and the one after it. */
interface FetchedPage {
  readonly page: unknown;
  readonly at: unknown;
  readonly next: unknown;
}

interface PageFields {
  readonly hasMore?: boolean | null;
  readonly nextPage?: number | null;
  readonly nextCursor?: string | null;
  readonly page?: number | null;
}

/**
 * Pages of a paged endpoint, fetched one at a time as the caller asks for them. Page-numbered endpoints
 * send `page` and follow `nextPage`; cursor endpoints send `cursor` and follow `nextCursor`. The walk
 * ends at `hasMore: false`, at `maxPages`, when the gateway gives no way forward, or at the last page
 * the endpoint's `page` param accepts (its documented maximum), since a page past it would be refused. A gateway that
 * points back to a page or cursor already fetched would make the walk endless: that throws
 * `INVALID_RESPONSE` naming the repeated position, rather than ending quietly with a truncated walk.
 */
export async function* walkPages(walk: Walk<PagesOptions>): AsyncGenerator<unknown, void, undefined> {
  for await (const { page, next } of fetchPages(walk)) {
    // Once the caller has this page, a resumed walk starts at the next one.
    walk.state.checkpoint = afterPage(next);
    yield page;
  }
}

async function* fetchPages(walk: Walk<PagesOptions>): AsyncGenerator<FetchedPage, void, undefined> {
  const { paging, params, state } = walk;
  // What is left of the walk's options once its own are taken out is each page's call options.
  const { maxPages, maxItems: _maxItems, resume: _resume, ...pageOptions } = walk.options as ItemsOptions;
  if (state.checkpoint.done) return;
  const param = paging.kind === 'page' ? 'page' : 'cursor';
  let position: unknown = state.checkpoint.at ?? params[param];
  // The page param's documented maximum (`integerParam({ max })`): a page past it would be refused.
  const lastPage = paging.kind === 'page' ? pageMax(walk.definition) : undefined;
  // Every position fetched so far: one number or cursor per page, not the pages themselves.
  const visited = new Set<unknown>();
  for (let fetched = 0; maxPages === undefined || fetched < maxPages; fetched++) {
    const page = await walk.fetchPage(position === undefined ? params : { ...params, [param]: position }, pageOptions);
    visited.add(position);
    const reported = (page as PageFields | null)?.page;
    if (paging.kind === 'page' && typeof reported === 'number') visited.add(reported);
    let next = nextPosition(paging, page as PageFields, position);
    if (lastPage !== undefined && typeof next === 'number' && next > lastPage) next = undefined;
    yield { page, at: position, next };
    if (next === undefined) return;
    if (visited.has(next)) throw pagingCycleError(walk, { param, next, fetched: fetched + 1 });
    position = next;
  }
}

/** Items of a paged endpoint, across pages, from the item array the endpoint declares. */
export async function* walkItems(walk: Walk<ItemsOptions>): AsyncGenerator<unknown, void, undefined> {
  const { state } = walk;
  const { maxItems } = walk.options;
  // Items of the first page a resumed walk already handed out.
  let skip = state.checkpoint.taken;
  let yielded = 0;
  for await (const { page, at, next } of fetchPages(walk)) {
    const items = (page as Record<string, unknown> | null)?.[walk.paging.items];
    if (!Array.isArray(items)) return;
    const after = afterPage(next);
    if (skip >= items.length) state.checkpoint = after;
    for (let index = skip; index < items.length; index++) {
      // Set before the item is handed out: a caller that stops after this item resumes after it.
      state.checkpoint = index + 1 === items.length ? after : checkpointAt(at, index + 1);
      yield items[index];
      yielded++;
      // Returning here, before the page walk is resumed, is what keeps the next page unfetched.
      if (maxItems !== undefined && yielded >= maxItems) return;
    }
    skip = 0;
  }
}

function nextPosition(paging: Paging, page: PageFields, position: unknown): unknown {
  if (page === null || typeof page !== 'object' || page.hasMore === false) return undefined;
  if (paging.kind === 'cursor') return page.nextCursor ?? undefined;
  if (page.nextPage !== undefined && page.nextPage !== null) return page.nextPage;
  // Without `nextPage`, only an explicit `hasMore: true` moves on, to the page after this one.
  if (page.hasMore !== true) return undefined;
  const current = typeof page.page === 'number' ? page.page : typeof position === 'number' ? position : 1;
  return current + 1;
}

/** The `max_value` in the `page` param's pipe (through `optional`), when it has one. */
function pageMax(definition: EndpointDefinition): number | undefined {
  type Node = { wrapped?: Node; pipe?: readonly { type: string; requirement?: unknown }[] };
  const page = (definition.params as { entries?: Record<string, Node> }).entries?.page;
  const max = (page?.wrapped ?? page)?.pipe?.find((action) => action.type === 'max_value')?.requirement;
  return typeof max === 'number' ? max : undefined;
}
