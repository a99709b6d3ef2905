import { usageError } from '../errors/error-builders.js';

// What a walk needs before its first page: its checkpoint, read and checked when `pages()` or `items()` is
// called, and its limits. These checks and the walk itself (paging.ts) come with pageOf() / cursorPageOf()
// (walker.ts), so a client whose endpoints are not paged carries none of them; only `maxItems` is the
// client's own (client.ts), as `maxItems: 0` takes nothing and is never an error, paged or not.

/**
 * Where a walk is, as plain JSON: save it, and pass it as `resume` to continue the walk later, in this
 * process or another, with no item skipped or repeated.
 */
export interface WalkCheckpoint {
  /** The `page` number or `cursor` of the page the walk is in; absent for the first page. */
  readonly at?: number | string;
  /** Items of that page already taken (`items()`); `pages()` checkpoints always say 0. */
  readonly taken: number;
  /** The walk reached its last page and item. */
  readonly done?: true;
}

/** The walk's checkpoint, kept current as pages are fetched and items taken. */
export interface WalkState {
  checkpoint: WalkCheckpoint;
}

/**
 * What an item walk calls as it crosses pages, with the page and the count of pages fetched so far: for a
 * caller that keeps a page's other fields (a thread's opening post, a total) or says how far the walk got.
 */
export interface PageHooks {
  /**
   * A page is about to be fetched (`pageCount` counts it): called before its request is sent, for a caller
   * that counts or bounds the walk's gateway calls. An error thrown here ends the walk with that error, and
   * the page is not asked for.
   */
  readonly onPageFetch?: (pageCount: number) => void;
  /** A page arrived: called before any of its items is handed out. */
  readonly onPage?: (page: unknown, pageCount: number) => void;
  /**
   * Every item of a page was handed out (at once for a page with none): called before the next page is
   * fetched, and for the page of the last item when `maxItems` ends the walk there.
   */
  readonly onPageDone?: (page: unknown, pageCount: number) => void;
}

/** A checkpoint from JSON, checked, so a damaged one fails clearly instead of skipping items. */
export function startState(resume: unknown): WalkState {
  if (resume === undefined) return { checkpoint: { taken: 0 } };
  const { at, taken, done } = (typeof resume === 'object' && resume !== null ? resume : {}) as {
    at?: unknown;
    taken?: unknown;
    done?: unknown;
  };
  const validAt = at === undefined || typeof at === 'string' || (typeof at === 'number' && Number.isInteger(at));
  if (!validAt || !(Number.isInteger(taken) && (taken as number) >= 0) || (done !== undefined && done !== true)) {
    throw usageError(
      `resume must be a checkpoint a walk gave ({ at?, taken, done? }), such as JSON.parse of walk.checkpoint (received ${shown(resume)}).`,
    );
  }
  return { checkpoint: resume as WalkCheckpoint };
}

/** A value as a message shows it: JSON when it has one (a cycle or a BigInt has none), else its type. */
function shown(value: unknown): string {
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
}

/**
 * Every value of a walk (or any async iterable) in an array, stopping after `maxItems` without fetching
 * further pages: `await toArray(pdg.items('jobs:jobboard', 'browse', { country: 'SG' }), { maxItems: 50 })`.
 */
export async function toArray<T>(
  iterable: AsyncIterable<T>,
  options: { readonly maxItems?: number } = {},
): Promise<T[]> {
  checkLimit('maxItems', options.maxItems);
  const out: T[] = [];
  if (options.maxItems === 0) return out;
  for await (const value of iterable) {
    out.push(value);
    if (options.maxItems !== undefined && out.length >= options.maxItems) break;
  }
  return out;
}

/** A limit of a walk (`maxItems`, `maxPages`, `maxEmptyPages`): a whole number `min` or more, when given. */
export function checkLimit(name: string, value: number | undefined, min = 0): void {
  if (value !== undefined && !(Number.isInteger(value) && value >= min)) {
    throw usageError(`${name} must be a whole number >= ${min} (received ${value}).`);
  }
}

/** A walk's page limits. */
export interface WalkLimits {
  readonly maxPages?: number;
  readonly maxEmptyPages?: number;
}

/** The page limits, checked after `maxItems` and the endpoint's paging (client.ts), before the first page. */
export function checkPageLimits(options: WalkLimits): void {
  checkLimit('maxPages', options.maxPages);
  checkLimit('maxEmptyPages', options.maxEmptyPages, 1);
}
