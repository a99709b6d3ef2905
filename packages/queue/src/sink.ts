// Where a walk's items go: a sink takes one page's items under its page key (walk id, page index). After a
// worker dies, a page may reach the sink again under the same key; a sink makes that repeat harmless.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One page of a walk, as handed to a sink. */
export interface SinkPage {
  /** The walk's id (`walkId`): with `pageIndex`, the page key. */
  readonly walkId: string;
  /** The page's place in the walk, from 0. The same page always has the same index, however often it is sent. */
  readonly pageIndex: number;
  readonly items: readonly unknown[];
}

/**
 * Takes a page's items. Idempotent per page key: a page delivered again (after a worker died between the
 * sink and the checkpoint) must replace or ignore the first delivery, never add to it. A sink that throws
 * fails the page; the walk is tried again from its checkpoint, with backoff.
 */
export type SinkFunction = (page: SinkPage) => Promise<void>;

/** A sink as `createWalkWorker` takes it: a function, or one the package ships (`ndjsonSink`). */
export type Sink = SinkFunction | { readonly write: SinkFunction };

/** The function of a sink. */
export function sinkFunction(sink: Sink): SinkFunction {
  if (typeof sink === 'function') return sink;
  if (typeof sink === 'object' && sink !== null && typeof sink.write === 'function') return sink.write;
  throw new TypeError('sink must be ndjsonSink(dir) or a function ({ walkId, pageIndex, items }) => Promise<void>.');
}

/** A page's file name: its index, zero-padded so that names sort in page order. */
const pageFile = (pageIndex: number) => `${String(pageIndex).padStart(8, '0')}.ndjson`;

/** Page files of a walk, and only those (a temporary file being written ends otherwise). */
const isPageFile = (name: string) => /^\d{8}\.ndjson$/.test(name);

export interface NdjsonSink {
  readonly dir: string;
  readonly write: SinkFunction;
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
