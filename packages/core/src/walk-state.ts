import type { ItemsOptions } from './client.js';
import type { EndpointDefinition, Paging } from './contract.js';
import { PdgError, usageError } from './errors.js';

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

function checkLimit(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isInteger(value) && value >= 0)) {
    throw usageError(`${name} must be a whole number >= 0 (received ${value}).`);
  }
}

/**
 * The checks a walk makes before its first page, in the order the walk has always made them: the paging,
 * or `undefined` for a walk that takes no items (`maxItems: 0`, which is never an error).
 */
export function checkWalk(
  items: boolean,
  providerId: string,
  endpointName: string,
  endpoint: EndpointDefinition,
  options: ItemsOptions,
): Paging | undefined {
  if (items) {
    checkLimit('maxItems', options.maxItems);
    if (options.maxItems === 0) return undefined;
  }
  const paging = requirePaging(providerId, endpointName, endpoint);
  checkLimit('maxPages', options.maxPages);
  return paging;
}

function requirePaging(providerId: string, endpointName: string, endpoint: EndpointDefinition): Paging {
  if (!endpoint.paging) {
    throw usageError(`${providerId} ${endpointName} is not a paged endpoint; call it with run().`, {
      provider: providerId,
      endpoint: endpointName,
    });
  }
  return endpoint.paging;
}

/** A gateway that points back to a page or cursor already fetched: the walk would never end. */
export function cycleError(
  providerId: string,
  endpointName: string,
  param: string,
  next: unknown,
  fetched: number,
): PdgError {
  const shown =
    typeof next === 'string' && next.length > 80 ? `${JSON.stringify(next.slice(0, 80))}…` : JSON.stringify(next);
  return new PdgError({
    code: 'INVALID_RESPONSE',
    provider: providerId,
    endpoint: endpointName,
    issues: [
      {
        path: param === 'page' ? 'nextPage' : 'nextCursor',
        message: `points back to ${param} ${shown}, already fetched`,
      },
    ],
    message: `${providerId} ${endpointName}: after ${fetched} page(s) the gateway pointed back to ${param} ${shown}, which was already fetched; following it would never end. This is a gateway bug; the pages so far were delivered.`,
  });
}
