// Where a walk's items go: a sink takes one page's items under its page key (walk id, page index). After a
// worker dies, a page may reach the sink again under the same key; a sink makes that repeat harmless.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { WalkSpec } from './walk-job.js';

/** One page of a walk, as handed to a sink. */
export interface SinkPage {
  /** The walk job's id: with `pageIndex`, the page key; a store's run id. */
  readonly walkId: string;
  /** The page's place in the walk, from 0. The same page always has the same index, however often it is sent. */
  readonly pageIndex: number;
  readonly items: readonly unknown[];
  /** The walk the page belongs to (provider, endpoint, params, limits), as its job holds it. */
  readonly walk: WalkSpec;
  /** Where the page was fetched: the `page` or `cursor` sent with the walk's params; absent for the first page. */
  readonly at?: number | string;
}

/** How a walk's job ended, as the worker tells a sink that wants to know (a store ends the run in its ledger). */
export interface SinkWalkEnd {
  readonly walkId: string;
  readonly walk: WalkSpec;
  /** `completed` once the walk is done; `failed` once its job fails for good (no attempt left, or an error not retried). */
  readonly status: 'completed' | 'failed';
  /** Why it failed: the job's failed reason, `CODE: message`. */
  readonly error?: string;
}

/** What a sink's write may answer: `done` ends the walk there, as complete (a store that has the rest already). */
export interface SinkWritten {
  readonly done?: boolean;
}

/**
 * Takes a page's items. Idempotent per page key: a page delivered again (after a worker died between the
 * sink and the checkpoint) must replace or ignore the first delivery, never add to it. A sink that throws
 * fails the page; the walk is tried again from its checkpoint, with backoff. It may answer `{ done: true }`
 * to end the walk after this page.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a sink that answers nothing is an `async` function returning Promise<void>.
export type SinkFunction = (page: SinkPage) => Promise<void | SinkWritten>;

/** A walk's job about to walk, as the worker tells a sink that plans its walks (`plan`). */
export interface SinkWalkStart {
  readonly walkId: string;
  /** The walk as its job holds it (`fullRefresh` among it when the run was added so). */
  readonly walk: WalkSpec;
}

/** How a sink wants a walk's run walked. */
export interface SinkWalkPlan {
  /**
   * The params sent with every page of this run: the walk's own, or with a since-style param set to what the
   * sink already holds. A run taken up again after its worker died must be given the same ones.
   */
  readonly params: Readonly<Record<string, unknown>>;
}

/**
 * A sink with parts: `write` each page; optionally `plan`, asked before each attempt of a walk's job walks
 * (before its first request), and `finish`, told when a walk's job ends.
 */
export interface SinkObject {
  readonly write: SinkFunction;
  readonly plan?: (start: SinkWalkStart) => Promise<SinkWalkPlan>;
  readonly finish?: (end: SinkWalkEnd) => Promise<void>;
}

/**
 * A sink as `createWalkWorker` takes it: a function, or an object with `write` (and `finish`), such as
 * `ndjsonSink(dir)` or `@pdg/store`'s `storeSink(store, client)`.
 */
export type Sink = SinkFunction | SinkObject;

/** The sink as an object, checked. */
export function sinkObject(sink: Sink): SinkObject {
  if (typeof sink === 'function') return { write: sink };
  if (typeof sink === 'object' && sink !== null && typeof sink.write === 'function') {
    if (sink.finish !== undefined && typeof sink.finish !== 'function')
      throw new TypeError('sink.finish must be a function ({ walkId, walk, status, error }) => Promise<void>.');
    if (sink.plan !== undefined && typeof sink.plan !== 'function')
      throw new TypeError('sink.plan must be a function ({ walkId, walk }) => Promise<{ params }>.');
    return sink;
  }
  throw new TypeError(
    'sink must be ndjsonSink(dir), storeSink(store, client) from @pdg/store, or a function ({ walkId, pageIndex, items, walk }) => Promise<void>.',
  );
}

/** A page's file name: its index, zero-padded so that names sort in page order. */
const pageFile = (pageIndex: number) => `${String(pageIndex).padStart(8, '0')}.ndjson`;

/** Page files of a walk, and only those (a temporary file being written ends otherwise). */
const isPageFile = (name: string) => /^\d{8}\.ndjson$/.test(name);

export interface NdjsonSink {
  readonly dir: string;
  /** Writes one page's file; the page key is all it needs of the page besides its items. */
  readonly write: (page: Pick<SinkPage, 'walkId' | 'pageIndex' | 'items'>) => Promise<void>;
}

/**
 * A sink of NDJSON files: `<dir>/<walkId>/<pageIndex>.ndjson`, one item a line, one file per page. Each file
 * is written under a temporary name and renamed into place, so a file is whole or absent, and a page sent
 * again replaces its file with the same items: no item twice, whatever crashed where.
 */
export function ndjsonSink(dir: string): NdjsonSink {
  if (typeof dir !== 'string' || dir === '') throw new TypeError('ndjsonSink(dir) needs a folder path.');
  return {
    dir,
    write: async ({ walkId, pageIndex, items }) => {
      const folder = join(dir, walkId);
      await mkdir(folder, { recursive: true });
      const target = join(folder, pageFile(pageIndex));
      const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, items.map((item) => `${JSON.stringify(item)}\n`).join(''));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
  };
}

/** Every item an `ndjsonSink(dir)` holds for a walk, in page order (an empty list for a walk it has none of). */
export async function readNdjsonWalk(dir: string, walkId: string): Promise<unknown[]> {
  const folder = join(dir, walkId);
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) =>
    error.code === 'ENOENT' ? [] : Promise.reject(error),
  );
  const items: unknown[] = [];
  for (const name of names.filter(isPageFile).sort()) {
    const text = await readFile(join(folder, name), 'utf8');
    for (const line of text.split('\n')) if (line !== '') items.push(JSON.parse(line));
  }
  return items;
}
