/**
 * Queue runs into a store are incremental, as `harvest` is: a walk of a newest-first listing run by a
 * `createWalkWorker` over a redis-server of the test's own, into DuckDB and into PostgreSQL, walks every page
 * the first time; added again once done, the new run stops at the first page it holds unchanged (one request
 * with nothing new, two with 7 new and 1 edited, which it applies); `fullRefresh` walks everything; a
 * schedule's second run (the scheduler's next job, promoted rather than waited for) is incremental. The
 * requests are counted at the gateway, the runs in the ledger; every wait is bounded and only guards against
 * hanging.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { addWalk, createWalkWorker, removeWalk, type WalkSpec, type WalkWorker } from '@pdg/queue';
import { Queue } from 'bullmq';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OwnRedis, redisServerReason, startRedis, waitFor } from '../../queue/test/fleet.js';
import {
  type HarvestStore,
  type LedgerRun,
  openStore,
  parseTarget,
  requestIdRecorder,
  storeSink,
  tableShape,
} from '../src/index.js';
import { jobs, type ListingGateway, startListingGateway } from './listing-gateway.js';
import { type PostgresServer, postgresAvailable, startPostgres } from './postgres-server.js';

const noRedis = redisServerReason();
const dir = mkdtempSync(join(tmpdir(), 'pdg-store-queue-runs-'));
/** 230 jobs in pages of 50: 5 pages. */
const walk: WalkSpec = { provider: 'jobs:jobboard', endpoint: 'browse', params: { country: 'SG', limit: 50 } };

