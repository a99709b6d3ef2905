import { usageError } from './errors.js';

// What a walk needs before its first page: its checkpoint, read and checked when `pages()` or `items()` is
// called. The walk itself (paging.ts) is loaded on its first page.

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

/** A checkpoint from JSON, checked, so a damaged one fails clearly instead of skipping items. */
export function startState(resume: WalkCheckpoint | undefined): WalkState {
  if (resume === undefined) return { checkpoint: { taken: 0 } };
  const { at, taken, done } = resume as { at?: unknown; taken?: unknown; done?: unknown };
  const validAt = at === undefined || typeof at === 'string' || (typeof at === 'number' && Number.isInteger(at));
  if (!validAt || !(Number.isInteger(taken) && (taken as number) >= 0) || (done !== undefined && done !== true)) {
    throw usageError(
      `resume must be a checkpoint a walk gave ({ at?, taken, done? }), such as JSON.parse of walk.checkpoint (received ${JSON.stringify(resume)}).`,
    );
  }
  return { checkpoint: resume };
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

export function checkLimit(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isInteger(value) && value >= 0)) {
    throw usageError(`${name} must be a whole number >= 0 (received ${value}).`);
  }
}
