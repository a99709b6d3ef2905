import type { CallTarget } from './call-target.js';
import type { EndpointDefinition, Paging } from './contract.js';
import { usageError } from './error-builders.js';

// What a walk needs before its first page: its checkpoint, read and checked when `pages()` or `items()` is
// called. The walk itself (paging.ts) comes with pageOf() / cursorPageOf() (walker.ts), loaded on its first page.

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
export function startState(resume: WalkCheckpoint | undefined): WalkState {
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
  return { checkpoint: resume };
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

function checkLimit(name: string, value: number | undefined, min = 0): void {
  if (value !== undefined && !(Number.isInteger(value) && value >= min)) {
    throw usageError(`${name} must be a whole number >= ${min} (received ${value}).`);
  }
}

/** A walk about to start: its endpoint, whether it hands out items (`items()`) or pages, and its limits. */
export interface WalkStart extends CallTarget {
  readonly definition: EndpointDefinition;
  readonly items: boolean;
  readonly options: { readonly maxItems?: number; readonly maxPages?: number; readonly maxEmptyPages?: number };
}

/**
 * The checks a walk makes before its first page, in the order the walk has always made them: the walk that
 * came with the endpoint's paging (`walkOf`, walker.ts's, reads it), or `undefined` for a walk that takes no
 * items (`maxItems: 0`, which is never an error). Paging written by hand has no walk, and is refused.
 */
export function checkWalk<TWalk>(walk: WalkStart, walkOf: (paging: Paging) => TWalk | undefined): TWalk | undefined {
  if (walk.items) {
    checkLimit('maxItems', walk.options.maxItems);
    if (walk.options.maxItems === 0) return undefined;
  }
  const { paging } = walk.definition;
  const load = paging && walkOf(paging);
  if (!load) {
    const fix = paging
      ? 'has paging written by hand, which cannot be walked: make it with pageOf() or cursorPageOf()'
      : 'is not a paged endpoint; call it with run()';
    throw usageError(`${walk.provider} ${walk.endpoint} ${fix}.`, walk);
  }
  checkLimit('maxPages', walk.options.maxPages);
  checkLimit('maxEmptyPages', walk.options.maxEmptyPages, 1);
  return load;
}
