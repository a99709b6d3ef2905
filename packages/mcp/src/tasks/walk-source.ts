/**
 * Where a task's walk gets its items: core's item walk over the caller's client, in this process (the
 * default), or a walk job of `@pdg/queue` (queue-source.ts). Either hands out the items in order, with the
 * checkpoint past each one, as core's `items()` does.
 */
import type { WalkCheckpoint } from '@pdg/core';
import type { ClientEndpoints } from '@pdg/core/face';
import type { WalkRequest } from './walk-request.js';

/** A walk under way: its items, and where it is. */
export interface SourceWalk extends AsyncIterable<unknown> {
  /** Past the last item handed out (set before the item is handed out); where the walk ended, once it has. */
  readonly checkpoint: WalkCheckpoint;
  /** Pages fetched so far. */
  readonly pageCount: number;
  /** Stops the walk; no page is fetched after. */
  return(): Promise<unknown>;
}

export interface WalkSourceOptions {
  readonly signal: AbortSignal;
  /** Each page as it arrives, before its items are handed out; `undefined` where the source has its items only (a queue's sink). */
  onPage(page: unknown): void;
}

/** Starts the walk of a request. */
export type WalkSource = (request: WalkRequest, options: WalkSourceOptions) => SourceWalk;

/** The walk in this process, through the face of the caller's client (its key, its redaction). */
export function memorySource(endpoints: ClientEndpoints): WalkSource {
  return (request, { signal, onPage }) =>
    endpoints.items(request.tool.provider, request.tool.endpointName, request.params, {
      maxPages: request.maxPages,
      ...(request.resume === undefined ? {} : { resume: request.resume }),
      signal,
      onPage: (page) => onPage(page),
    });
}
