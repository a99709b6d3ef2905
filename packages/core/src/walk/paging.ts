// The walks of `pages()` and `items()`. The checks before the first page are the client's (walk-state.ts).
// This module imports no code (its error builders are handed in, `Walk.faults`): in a one-file bundle, a
// module loaded by import() and every module it imports are wrapped to start lazily, which costs every client.

import type { CallOptions, ItemsOptions, PagesOptions } from '../call/options.js';
import type { PageHooks, WalkCheckpoint, WalkState } from '../call/walk-state.js';
import type { CallTarget } from '../contract/call-target.js';
import type { EndpointDefinition, Paging } from '../contract/contract.js';
import type { checkpointMismatchError, shownPosition, walkFaultError } from '../errors/error-builders.js';
import type { PdgError } from '../errors/errors.js';
import type { SchemaNode } from '../schema/schema-reader.js';

/** The error builders the walk uses (error-builders.ts's), handed in with its kit (walker.ts). */
export interface WalkFaults {
  readonly walkFaultError: typeof walkFaultError;
  readonly checkpointMismatchError: typeof checkpointMismatchError;
  readonly shownPosition: typeof shownPosition;
}

/** What the rule for a walk's next position reads: the endpoint, its paging, and the errors it raises. */
export interface PageRule extends CallTarget {
  readonly definition: EndpointDefinition;
  readonly paging: Paging;
  /** The errors the rule raises, handed in (walker.ts, face.ts): this module imports no code. */
  readonly faults: WalkFaults;
}

/** One walk over a paged endpoint, as `pages()` and `items()` start it. */
export interface Walk<TOptions extends PagesOptions> extends PageRule {
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
  /** Pages this walk fetched, this one included. */
  readonly count: number;
  /** What the gateway did wrong in this page's paging fields: thrown once the page is handed out. */
  readonly fault?: PdgError | undefined;
}

interface PageFields {
  readonly hasMore?: boolean | null;
  readonly nextPage?: number | null;
  readonly nextCursor?: string | null;
  readonly page?: number | null;
}

/** Pages in a row with no items, each saying `hasMore: true`, after which a walk stops (`maxEmptyPages`). */
export const defaultMaxEmptyPages = 3;

/**
 * Cursors a walk remembers to notice a gateway pointing back to one: the most recent ones, so a long walk
 * keeps a bounded set. Page numbers need none: each next page must come after the current one.
 */
const rememberedCursors = 1_000;

/**
 * Pages of a paged endpoint, fetched one at a time as the caller asks for them. Page-numbered endpoints
 * send `page` and follow `nextPage`; cursor endpoints send `cursor` and follow `nextCursor`. The walk
 * ends at `hasMore: false`, at `maxPages`, or at the last page the endpoint's `page` param accepts (its
 * documented maximum), since a page past it would be refused. A gateway that would make the walk endless
 * or end it silently short throws `INVALID_RESPONSE` naming what it did, after the pages before were
 * delivered: a page number that does not come after the current one, a cursor already fetched,
 * `maxEmptyPages` pages in a row with no items and `hasMore: true`, `hasMore: true` with no `nextCursor`,
 * or a `nextPage` that is not a page number. A page whose items are, in order, exactly the page before's
 * ends the walk the same way before it is handed out, so no item reaches the caller twice: a gateway that
 * answers every cursor (or page number) with the same items would make the walk endless without ever
 * repeating a cursor, and live data never sends a whole page again under a new position.
 */
export async function* walkPages(walk: Walk<PagesOptions>): AsyncGenerator<unknown, void, undefined> {
  for await (const { page, at, next, fault } of fetchPages(walk)) {
    // Once the caller has this page, a resumed walk starts at the next one (at this one, when the gateway
    // gave no valid next one: it may answer better later).
    walk.state.checkpoint = fault ? checkpointAt(at, 0) : afterPage(next);
    yield page;
  }
}

