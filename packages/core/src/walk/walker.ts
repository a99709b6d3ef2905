import type { WalkLimits, WalkState } from '../call/walk-state.js';
import type { Paging } from '../contract/contract.js';
import type { WalkFaults, walkItems, walkPages } from './paging.js';

// The walk's code comes with the paging that needs it: pageOf() and cursorPageOf() (page-schema.ts) hand the
// paging object they make a loader of the walk (paging.ts), so a client whose endpoints have no paging object
// made by them carries no walk code, and a paged provider brings it, loaded on its first page. The checks a
// walk makes before its first page come the same way (walk-state.ts), run when pages() or items() is called.

/** The walk's two generators, as paging.ts exports them. */
export interface WalkCode {
  readonly walkItems: typeof walkItems;
  readonly walkPages: typeof walkPages;
}

/** What a paging object made by pageOf() or cursorPageOf() carries for its walk. */
export interface WalkKit {
  /** The walk's state from the caller's `resume`, checked (walk-state.ts `startState`). */
  readonly start: (resume: unknown) => WalkState;
  /** The walk's page limits, checked (walk-state.ts `checkPageLimits`). */
  readonly checkLimits: (options: WalkLimits) => void;
  /** The walk's code, loaded on its first page. */
  readonly load: () => Promise<WalkCode>;
  /** The errors the walk raises (error-builders.ts's), handed to it: paging.ts imports no code. */
  readonly faults: WalkFaults;
}

/** Where a paging object made by pageOf() or cursorPageOf() keeps its walk's kit: one key for every copy of core. */
const walkKey = Symbol.for('pdg.walkKit');

/** The paging object, given its walk's kit (not enumerable: the object still reads `{ kind, items }`). */
export function withWalk<T extends Paging>(paging: T, kit: WalkKit): T {
  return Object.defineProperty(paging, walkKey, { value: kit });
}

/** The kit of a paging object's walk; undefined for a paging object written by hand. */
export function walkOf(paging: Paging): WalkKit | undefined {
  return (paging as { [walkKey]?: WalkKit })[walkKey];
}
