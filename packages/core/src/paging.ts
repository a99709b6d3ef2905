import type { CallOptions, ItemsOptions, PagesOptions } from './client.js';
import type { EndpointDefinition, Paging } from './contract.js';
import type { PdgError } from './errors.js';
import type { WalkCheckpoint, WalkState } from './walk-state.js';

/** Builds the error for a gateway that points back to a position already fetched (see walk-state.ts). */
type CycleError = (providerId: string, endpointName: string, param: string, next: unknown, fetched: number) => PdgError;

type Call = (provider: string, endpoint: string, params: unknown, options?: CallOptions) => Promise<unknown>;

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

// Loaded by the client on a walk's first page (`import()`), so an app that never walks a listing need not ship it.
// It imports nothing at run time: the checks before the first page, and the errors, are the client's
// (walk-state.ts), so a bundle without code splitting wraps this module alone for its lazy start.

/**
 * Pages of a paged endpoint, fetched one at a time as the caller asks for them. Page-numbered endpoints
 * send `page` and follow `nextPage`; cursor endpoints send `cursor` and follow `nextCursor`. The walk
 * ends at `hasMore: false`, at `maxPages`, when the gateway gives no way forward, or at the last page
 * the endpoint's `page` param accepts (its documented maximum), since a page past it would be refused. A gateway that
 * points back to a page or cursor already fetched would make the walk endless: that throws
 * `INVALID_RESPONSE` naming the repeated position, rather than ending quietly with a truncated walk.
 */
export async function* walkPages(
  call: Call,
  providerId: string,
  endpointName: string,
  endpoint: EndpointDefinition,
  paging: Paging,
  params: Readonly<Record<string, unknown>>,
  options: PagesOptions,
  state: WalkState,
  cycleError: CycleError,
): AsyncGenerator<unknown, void, undefined> {
  const pages = fetchPages(call, providerId, endpointName, endpoint, paging, params, options, state, cycleError);
  for await (const { page, next } of pages) {
    // Once the caller has this page, a resumed walk starts at the next one.
    state.checkpoint = afterPage(next);
    yield page;
  }
}

async function* fetchPages(
  call: Call,
  providerId: string,
  endpointName: string,
  endpoint: EndpointDefinition,
  paging: Paging,
  params: Readonly<Record<string, unknown>>,
  options: PagesOptions,
  state: WalkState,
  cycleError: CycleError,
): AsyncGenerator<FetchedPage, void, undefined> {
  const { maxPages, resume: _resume, ...callOptions } = options;
  if (state.checkpoint.done) return;
  const param = paging.kind === 'page' ? 'page' : 'cursor';
  let position: unknown = state.checkpoint.at ?? params[param];
  // The page param's documented maximum (`integerParam({ max })`): a page past it would be refused.
  const lastPage = paging.kind === 'page' ? pageMax(endpoint) : undefined;
  // Every position fetched so far: one number or cursor per page, not the pages themselves.
  const visited = new Set<unknown>();
  for (let fetched = 0; maxPages === undefined || fetched < maxPages; fetched++) {
    const pageParams = position === undefined ? params : { ...params, [param]: position };
    const page = await call(providerId, endpointName, pageParams, callOptions);
    visited.add(position);
    const reported = (page as PageFields | null)?.page;
    if (paging.kind === 'page' && typeof reported === 'number') visited.add(reported);
    let next = nextPosition(paging, page as PageFields, position);
    if (lastPage !== undefined && typeof next === 'number' && next > lastPage) next = undefined;
    yield { page, at: position, next };
    if (next === undefined) return;
    if (visited.has(next)) throw cycleError(providerId, endpointName, param, next, fetched + 1);
    position = next;
  }
}

/** Items of a paged endpoint, across pages, from the item array the endpoint declares. */
export async function* walkItems(
  call: Call,
  providerId: string,
  endpointName: string,
  endpoint: EndpointDefinition,
  paging: Paging,
  params: Readonly<Record<string, unknown>>,
  options: ItemsOptions,
  state: WalkState,
  cycleError: CycleError,
): AsyncGenerator<unknown, void, undefined> {
  const { maxItems, ...pagesOptions } = options;
  // Items of the first page a resumed walk already handed out.
  let skip = state.checkpoint.taken;
  let yielded = 0;
  const pages = fetchPages(call, providerId, endpointName, endpoint, paging, params, pagesOptions, state, cycleError);
  for await (const { page, at, next } of pages) {
    const items = (page as Record<string, unknown> | null)?.[paging.items];
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
function pageMax(endpoint: EndpointDefinition): number | undefined {
  type Node = { wrapped?: Node; pipe?: readonly { type: string; requirement?: unknown }[] };
  const page = (endpoint.params as { entries?: Record<string, Node> }).entries?.page;
  const max = (page?.wrapped ?? page)?.pipe?.find((action) => action.type === 'max_value')?.requirement;
  return typeof max === 'number' ? max : undefined;
}
