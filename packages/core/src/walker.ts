import type { Paging } from './contract.js';
import type { walkItems, walkPages } from './paging.js';

// The walk's code comes with the paging that needs it: pageOf() and cursorPageOf() (page-schema.ts) hand the
// paging object they make a loader of the walk (paging.ts), so a client whose endpoints have no paging object
// made by them carries no walk code, and a paged provider brings it, loaded on its first page.

/** The walk's two generators, as paging.ts exports them. */
export interface WalkCode {
  readonly walkItems: typeof walkItems;
  readonly walkPages: typeof walkPages;
}

/** Where a paging object made by pageOf() or cursorPageOf() keeps its walk's loader: one key for every copy of core. */
const walkKey = Symbol.for('pdg.walk');

/** The paging object, given its walk's loader (not enumerable: the object still reads `{ kind, items }`). */
export function withWalk<T extends Paging>(paging: T, load: () => Promise<WalkCode>): T {
  return Object.defineProperty(paging, walkKey, { value: load });
}

/** The loader of a paging object's walk; undefined for a paging object written by hand. */
export function walkOf(paging: Paging): (() => Promise<WalkCode>) | undefined {
  return (paging as { [walkKey]?: () => Promise<WalkCode> })[walkKey];
}