async function* fetchPages(walk: Walk<PagesOptions>): AsyncGenerator<FetchedPage, void, undefined> {
  const { paging, params, state } = walk;
  // What is left of the walk's options once its own are taken out is each page's call options.
  const {
    maxPages,
    maxEmptyPages = defaultMaxEmptyPages,
    maxItems: _maxItems,
    resume: _resume,
    onPageFetch,
    onPage: _onPage,
    onPageDone: _onPageDone,
    ...pageOptions
  } = walk.options as ItemsOptions & PageHooks;
  if (state.checkpoint.done) return;
  const param = paging.kind === 'page' ? 'page' : 'cursor';
  let position: unknown = state.checkpoint.at ?? params[param];
  const cursors = new Set<unknown>();
  let emptyInARow = 0;
  let previous: readonly unknown[] | undefined;
  for (let fetched = 1; maxPages === undefined || fetched <= maxPages; fetched++) {
    onPageFetch?.(fetched);
    const page = await walk.fetchPage(position === undefined ? params : { ...params, [param]: position }, pageOptions);
    const fields = (typeof page === 'object' && page !== null ? page : {}) as PageFields;
    const found = (fields as Record<string, unknown>)[paging.items];
    const items = Array.isArray(found) && found.length > 0 ? found : undefined;
    // Checked before the page is handed out: none of a repeated page's items reaches the caller.
    if (items && previous && samePage(previous, items)) {
      throw walk.faults.walkFaultError(walk, {
        fetched,
        path: paging.items,
        did: `sent the same ${items.length} ${paging.items} as the page before, under a new ${paging.kind === 'cursor' ? 'cursor' : 'page number'}`,
      });
    }
    previous = items;
    let next: unknown;
    let fault: PdgError | undefined;
    try {
      next = positionAfter(walk, page, position, fetched);
    } catch (error) {
      fault = error as PdgError;
    }
    yield { page, at: position, next, count: fetched, fault };
    if (fault) throw fault;
    if (next === undefined) return;
    emptyInARow = items ? 0 : emptyInARow + 1;
    if (emptyInARow >= maxEmptyPages) {
      throw walk.faults.walkFaultError(walk, {
        fetched,
        path: paging.items,
        did: `sent ${emptyInARow} pages in a row with no ${paging.items} while saying hasMore: true (maxEmptyPages is ${maxEmptyPages})`,
      });
    }
    if (paging.kind === 'cursor') {
      cursors.add(position);
      if (cursors.size > rememberedCursors) cursors.delete(cursors.values().next().value);
      revisitCheck(walk, next, cursors, fetched);
    }
    position = next;
  }
}

/**
 * The position after `page`, fetched at `at` (undefined for the first page), as `pages()` and `items()`
 * follow it: the next page number or cursor, or `undefined` at the end (`hasMore: false`, no next position,
 * or a page number past the maximum the endpoint's `page` param accepts, which would be refused). A page
 * whose paging fields would make the walk loop or end silently short throws `INVALID_RESPONSE` naming what
 * the gateway did; `fetched` is the count of pages so far, for that message.
 */
export function positionAfter(rule: PageRule, page: unknown, at: unknown, fetched = 1): number | string | undefined {
  const fields = (typeof page === 'object' && page !== null ? page : {}) as PageFields;
  const next = nextPosition({ rule, page: fields, position: at, fetched }) as number | string | undefined;
  // The page param's documented maximum (`integerParam({ max })`): a page past it would be refused.
  const lastPage = rule.paging.kind === 'page' ? pageMax(rule.definition) : undefined;
  return lastPage !== undefined && typeof next === 'number' && next > lastPage ? undefined : next;
}

/** `INVALID_RESPONSE` when a next cursor is one of those `fetchedBefore` holds: the walk would go round. */
export function revisitCheck(
  rule: PageRule,
  next: unknown,
  fetchedBefore: { has(position: unknown): boolean },
  fetched: number,
): void {
  if (rule.paging.kind === 'cursor' && next !== undefined && fetchedBefore.has(next)) {
    throw rule.faults.walkFaultError(rule, {
      fetched,
      path: 'nextCursor',
      did: `pointed back to cursor ${rule.faults.shownPosition(next)}, already fetched`,
    });
  }
}

/**
 * Whether a page's items are, in order, the page before's (item by item, compared as JSON, stopping at the
 * first that differs: a page of new items costs one item's comparison, not the page's). An item too deep to
 * write as JSON counts as different.
 */
function samePage(before: readonly unknown[], page: readonly unknown[]): boolean {
  if (before.length !== page.length) return false;
  for (let index = 0; index < page.length; index++) {
    const text = asJson(page[index]);
    if (text === undefined || text !== asJson(before[index])) return false;
  }
  return true;
}

function asJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/**
 * Items of a paged endpoint, across pages, from the item array the endpoint declares (a page without it, in
 * an answer left unchecked, has none). The checkpoint is kept per item: a walk resumed from it goes on in
 * the middle of a page. `onPageFetch`, `onPage` and `onPageDone` (see `PageHooks`) are called as the walk
 * crosses pages.
 */
