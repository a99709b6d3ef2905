/**
 * Stores as `createWalkWorker` sinks: pages delivered by two workers at once, and a page delivered twice,
 * leave each item once by its key, in one ledger run per walk; a DuckDB file held by one process is refused to
 * a second with a message saying why.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, parseTarget, storeSink, tableShape } from '../src/index.js';
import { jobs } from './listing-gateway.js';
import { type PostgresServer, postgresAvailable, startPostgres } from './postgres-server.js';

const client = createClient({ providers: [jobboard], baseUrl: 'http://127.0.0.1:9', apiKey: 'unused' });
const walk = { provider: 'jobs:jobboard', endpoint: 'browse', params: { country: 'SG', limit: 50 } };
const dir = mkdtempSync(join(tmpdir(), 'pdg-store-sink-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(postgresAvailable || process.env.CI === 'true')('storeSink into PostgreSQL', () => {
  let server: PostgresServer;
  const query = async (sql: string) => {
    const connection = new pg.Client({ connectionString: server.url });
    await connection.connect();
    try {
      return (await connection.query(sql)).rows;
    } finally {
      await connection.end();
    }
  };
  beforeAll(async () => {
    server = await startPostgres();
    await query('DROP TABLE IF EXISTS jobs_jobboard_browse, _pdg_runs, _pdg_changes, _pdg_state');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps each item once when two workers deliver pages at once and one page twice', async () => {
    const listing = jobs(200);
    const pages = [0, 1, 2, 3].map((index) => listing.slice(index * 50, index * 50 + 50));
    const stores = [await openStore(parseTarget(server.url)), await openStore(parseTarget(server.url))];
    try {
      const [first, second] = stores.map((store) => storeSink(store, client)) as [
        ReturnType<typeof storeSink>,
        ReturnType<typeof storeSink>,
      ];
      // Worker one takes pages 0 and 1, and dies after page 1 reached the sink; worker two takes page 1 again
      // (from the checkpoint before it), then 2 and 3, while worker one's last write is still going.
      await Promise.all([
        (async () => {
          await first.write({ walkId: 'walk-1', pageIndex: 0, items: pages[0] as unknown[], walk });
          await first.write({ walkId: 'walk-1', pageIndex: 1, items: pages[1] as unknown[], walk });
        })(),
        (async () => {
          await second.write({ walkId: 'walk-1', pageIndex: 1, items: pages[1] as unknown[], walk });
          await second.write({ walkId: 'walk-1', pageIndex: 2, items: pages[2] as unknown[], walk });
          await second.write({ walkId: 'walk-1', pageIndex: 3, items: pages[3] as unknown[], walk });
        })(),
      ]);
      await second.finish({ walkId: 'walk-1', walk, status: 'completed' });
    } finally {
      for (const store of stores) await store.close();
    }
    const [rows] = await query(
      'SELECT count(*)::int AS rows, count(DISTINCT "jobId")::int AS ids FROM jobs_jobboard_browse',
    );
    expect(rows).toEqual({ rows: 200, ids: 200 });
    // Five deliveries (five requests), four pages stored.
    const runs = await query('SELECT "runId", status, requests::int AS requests, pages::int AS pages FROM _pdg_runs');
    expect(runs).toEqual([{ runId: 'walk-1', status: 'completed', requests: 5, pages: 4 }]);
    // The ledger read back, as `pdg queue status --into` shows it: only the runs asked for.
    const reader = await openStore(parseTarget(server.url));
    try {
      expect(await reader.readRuns(['walk-none', 'walk-1'])).toEqual([
        expect.objectContaining({
          runId: 'walk-1',
          status: 'completed',
          requests: 5,
          pages: 4,
          endedAt: expect.any(String),
        }),
      ]);
    } finally {
      await reader.close();
    }
  });
});

describe('storeSink into DuckDB', () => {
  it('takes pages of two walks delivered at once (a worker with concurrency 2) in turns: each item once, a run per walk', async () => {
    const store = await openStore(parseTarget(`duckdb:${join(dir, 'concurrent.duckdb')}`));
    try {
      const sink = storeSink(store, client);
      const listing = jobs(120);
      const other = { ...walk, params: { country: 'SG', limit: 30 } };
      // Two walks over one listing, their pages interleaved as two walks of one worker deliver them.
      await Promise.all([
        ...[0, 1, 2].map((index) =>
          sink.write({ walkId: 'walk-a', pageIndex: index, items: listing.slice(index * 40, index * 40 + 40), walk }),
        ),
        ...[0, 1, 2, 3].map((index) =>
          sink.write({
            walkId: 'walk-b',
            pageIndex: index,
            items: listing.slice(index * 30, index * 30 + 30),
            walk: other,
          }),
        ),
      ]);
      await Promise.all([
        sink.finish({ walkId: 'walk-a', walk, status: 'completed' }),
        sink.finish({ walkId: 'walk-b', walk: other, status: 'failed', error: 'UPSTREAM: gone' }),
      ]);
      expect(await store.countRows(tableShape('jobs:jobboard', 'browse', jobboard.endpoints.browse))).toBe(120);
      const runs = await store.readRuns(['walk-a', 'walk-b']);
      expect(runs.map(({ runId, status, pages, error }) => ({ runId, status, pages, error }))).toEqual([
        { runId: 'walk-a', status: 'completed', pages: 3, error: null },
        { runId: 'walk-b', status: 'failed', pages: 4, error: 'UPSTREAM: gone' },
      ]);
      expect(runs.reduce((sum, run) => sum + run.inserted, 0)).toBe(120);
    } finally {
      await store.close();
    }
  });
});

describe('a page delivered again (its worker killed between the store and the queue)', () => {
  /** The listing's pages of 50, as the sink takes them. */
  const pagesOf = (listing: readonly unknown[]) =>
    Array.from({ length: Math.ceil(listing.length / 50) }, (_, index) => listing.slice(index * 50, index * 50 + 50));

  it('does not end a first (full) run, nor an incremental run whose page this run stored; a run that failed part way makes the next walk whole', async () => {
    const store = await openStore(parseTarget(`duckdb:${join(dir, 'again.duckdb')}`));
    try {
      // The first run: page 1 comes again after its worker died; the walk goes on to its end.
      const first = pagesOf(jobs(230));
      let sink = storeSink(store, client);
      expect((await sink.plan({ walkId: 'walk-x', walk })).params).toEqual(walk.params);
      await sink.write({ walkId: 'walk-x', pageIndex: 0, items: first[0] as unknown[], walk });
      await sink.write({ walkId: 'walk-x', pageIndex: 1, items: first[1] as unknown[], walk });
      sink = storeSink(store, client);
      await sink.plan({ walkId: 'walk-x', walk });
      const written: unknown[] = [];
      for (const [index, items] of first.entries())
        if (index >= 1) written.push(await sink.write({ walkId: 'walk-x', pageIndex: index, items, walk }));
      expect(written).toEqual([undefined, undefined, undefined, undefined]);
      await sink.finish({ walkId: 'walk-x', walk, status: 'completed' });

      // The second: 3 new jobs on page 0, which comes again after its worker died. Its items are stored and
      // unchanged now, but this run stored them: the walk goes on, and ends at page 1, stored before it.
      const second = pagesOf(jobs(233));
      sink = storeSink(store, client);
      await sink.plan({ walkId: 'walk-x-r2', walk });
      expect(await sink.write({ walkId: 'walk-x-r2', pageIndex: 0, items: second[0] as unknown[], walk })).toBe(
        undefined,
      );
      sink = storeSink(store, client);
      await sink.plan({ walkId: 'walk-x-r2', walk });
      expect(await sink.write({ walkId: 'walk-x-r2', pageIndex: 0, items: second[0] as unknown[], walk })).toBe(
        undefined,
      );
      expect(await sink.write({ walkId: 'walk-x-r2', pageIndex: 1, items: second[1] as unknown[], walk })).toEqual({
        done: true,
      });
      await sink.finish({ walkId: 'walk-x-r2', walk, status: 'completed' });

      // The third stores 5 new jobs of page 0 and fails: the fourth walks whole, not stopping at page 0.
      const third = pagesOf(jobs(238));
      await sink.plan({ walkId: 'walk-x-r3', walk });
      await sink.write({ walkId: 'walk-x-r3', pageIndex: 0, items: third[0] as unknown[], walk });
      await sink.finish({ walkId: 'walk-x-r3', walk, status: 'failed', error: 'UPSTREAM: gone' });
      await sink.plan({ walkId: 'walk-x-r4', walk });
      expect(await sink.write({ walkId: 'walk-x-r4', pageIndex: 0, items: third[0] as unknown[], walk })).toBe(
        undefined,
      );
      await sink.finish({ walkId: 'walk-x-r4', walk, status: 'completed' });

      const runs = await store.readRuns(['walk-x', 'walk-x-r2', 'walk-x-r3', 'walk-x-r4']);
      expect(
        runs.map(({ runId, mode, status, pages, inserted }) => ({ runId, mode, status, pages, inserted })),
      ).toEqual([
        { runId: 'walk-x', mode: 'full', status: 'completed', pages: 5, inserted: 230 },
        { runId: 'walk-x-r2', mode: 'incremental', status: 'completed', pages: 2, inserted: 3 },
        { runId: 'walk-x-r3', mode: 'incremental', status: 'failed', pages: 1, inserted: 5 },
        { runId: 'walk-x-r4', mode: 'full', status: 'completed', pages: 1, inserted: 0 },
      ]);
      expect(runs[3]?.modeReason).toContain('the last run, walk-x-r3, did not walk the whole listing');
      expect(await store.countRows(tableShape('jobs:jobboard', 'browse', jobboard.endpoints.browse))).toBe(238);
    } finally {
      await store.close();
    }
  });
});

describe('a Parquet folder', () => {
  it('is refused as a sink, saying why and what to use', async () => {
    const store = await openStore(parseTarget(`parquet:${join(dir, 'parquet')}`));
    try {
      expect(() => storeSink(store, client)).toThrow(/written whole at the end of a run.*postgres:\/\//);
    } finally {
      await store.close();
    }
  });
});

describe('a DuckDB file', () => {
  it('is refused to a second process while one holds it, with a message naming the way out', async () => {
    const file = join(dir, 'held.duckdb');
    const store = await openStore(parseTarget(`duckdb:${file}`));
    try {
      const script = `import('${new URL('../dist/index.js', import.meta.url).href}').then(async ({ openStore, parseTarget }) => { try { await openStore(parseTarget(${JSON.stringify(`duckdb:${file}`)})); console.log('opened'); } catch (error) { console.log(error.message); } })`;
      const output = await new Promise<string>((resolve) =>
        execFile(process.execPath, ['-e', script], { timeout: 60_000 }, (_error, stdout) => resolve(stdout)),
      );
      expect(output).toContain('is in use by another process');
      expect(output).toContain('postgres://');
      // A ledger not made yet has no runs.
      expect(await store.readRuns(['walk-1'])).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
