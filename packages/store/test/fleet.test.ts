/**
 * The stores as the fleet's sink, through the library: `createWalkWorker({ sink: storeSink(store, client) })` in
 * two worker processes (fleet-worker.ts) over a redis-server and a PostgreSQL server of the test's own, against
 * the mock gateway. The first is killed with SIGKILL mid-walk (the gateway holds its third request, so it has
 * delivered two pages); the second runs another walk of the same endpoint meanwhile, then takes the killed
 * one up from its checkpoint. Every item is then in the table once by its key, and each walk is one completed run. Every wait
 * is bounded.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createClient, toArray } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type MockRequestInfo, type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { enqueueWalk } from '@pdg/queue';
import { Queue } from 'bullmq';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresServer, postgresAvailable, startPostgres } from './postgres-server.js';

const workerFile = fileURLToPath(new URL('./fleet-worker.ts', import.meta.url));
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
if (process.env.CI && !(hasRedisServer && postgresAvailable))
  throw new Error('CI must have redis-server and PostgreSQL (.ci/run installs and starts them).');

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Waits until `check` holds, polling every 50 ms, for at most `ms`; says what it waited for if it never does. */
async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 240_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`waited ${ms / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Worker {
  readonly child: ChildProcess;
  readonly lines: Record<string, unknown>[];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

describe.runIf((hasRedisServer && postgresAvailable) || process.env.CI)(
  'storeSink as the sink of worker processes',
  () => {
    let redis: ChildProcess;
    let redisUrl = '';
    let postgres: PostgresServer;
    let gateway: RunningMockGateway;
    const seen: MockRequestInfo[] = [];
    /** The request count at which the gateway starts holding every answer, until its faults are cleared. */
    let hold: number | undefined;
    const workers: Worker[] = [];

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
      const port = await freePort();
      redisUrl = `redis://127.0.0.1:${port}`;
      redis = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: ['ignore', 'pipe', 'ignore'],
        },
      );
      await new Promise<void>((resolve, reject) => {
        let output = '';
        redis.stdout?.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Ready to accept connections')) resolve();
        });
        redis.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
      });
      postgres = await startPostgres();
      await query('DROP TABLE IF EXISTS jobs_jobboard_browse, _pdg_runs, _pdg_changes, _pdg_state');
      gateway = await startMockGateway({
        providers: [jobboard],
        fixtures,
        onRequest: (request) => {
          seen.push(request);
          if (seen.length === hold) gateway.addFault({ latencyMs: 30_000 });
        },
      });
    });

    afterAll(async () => {
      for (const worker of workers) worker.child.kill('SIGKILL');
      await Promise.all(workers.map((worker) => worker.exited));
      redis?.kill();
      await gateway?.close();
      await postgres?.stop();
    });

    const startWorker = async (queueName: string): Promise<Worker> => {
      const setup = { baseUrl: gateway.url, redisUrl, queueName, postgresUrl: postgres.url };
      const child = spawn(process.execPath, [workerFile, JSON.stringify(setup)], { stdio: ['ignore', 'pipe', 'pipe'] });
      const lines: Record<string, unknown>[] = [];
      let stderr = '';
      let buffer = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.once('exit', (code, signal) => resolve({ code, signal })),
      );
      await new Promise<void>((resolve, reject) => {
        child.stdout?.on('data', (chunk: Buffer) => {
          buffer += chunk.toString();
          for (let end = buffer.indexOf('\n'); end !== -1; end = buffer.indexOf('\n')) {
            const line = JSON.parse(buffer.slice(0, end)) as Record<string, unknown>;
            lines.push(line);
            if (line.ready === true) resolve();
            buffer = buffer.slice(end + 1);
          }
        });
        void exited.then(({ code }) =>
          reject(new Error(`the worker exited (${code}) before it was ready:\n${stderr}`)),
        );
      });
      const worker = { child, lines, exited, stderr: () => stderr };
      workers.push(worker);
      return worker;
    };

    it('the first killed mid-walk, the second finishing both walks: every item once by its key, each walk a completed run', async () => {
      const queueName = 'store-fleet';
      const queue = new Queue(queueName, { connection: { url: redisUrl } });
      queue.on('error', () => undefined);
      try {
        const pdg = createClient({ providers: [jobboard], apiKey: 'single-key', baseUrl: gateway.url });
        // The mock's whole listing in 25 pages of 10, and Singapore's part of it in pages of 4.
        const whole = { provider: 'jobs:jobboard', endpoint: 'browse', params: { limit: 10 } } as const;
        const singapore = {
          provider: 'jobs:jobboard',
          endpoint: 'browse',
          params: { country: 'SG', limit: 4 },
        } as const;
        const listing = (await toArray(pdg.items('jobs:jobboard', 'browse', whole.params))) as { jobId: string }[];
        expect(listing).toHaveLength(250);
        const singaporePages = (await toArray(pdg.pages('jobs:jobboard', 'browse', singapore.params))).length;
        expect(singaporePages).toBeGreaterThan(1);
        seen.length = 0;

        const wholeId = await enqueueWalk(queue, whole);
        // The gateway holds the first worker's third request: it has delivered two pages, and waits mid-walk.
        hold = 3;
        const first = await startWorker(queueName);
        await waitFor('the first worker to be held mid-walk', () => seen.length >= 3);
        expect(first.lines.filter((line) => 'page' in line)).toHaveLength(2);
        const second = await startWorker(queueName);
        first.child.kill('SIGKILL');
        expect((await first.exited).signal).toBe('SIGKILL');
        gateway.clearFaults();
        hold = undefined;
        // Another walk for the second worker while the killed one's lock runs out.
        const singaporeId = await enqueueWalk(queue, singapore);
        const [midway] = await query('SELECT count(*)::int AS rows FROM jobs_jobboard_browse');
        expect(midway?.rows).toBeLessThan(250);

        const state = async (id: string) => (await queue.getJob(id))?.getState();
        await waitFor(
          'both walks to complete',
          async () => (await state(wholeId)) === 'completed' && (await state(singaporeId)) === 'completed',
        );
        const [table] = await query(
          'SELECT count(*)::int AS rows, count(DISTINCT "jobId")::int AS keys FROM jobs_jobboard_browse',
        );
        expect(table).toEqual({ rows: 250, keys: 250 });
        const keys = (await query('SELECT "jobId" FROM jobs_jobboard_browse')).map((row) => row.jobId).sort();
        expect(keys).toEqual(listing.map((job) => job.jobId).sort());
        const [provenance] = await query(
          'SELECT count(*) FILTER (WHERE _pdg_request_id IS NULL)::int AS "withoutId" FROM jobs_jobboard_browse',
        );
        expect(provenance).toEqual({ withoutId: 0 });
        // The second worker took the killed walk up at its third page.
        const taken = second.lines.filter((line) => (line.page as { walkId?: string } | undefined)?.walkId === wholeId);
        expect(taken.map((line) => (line.page as { pageIndex: number }).pageIndex)).toEqual(
          Array.from({ length: 23 }, (_, index) => index + 2),
        );

        const runs = await query(
          'SELECT "runId", status, pages::int AS pages, requests::int AS requests, inserted::int AS inserted FROM _pdg_runs ORDER BY "startedAt"',
        );
        expect(runs).toEqual([
          { runId: wholeId, status: 'completed', pages: 25, requests: 25, inserted: expect.any(Number) },
          {
            runId: singaporeId,
            status: 'completed',
            pages: singaporePages,
            requests: singaporePages,
            inserted: expect.any(Number),
          },
        ]);
        // Each job inserted once, by whichever walk reached it first.
        expect(runs.reduce((sum, run) => sum + (run.inserted as number), 0)).toBe(250);
        second.child.kill('SIGTERM');
        expect(await second.exited, second.stderr()).toEqual({ code: 0, signal: null });
        expect(second.lines.filter((line) => 'error' in line)).toEqual([]);
      } finally {
        await queue.close();
      }
    });
  },
);
