/**
 * Where `pdg queue work` puts the pages it walks: NDJSON files (`--out DIR`) or a table (`--into TARGET`, the
 * targets of `pdg harvest`). The target is read before Redis is asked anything; the store is opened once the
 * worker's client exists, and a DuckDB file another process holds is refused then.
 */
import type { AnyProvider, Hooks, PdgClient } from '@pdg/core';
import { usageError } from '@pdg/core/face';
import type { Sink } from '@pdg/queue';
import type { StoreTarget } from '@pdg/store';
import type { ParsedArgs } from '../args.js';

/** A destination, read from the flags and not yet opened. */
export interface WorkDestination {
  /** As the worker's first line says it: `files in DIR/`, `the tables of postgres://…`. */
  readonly shown: string;
  /** Hooks the worker's client needs for this destination (a table hears each page's request id). */
  readonly hooks: readonly Hooks[];
  /** The sink for `createWalkWorker`, and how to let go of it after the worker closed. */
  open(client: PdgClient<readonly AnyProvider[]>): Promise<{ sink: Sink; close(): Promise<void> }>;
}

const needed =
  'pdg queue work needs --out DIR (each page as NDJSON files in DIR) or --into TARGET (every item once in a table: postgres://… for many workers, duckdb:FILE for one).';

/** `--out DIR` or `--into TARGET`, checked: one of them, a target `pdg harvest` takes, and one a fleet can write. */
export async function workDestination(args: ParsedArgs): Promise<WorkDestination> {
  const out = args.flags.get('out');
  const into = args.flags.get('into');
  if (args.bare.has('out') || args.bare.has('into') || (out === undefined && into === undefined))
    throw usageError(needed);
  if (out !== undefined && into !== undefined)
    throw usageError('pdg queue work takes --out DIR or --into TARGET, not both: one worker writes to one place.');
  if (out !== undefined) {
    return {
      shown: `pages into ${out}/`,
      hooks: [],
      async open() {
        const { ndjsonSink } = await import('@pdg/queue');
        return { sink: ndjsonSink(out), close: async () => undefined };
      },
    };
  }
  const store = await import('@pdg/store');
  let target: StoreTarget;
  try {
    target = store.parseTarget(into);
  } catch (error) {
    throw usageError((error as Error).message);
  }
  if (target.kind === 'parquet')
    throw usageError(
      `pdg queue work cannot write into ${store.targetText(target)}: Parquet files are written whole at the end of a run, so the pages a killed worker had taken would be lost while the queue counts them stored. Work into postgres://… (many workers) or duckdb:FILE (one), then export to Parquet from there; pdg harvest writes Parquet directly.`,
    );
  const requestIds = store.requestIdRecorder();
  return {
    shown: `items into the tables of ${store.targetText(target)}`,
    hooks: [requestIds.hooks],
    async open(client) {
      const opened = await store.openStore(target).catch((error: unknown) => {
        throw heldDuckdb(target, error) ?? error;
      });
      return { sink: store.storeSink(opened, client, { requestIds }), close: () => opened.close() };
    },
  };
}

/** A DuckDB file another process holds, said for a fleet: one writer per file, PostgreSQL for many. */
function heldDuckdb(target: StoreTarget, error: unknown): Error | undefined {
  if (target.kind !== 'duckdb' || !(error instanceof Error) || !/in use by another process/.test(error.message))
    return undefined;
  return usageError(
    `duckdb:${target.file} is held by another process (another pdg queue work, or a harvest): DuckDB has one writer, so one worker per DuckDB file. For many workers, use --into postgres://….`,
  );
}