export async function* walkItems(walk: Walk<ItemsOptions & PageHooks>): AsyncGenerator<unknown, void, undefined> {
  const { state } = walk;
  const { maxItems, onPage, onPageDone } = walk.options;
  // Items of the first page a resumed walk already handed out.
  let skip = state.checkpoint.taken;
  let yielded = 0;
  for await (const { page, at, next, count, fault } of fetchPages(walk)) {
    onPage?.(page, count);
    const found = (page as Record<string, unknown> | null)?.[walk.paging.items];
    const items = Array.isArray(found) ? found : [];
    // A checkpoint's `taken` is checked against the page it names once that page is here.
    if (skip > items.length) throw walk.faults.checkpointMismatchError(walk, { at, taken: skip, items: items.length });
    // Past the last item: the next page, or this page with every item taken when the gateway gave no valid next one.
    const after = fault ? checkpointAt(at, items.length) : afterPage(next);
    if (skip >= items.length) state.checkpoint = after;
    for (let index = skip; index < items.length; index++) {
      // Set before the item is handed out: a caller that stops after this item resumes after it.
      state.checkpoint = index + 1 === items.length ? after : checkpointAt(at, index + 1);
      yield items[index];
      yielded++;
      // Returning here, before the page walk is resumed, is what keeps the next page unfetched.
      if (maxItems !== undefined && yielded >= maxItems) {
        if (index + 1 === items.length) onPageDone?.(page, count);
        return;
      }
    }
    onPageDone?.(page, count);
    skip = 0;
  }
}

/** A page just fetched, for `nextPosition`: the rule, the page, the position it was fetched at, and its count. */
interface PageAt {
  readonly rule: PageRule;
  readonly page: PageFields;
  readonly position: unknown;
  readonly fetched: number;
}

/** Where the walk goes after this page: a page number or cursor, or `undefined` at the end. */
function nextPosition({ rule, page, position, fetched }: PageAt): unknown {
  if (page.hasMore === false) return undefined;
  const fault = (path: string, did: string) => rule.faults.walkFaultError(rule, { fetched, path, did });
  if (rule.paging.kind === 'cursor') {
    const cursor = page.nextCursor;
    if (typeof cursor === 'string' && cursor !== '') return cursor;
    if (cursor !== undefined && cursor !== null && cursor !== '') {
      throw fault(
        'nextCursor',
        `sent nextCursor ${rule.faults.shownPosition(cursor)}, which is not a cursor (a string)`,
      );
    }
    if (page.hasMore === true) {
      throw fault('nextCursor', 'said hasMore: true but sent no nextCursor to continue with');
    }
    return undefined;
  }
  // The page asked for (the first, without a page param, is page 1) and the page the body says it is: a
  // gateway that ignores the param answers page 1 again, so a next page must come after both.
  const requested = typeof position === 'number' ? position : 1;
  const current = typeof page.page === 'number' ? page.page : requested;
  let next: unknown;
  if (page.nextPage !== undefined && page.nextPage !== null) next = page.nextPage;
  // Without `nextPage`, only an explicit `hasMore: true` moves on, to the page after this one.
  else if (page.hasMore === true) next = current + 1;
  else return undefined;
  if (typeof next !== 'number' || !Number.isInteger(next) || next < 1) {
    throw fault(
      'nextPage',
      `sent nextPage ${rule.faults.shownPosition(next)}, which is not a page number (a whole number from 1)`,
    );
  }
  if (next === requested) throw fault('nextPage', `pointed back to page ${next}, already fetched`);
  const from = Math.max(requested, current);
  if (next <= from)
    throw fault(
      'nextPage',
      `pointed back to page ${next} from page ${from} (a next page must come after the current one)`,
    );
  return next;
}

/**
 * The `max_value` in the `page` param's pipe (through `optional`), when it has one. Read as schema-reader.ts's
 * `SchemaNode` but without its code: importing it here would put the reader in a chunk of its own that every
 * client loads before its first call, walk or not.
 */
function pageMax(definition: EndpointDefinition): number | undefined {
  const page = (definition.params as unknown as SchemaNode).entries?.page;
  const max = (page?.wrapped ?? page)?.pipe?.find((action) => action.type === 'max_value')?.requirement;
  return typeof max === 'number' ? max : undefined;
}
