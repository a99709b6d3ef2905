/**
 * `pdg queue work --into TARGET`: walks into a table. Two `pdg queue work --into postgres://…` processes over a
 * redis-server and a PostgreSQL server of the test's own, against the mock gateway: the first killed with
 * SIGKILL mid-walk (once the queue says it delivered a page, and before the walk's end), the second finishing
 * the walk from its checkpoint; every item of the listing is then in the table once by its key, and the walk
 * is one completed run in the ledger, which `pdg queue status --into` shows. The same walk added again once
 * done runs incrementally (one request for a listing with nothing new), and `--full-refresh` walks it all. A
 * DuckDB file one worker holds is refused to a second; targets a fleet cannot use are refused before Redis is
 * asked anything. Every wait is bounded.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, toArray } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type MockRequestInfo, type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { Queue } from 'bullmq';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresServer, postgresAvailable, startPostgres } from '../../store/test/postgres-server.js';
import { hasRedisServer, type QueueWorker, startQueueWork, startRedisServer } from './redis-server.js';
import { runCli } from './run-cli.js';

if (process.env.CI && !(hasRedisServer && postgresAvailable))
  throw new Error('CI must have redis-server and PostgreSQL (.ci/run installs and starts them).');

describe('pdg queue work --into: targets refused before Redis', () => {
  // Redis at port 1 refuses: reaching it would end with exit 1 and "No Redis answered".
  const work = (...flags: string[]) =>
    runCli([
      'queue',
      'work',
      ...flags,
      '--redis',
      'redis://127.0.0.1:1',
      '--api-key',
      'k-1',
      '--base-url',
      'http://127.0.0.1:9',
    ]);

  it('an unknown target is exit 2 naming the targets', async () => {
    const { code, stderr } = await work('--into', 'mysql://db/harvest');
    expect(code).toBe(2);
    expect(stderr).toContain('Unknown target "mysql://db/harvest"');
    expect(stderr).toMatch(/duckdb:FILE.*postgres:\/\/.*parquet:DIR/);
    expect(stderr).not.toContain('No Redis answered');
  });

  it('parquet:DIR is exit 2 saying why and what to use instead', async () => {
    const { code, stderr } = await work('--into', 'parquet:harvest');
    expect(code).toBe(2);
    expect(stderr).toContain('written whole at the end of a run');
    expect(stderr).toContain('postgres://');
  });

  it('neither --out nor --into, or both, is exit 2 naming them', async () => {
    const neither = await work();
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('needs --out DIR');
    expect(neither.stderr).toContain('--into TARGET');
    const both = await work('--out', 'x', '--into', 'duckdb:x.duckdb');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('not both');
  });
});

/** Waits until `check` holds, polling every 100 ms, for at most `ms`; says what it waited for if it never does. */
async function waitFor(what: string, check: () => Promise<boolean>, ms = 240_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`waited ${ms / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf((hasRedisServer && postgresAvailable) || process.env.CI)('pdg queue work --into over Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>> | undefined;
  let redisUrl = '';
  let postgres: PostgresServer;
  let gateway: RunningMockGateway;
  let seen: MockRequestInfo[] = [];
  /** The request count from which the gateway holds every answer, until the faults are cleared. */
  let hold: number | undefined;
  let dir = '';
  const workers: QueueWorker[] = [];
  const againDatabase = 'pdg_cli_queue_into_again';
  let againUrl = '';

  const query = async (sql: string) => {
    const connection = new pg.Client({ connectionString: postgres.url });
    await connection.connect();
    try {
      return (await connection.query(sql)).rows as Record<string, unknown>[];
    } finally {
      await connection.end();
    }
  };

  beforeAll(async () => {
    redis = await startRedisServer();
    redisUrl = redis.url;
    postgres = await startPostgres();
    await query('DROP TABLE IF EXISTS jobs_jobboard_browse, _pdg_runs, _pdg_changes, _pdg_state');
    // The incremental runs go into a database of their own: each test's table starts empty, in any order.
    await query(`DROP DATABASE IF EXISTS ${againDatabase} WITH (FORCE)`);
    await query(`CREATE DATABASE ${againDatabase}`);
    const url = new URL(postgres.url);
    url.pathname = `/${againDatabase}`;
    againUrl = url.toString();
    gateway = await startMockGateway({
      providers: [jobboard],
      fixtures,
      onRequest: (request) => {
        seen.push(request);
        if (seen.length === hold) gateway.addFault({ latencyMs: 30_000 });
      },
    });
    dir = await mkdtemp(join(tmpdir(), 'pdg-cli-queue-into-'));
  });

  afterAll(async () => {
    for (const worker of workers) worker.child.kill('SIGKILL');
    await Promise.all(workers.map((worker) => worker.exited));
    redis?.stop();
    await gateway?.close();
    if (againUrl) await query(`DROP DATABASE IF EXISTS ${againDatabase} WITH (FORCE)`);
    await postgres?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** Starts `pdg queue work` with these flags; resolves once it says it is working. */
  const startWorker = async (queueName: string, ...flags: string[]): Promise<QueueWorker> => {
    const worker = startQueueWork(redisUrl, [
      '--queue',
      queueName,
      '--base-url',
      gateway.url,
      '--api-key',
      'cli-into-key-4e7a',
      ...flags,
    ]);
    workers.push(worker);
    await new Promise<void>((resolve, reject) => {
      const working = () => {
        if (worker.stderr().includes('pdg queue: working on')) resolve();
      };
      worker.child.stderr?.on('data', working);
      void worker.exited.then(({ code }) =>
        reject(new Error(`pdg queue work exited (${code}) before working:\n${worker.stderr()}`)),
      );
    });
    return worker;
  };

  it('two workers into PostgreSQL, the first killed with SIGKILL mid-walk: every item once by its key, one completed run', async () => {
    const queueName = 'into-postgres';
    const env = { PDG_REDIS_URL: redisUrl };
    // The mock's whole listing (250 jobs) in pages of 10: 25 pages.
    const added = await runCli(['queue', 'add', 'jobs:jobboard', 'browse', '--limit', '10', '--queue', queueName], env);
    expect(added.code, added.stderr).toBe(0);
    const id = added.stdout.trim();
    const pdg = createClient({ providers: [jobboard], apiKey: 'single-key', baseUrl: gateway.url });
    const listing = (await toArray(pdg.items('jobs:jobboard', 'browse', { limit: 10 }))) as { jobId: string }[];
    expect(listing).toHaveLength(250);
    seen = [];

    const queue = new Queue(queueName, { connection: { url: redisUrl } });
    queue.on('error', () => undefined);
    try {
      const progress = async () =>
        (await queue.getJob(id))?.progress as { pageIndex?: number; checkpoint?: { done?: true } } | undefined;
      // The gateway holds every request from the third on (each answer 30 s late, the client's timeout): the
      // first worker, having delivered two pages, waits for its third mid-walk, whatever the machine's speed,
      // until it is killed.
      hold = 3;
      // Each worker holds its walk 10 s unrenewed (--lock; 30 s by default) and looks as often for walks whose
      // hold ran out: the killed worker's walk goes to the second within 20 s.
      const first = await startWorker(queueName, '--into', postgres.url, '--lock', '10s');
      await waitFor('the first worker to be held mid-walk', async () => seen.length >= 3);
      const second = await startWorker(queueName, '--into', postgres.url, '--lock', '10s');
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      const killedAt = seen.length;
      gateway.clearFaults();
      hold = undefined;
      // What the queue holds of the walk is what the first worker left: two pages delivered, not the end.
      const left = await progress();
      const delivered = left?.pageIndex ?? 0;
      expect(delivered).toBe(2);
      expect(left?.checkpoint?.done).toBeUndefined();
      const [midway] = await query('SELECT count(*)::int AS rows FROM jobs_jobboard_browse');
      expect(midway?.rows).toBe(delivered * 10);

      // The second takes the walk up once the first's hold runs out, at its next stalled-job check.
      await waitFor('the walk to complete', async () => (await (await queue.getJob(id))?.getState()) === 'completed');
      const [table] = await query(
        'SELECT count(*)::int AS rows, count(DISTINCT "jobId")::int AS keys FROM jobs_jobboard_browse',
      );
      expect(table).toEqual({ rows: 250, keys: 250 });
      const keys = (await query('SELECT "jobId" FROM jobs_jobboard_browse')).map((row) => row.jobId).sort();
      expect(keys).toEqual(listing.map((job) => job.jobId).sort());
      // Every row with its provenance: the gateway's request id of its page (one per page), the page it came from.
      const [provenance] = await query(
        `SELECT count(*) FILTER (WHERE _pdg_request_id IS NULL)::int AS "withoutId", count(DISTINCT _pdg_request_id)::int AS ids, count(DISTINCT _pdg_params->>'page')::int AS pages, count(DISTINCT _pdg_run_id)::int AS runs FROM jobs_jobboard_browse`,
      );
      expect(provenance).toEqual({ withoutId: 0, ids: 25, pages: 24, runs: 1 });
      // Resumed from the checkpoint, not walked again: the second worker asked for each page after it, once.
      const pageOf = (request: MockRequestInfo) =>
        Number(new URL(request.url, 'http://x').searchParams.get('page') ?? '1');
      expect(seen.slice(killedAt).map(pageOf)).toEqual(
        Array.from({ length: 25 - delivered }, (_, index) => delivered + 1 + index),
      );

      const runs = await query(
        'SELECT "runId", status, pages::int AS pages, inserted::int AS inserted, updated::int AS updated, requests::int AS requests FROM _pdg_runs',
      );
      // The ledger's requests are the pages the sink took: the first worker died waiting for a page, so each once.
      expect(runs).toEqual([{ runId: id, status: 'completed', pages: 25, inserted: 250, updated: 0, requests: 25 }]);
      const status = await runCli(['queue', 'status', '--queue', queueName, '--into', postgres.url], env);
      expect(status.code, status.stderr).toBe(0);
      expect(status.stdout).toContain('done 1\n');
      expect(status.stdout).toContain(
        `run ${id} completed, full: 25 requests, 25 pages, 250 inserted, 0 updated, 0 unchanged\n`,
      );

      const json = await runCli(['queue', 'status', '--json', '--queue', queueName, '--into', postgres.url], env);
      expect(json.code, json.stderr).toBe(0);
      expect(JSON.parse(json.stdout).ledger).toEqual([
        expect.objectContaining({ runId: id, status: 'completed', requests: 25, pages: 25, inserted: 250 }),
      ]);

      second.child.kill('SIGTERM');
      expect(await second.exited, second.stderr()).toEqual({ code: 0, signal: null });
      expect(second.stderr()).toContain(`pdg queue: done ${id}: 250 items in 25 pages`);
      console.log(
        `queue work --into postgres: 250 jobs in 25 pages, the first worker killed after ${delivered} pages; ${seen.length} requests at the gateway, ${seen.length - killedAt} of them after the kill; ledger: ${JSON.stringify(runs[0])}`,
      );
    } finally {
      await queue.close();
    }
  });

  it('a walk added again once done runs incrementally, as status --into shows; --full-refresh walks it all', async () => {
    const queueName = 'into-again';
    const env = { PDG_REDIS_URL: redisUrl };
    const worker = await startWorker(queueName, '--into', againUrl);
    const queue = new Queue(queueName, { connection: { url: redisUrl } });
    queue.on('error', () => undefined);
    /** `pdg queue add` of the walk (the listing in pages of 25: 10 pages); its id once its run completed, and the requests it sent. */
    const run = async (...flags: string[]) => {
      seen = [];
      const added = await runCli(
        ['queue', 'add', 'jobs:jobboard', 'browse', '--limit', '25', '--queue', queueName, ...flags],
        env,
      );
      expect(added.code, added.stderr).toBe(0);
      const id = added.stdout.trim();
      await waitFor(`${id} to complete`, async () => (await queue.getJobState(id)) === 'completed');
      return { id, requests: seen.length, stderr: added.stderr };
    };
    try {
      const first = await run();
      expect(first.requests).toBe(10);
      const again = await run();
      expect(again.id).toBe(`${first.id}-r2`);
      expect(again.stderr).toContain(`this walk ran before (${first.id}, completed): added a new run of it`);
      // Nothing new in the listing: its first page is stored and unchanged, so the run ends there.
      expect(again.requests).toBeLessThanOrEqual(2);
      const refreshed = await run('--full-refresh');
      expect(refreshed.id).toBe(`${first.id}-r3`);
      expect(refreshed.requests).toBe(10);
      expect(refreshed.stderr).toContain(
        `${refreshed.id} walks every page, whatever the table it goes into holds (--full-refresh).`,
      );
      const status = await runCli(['queue', 'status', '--queue', queueName, '--into', againUrl], env);
      expect(status.code, status.stderr).toBe(0);
      expect(status.stdout).toContain(`run ${first.id} completed, full: 10 requests, 10 pages`);
      expect(status.stdout).toContain(
        `run ${again.id} completed, incremental: ${again.requests} requests, ${again.requests} pages, 0 inserted, 0 updated`,
      );
      expect(status.stdout).toContain(`run ${refreshed.id} completed, full: 10 requests, 10 pages, 0 inserted`);
      const json = await runCli(['queue', 'status', '--json', '--queue', queueName, '--into', againUrl], env);
      const ledger = JSON.parse(json.stdout).ledger as { runId: string; mode: string; modeReason: string }[];
      expect(ledger.map((row) => row.mode)).toEqual(['full', 'incremental', 'full']);
      expect(ledger[2]?.modeReason).toContain('full refresh');
      console.log(
        `queue work --into postgres, one walk run three times: ${first.requests}, ${again.requests} (incremental), ${refreshed.requests} (--full-refresh) requests`,
      );
    } finally {
      await queue.close();
      worker.child.kill('SIGTERM');
      expect(await worker.exited, worker.stderr()).toEqual({ code: 0, signal: null });
    }
  });

  it('a DuckDB file one worker holds is refused to a second, naming PostgreSQL for many workers', async () => {
    const file = join(dir, 'fleet.duckdb');
    const holder = await startWorker('into-duckdb', '--into', `duckdb:${file}`);
    const second = await runCli(
      [
        'queue',
        'work',
        '--queue',
        'into-duckdb',
        '--into',
        `duckdb:${file}`,
        '--base-url',
        gateway.url,
        '--api-key',
        'k',
      ],
      { PDG_REDIS_URL: redisUrl },
    );
    expect(second.code).toBe(2);
    expect(second.stderr).toContain(`duckdb:${file} is held by another process`);
    expect(second.stderr).toContain('one worker per DuckDB file');
    expect(second.stderr).toContain('--into postgres://');
    holder.child.kill('SIGTERM');
    expect(await holder.exited, holder.stderr()).toEqual({ code: 0, signal: null });
  });
});