let redis: OwnRedis | undefined;
let postgres: PostgresServer | undefined;
beforeAll(async () => {
  if (!noRedis) redis = await startRedis();
  if (postgresAvailable) postgres = await startPostgres();
});
afterAll(async () => {
  await redis?.stop();
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const targets = [
  { name: 'DuckDB', target: () => `duckdb:${join(dir, 'queue-runs.duckdb')}`, available: true },
  { name: 'PostgreSQL', target: () => postgres?.url ?? '', available: postgresAvailable || process.env.CI === 'true' },
];

describe.each(targets)('queue runs into $name', ({ name, target, available }) => {
  const runsHere = available && (!noRedis || process.env.CI === 'true');
  let gateway: ListingGateway;
  let store: HarvestStore;
  let worker: WalkWorker;
  let queue: Queue;
  const queueName = `queue-runs-${name.toLowerCase()}`;

  beforeAll(async () => {
    if (!runsHere) return;
    if (name === 'PostgreSQL') {
      const connection = new pg.Client({ connectionString: target() });
      await connection.connect();
      await connection.query('DROP TABLE IF EXISTS jobs_jobboard_browse, _pdg_runs, _pdg_changes, _pdg_state');
      await connection.end();
    }
    gateway = await startListingGateway(jobs(230));
    const requestIds = requestIdRecorder();
    const client = createClient({
      providers: [jobboard],
      baseUrl: gateway.url,
      apiKey: 'queue-runs-key',
      hooks: [requestIds.hooks],
    });
    store = await openStore(parseTarget(target()));
    const url = (redis as OwnRedis).url;
    queue = new Queue(queueName, { connection: { url } });
    worker = createWalkWorker({
      client,
      connection: { url },
      queueName,
      sink: storeSink(store, client, { requestIds }),
    });
  });
  afterAll(async () => {
    await worker?.close();
    await queue?.close();
    await store?.close();
    await gateway?.close();
  });

  /** Waits for the job to complete; its ledger run, and the requests the gateway answered meanwhile. */
  const ran = async (id: string, before: number): Promise<{ run: LedgerRun; requests: number }> => {
    await waitFor(`${id} to complete`, async () => (await queue.getJobState(id)) === 'completed', 120_000);
    const [run] = await store.readRuns([id]);
    return { run: run as LedgerRun, requests: gateway.requests - before };
  };
  const rows = () => store.countRows(tableShape('jobs:jobboard', 'browse', jobboard.endpoints.browse));

  it.runIf(runsHere)(
    'a walk added again once done runs incrementally; fullRefresh walks everything; the ledger says each mode',
    async () => {
      let before = gateway.requests;
      const first = await addWalk(queue, walk, { providers: [jobboard] });
      const full = await ran(first.id, before);
      expect(full.requests).toBe(5);
      expect(full.run).toMatchObject({ mode: 'full', status: 'completed', pages: 5, inserted: 230 });
      expect(full.run.modeReason).toContain('first run');

      // Nothing new: the first page is all stored and unchanged, so the walk ends there.
      before = gateway.requests;
      const again = await addWalk(queue, walk, { providers: [jobboard] });
      expect(again).toMatchObject({ outcome: 'new-run', id: `${first.id}-r2` });
      const quiet = await ran(again.id, before);
      expect(quiet.requests).toBeLessThanOrEqual(2);
      expect(quiet.run).toMatchObject({ mode: 'incremental', status: 'completed', inserted: 0, updated: 0 });
      expect(quiet.run.modeReason).toContain('sorted newest first');

      // 7 new jobs at the top and one on the first page edited: two pages, both applied.
      const listing = jobs(237);
      const edited = listing[20] as (typeof listing)[number];
      listing[20] = { ...edited, title: `${edited.title} (senior)` };
      gateway.jobs = listing;
      before = gateway.requests;
      const changed = await ran((await addWalk(queue, walk)).id, before);
      expect(changed.requests).toBeLessThanOrEqual(2);
      expect(changed.run).toMatchObject({ mode: 'incremental', inserted: 7, updated: 1 });
      expect(await rows()).toBe(237);

      // A full refresh walks every page of the listing (237 jobs: 5 pages).
      before = gateway.requests;
      const refreshed = await ran((await addWalk(queue, walk, { fullRefresh: true })).id, before);
      expect(refreshed.requests).toBe(5);
      expect(refreshed.run).toMatchObject({ mode: 'full', pages: 5, inserted: 0, updated: 0, unchanged: 237 });
      expect(refreshed.run.modeReason).toContain('full refresh');
      console.log(
        `queue runs into ${name}: requests per run ${[full, quiet, changed, refreshed].map((step) => `${step.run.mode} ${step.requests}`).join(', ')}`,
      );
    },
  );

  it.runIf(runsHere)("a schedule's second run is incremental", async () => {
    // Another walk of the listing (pages of 40), scheduled at the endpoint's cache time, 10 minutes.
    const scheduled: WalkSpec = { ...walk, params: { country: 'SG', limit: 40 } };
    const before = gateway.requests;
    const added = await addWalk(queue, scheduled, { providers: [jobboard], every: '10m' });
    expect(added.outcome).toBe('scheduled');
    const runIds = async () => {
      const done = await queue.getCompleted();
      return done.map((job) => job.id as string).filter((id) => id.startsWith(`repeat:${added.id}:`));
    };
    await waitFor('the first scheduled run', async () => (await runIds()).length === 1, 120_000);
    const afterFirst = gateway.requests;
    // The scheduler's next run, due in 10 minutes, taken now.
    await waitFor('the next scheduled run to be due', async () => (await queue.getDelayed()).length === 1, 60_000);
    const [next] = await queue.getDelayed();
    await next?.promote();
    await waitFor('the second scheduled run', async () => (await runIds()).length === 2, 120_000);
    const runs = await store.readRuns(await runIds());
    expect(runs.map((run) => run.mode)).toEqual(['full', 'incremental']);
    expect(afterFirst - before).toBe(Math.ceil(237 / 40));
    expect(gateway.requests - afterFirst).toBeLessThanOrEqual(2);
    expect(runs[1]).toMatchObject({ status: 'completed', inserted: 0, updated: 0 });
    console.log(
      `scheduled runs into ${name}: ${afterFirst - before} requests (${runs[0]?.mode}), then ${gateway.requests - afterFirst} (${runs[1]?.mode})`,
    );
    await removeWalk(queue, added.id);
  });
});
