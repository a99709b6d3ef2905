/**
 * Walks as BullMQ jobs over a real Redis and real worker processes, against the mock gateway: workers
 * killed mid-walk (SIGKILL), Redis paused under them, and a walk the gateway refuses. What the sink holds is
 * compared with a single-process `toArray()` of the same walks; the requests' departures (stamped where the
 * rate limit hands each to fetch, carried to the gateway in `x-sent-at`, as tests/shared-limits counts them)
 * never pass the key's limit in any window of a second. Every wait is bounded.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, toArray } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures as jobboardFixtures } from '@pdg/jobs-jobboard/fixtures';
import { type MockRequestInfo, type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { forum } from '@pdg/social-media-forum';
import { fixtures as forumFixtures } from '@pdg/social-media-forum/fixtures';
import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enqueueWalk, readNdjsonWalk, type WalkSpec, walkStatus } from '../dist/index.js';
import {
  busiestWindow,
  type OwnRedis,
  perSecond,
  redisServerReason,
  startRedis,
  startWorker,
  type WorkerProcess,
  waitFor,
} from './fleet.js';

const skip = redisServerReason();
if (skip) console.warn(`queue fleet tests skipped: ${skip}`);

/** The key's limit in these tests: 10 requests a second for the whole fleet. */
const points = 10;
/**
 * Twelve listings of several pages each (the mock's listings hold 250 items): most cut by `maxPages`, some
 * walked to their last page (`hasMore: false`), one cut by `maxItems` inside a page.
 */
const harvest: WalkSpec[] = [
  { params: { sort: 'newest', limit: 60 } },
  { params: { limit: 26, sort: 'oldest' }, maxPages: 6 },
  { params: { limit: 27, remote: true }, maxPages: 7 },
  { params: { limit: 28, openOnly: false }, maxPages: 5 },
  { params: { country: 'VN', limit: 64 } },
  { params: { limit: 30 }, maxItems: 130 },
  { params: { country: 'SG', limit: 31, remote: true }, maxPages: 5 },
  { params: { limit: 32, sort: 'oldest', remote: true }, maxPages: 6 },
  { params: { limit: 68, openOnly: false } },
  { params: { country: 'VN', limit: 33 }, maxPages: 7 },
  { params: { country: 'SG', limit: 34, remote: true, sort: 'newest' }, maxPages: 5 },
  { params: { limit: 35, sort: 'oldest', openOnly: false }, maxPages: 6 },
].map((walk) => ({ provider: 'jobs:jobboard', endpoint: 'browse', ...walk }));

describe.skipIf(skip !== undefined)('walks as BullMQ jobs over worker processes', () => {
  let redis: OwnRedis;
  let gateway: RunningMockGateway;
  let seen: MockRequestInfo[] = [];
  let dir: string;
  let queue: Queue;
  let workers: WorkerProcess[] = [];
  let queueName = '';
  let runs = 0;

  beforeAll(async () => {
    redis = await startRedis();
    gateway = await startMockGateway({
      providers: [jobboard, forum],
      fixtures: [...jobboardFixtures, ...forumFixtures],
      onRequest: (request) => void seen.push(request),
    });
  });

  afterAll(async () => {
    await gateway?.close();
    await redis?.stop();
  });

  /** A fresh queue, sink folder and request log for a test. */
  const fresh = async () => {
    queueName = `harvest-${++runs}`;
    queue = new Queue(queueName, { connection: { url: redis.url } });
    queue.on('error', () => undefined);
    dir = await mkdtemp(join(tmpdir(), 'pdg-queue-test-'));
    seen = [];
  };

  afterEach(async () => {
    for (const worker of workers) worker.child.kill('SIGKILL');
    await Promise.all(workers.map((worker) => worker.exited));
    workers = [];
    await queue?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const start = async (worker: number, lock = { lockDuration: 4000, stalledInterval: 1500 }) => {
    const process = await startWorker({
      worker,
      baseUrl: gateway.url,
      redisUrl: redis.url,
      queueName,
      dir,
      points,
      ...lock,
    });
    workers.push(process);
    return process;
  };
  const pagesOf = (worker: WorkerProcess) => worker.lines.filter((line) => 'page' in line).length;
  const settled = async (count: number) => {
    const status = await walkStatus(queue);
    return status.done + status.failed === count;
  };
  /** A walk's items as one process walks it with `items()` and `toArray()`, against the same mock gateway. */
  const expected = (walk: WalkSpec) => {
    const pdg = createClient({ providers: [jobboard], apiKey: 'single-process-key', baseUrl: gateway.url });
    const params = walk.params as { country?: string; limit: number };
    const { maxItems, maxPages } = walk;
    return toArray(
      pdg.items('jobs:jobboard', 'browse', params, {
        ...(maxPages === undefined ? {} : { maxPages }),
        ...(maxItems === undefined ? {} : { maxItems }),
      }),
    );
  };
  /** The departures the gateway saw, as the workers stamped them. */
  const departures = () => seen.map((request) => Number(request.headers['x-sent-at'])).filter(Number.isFinite);
  /** Ends every worker with SIGTERM, each closing cleanly (exit 0). */
  const stopAll = async () => {
    const alive = workers.filter((worker) => worker.child.exitCode === null && worker.child.signalCode === null);
    for (const worker of alive) worker.child.kill('SIGTERM');
    for (const worker of alive) expect(await worker.exited, worker.stderr()).toEqual({ code: 0, signal: null });
  };

  it('four workers, two killed mid-walk and one started again: twelve walks done, every item once, within the limit', async () => {
    await fresh();
    const ids = [];
    for (const walk of harvest) ids.push(await enqueueWalk(queue, walk));
    // The same walk again is the same job.
    expect(await enqueueWalk(queue, { ...harvest[0], params: { limit: 60, sort: 'newest' } } as WalkSpec)).toBe(ids[0]);
    expect(new Set(ids).size).toBe(12);
    expect((await walkStatus(queue)).waiting).toBe(12);

    const [first, second] = await Promise.all([1, 2, 3, 4].map((worker) => start(worker)));
    // Killed mid-walk: once each has delivered a page of the walk it holds, and that walk is still active
    // with pages to go (every walk has 4 pages or more).
    const heldWalk = (worker: WorkerProcess | undefined) =>
      (worker?.lines.filter((line) => 'page' in line).at(-1)?.page as { walkId: string } | undefined)?.walkId;
    const midWalk = async (worker: WorkerProcess | undefined) => {
      const walkId = heldWalk(worker);
      const job = walkId === undefined ? undefined : await queue.getJob(walkId);
      return (
        (await job?.getState()) === 'active' &&
        !(job?.progress as { checkpoint?: { done?: true } } | undefined)?.checkpoint?.done
      );
    };
    // Each is frozen (SIGSTOP) before its walk is looked at, so that it cannot finish that walk between the
    // look and the kill; a worker found between walks runs on (SIGCONT) and is looked at again later. The
    // short wait lets a write it sent just before it froze reach Redis first.
    const frozenMidWalk = async (worker: WorkerProcess | undefined) => {
      worker?.child.kill('SIGSTOP');
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (await midWalk(worker)) return true;
      worker?.child.kill('SIGCONT');
      return false;
    };
    await waitFor('worker 1 to be frozen mid-walk', () => frozenMidWalk(first));
    await waitFor('worker 2 to be frozen mid-walk', () => frozenMidWalk(second));
    const held = [heldWalk(first), heldWalk(second)] as string[];
    first?.child.kill('SIGKILL');
    second?.child.kill('SIGKILL');
    expect((await first?.exited)?.signal).toBe('SIGKILL');
    expect((await second?.exited)?.signal).toBe('SIGKILL');
    await start(5);

    await waitFor('all twelve walks to finish', () => settled(12));
    const status = await walkStatus(queue);
    expect(status).toMatchObject({ waiting: 0, active: 0, done: 12, failed: 0 });
    // The walks the killed workers held were taken up by others (BullMQ's stalled-job recovery).
    for (const walkId of held) {
      const job = await queue.getJob(walkId);
      expect(await job?.getState()).toBe('completed');
      expect(job?.stalledCounter, walkId).toBeGreaterThanOrEqual(1);
    }
    await stopAll();
    const sent = departures();
    const window = busiestWindow(sent, 1000);
    const arrivals = perSecond(seen.map((request) => request.receivedAt));

    let total = 0;
    for (const [index, walk] of harvest.entries()) {
      const items = await readNdjsonWalk(dir, ids[index] as string);
      const want = await expected(walk);
      expect(want.length).toBeGreaterThan(0);
      expect(items, `walk ${index}`).toEqual(want);
      total += items.length;
    }
    expect(status.delivered).toBe(total);
    expect(window).toBeLessThanOrEqual(points);
    console.log(
      `queue fleet: 12 walks, ${total} items, ${sent.length} requests; busiest second ${window} (limit ${points}); arrivals per calendar second at the gateway: ${arrivals.join(' ')}`,
    );
  });

  it('Redis paused for 3 s under running workers: no worker exits, no item lost or doubled', async () => {
    await fresh();
    const ids = [];
    for (const walk of harvest.slice(0, 6)) ids.push(await enqueueWalk(queue, walk));
    const lock = { lockDuration: 10_000, stalledInterval: 3000 };
    const fleet = await Promise.all([1, 2, 3].map((worker) => start(worker, lock)));
    await waitFor('pages delivered', () => fleet.reduce((sum, worker) => sum + pagesOf(worker), 0) >= 4);
    redis.pause();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    redis.resume();
    await waitFor('all six walks to finish', () => settled(6));
    for (const worker of fleet) expect(worker.child.exitCode, worker.stderr()).toBeNull();
    expect(await walkStatus(queue)).toMatchObject({ done: 6, failed: 0 });
    await stopAll();
    for (const [index, walk] of harvest.slice(0, 6).entries()) {
      expect(await readNdjsonWalk(dir, ids[index] as string), `walk ${index}`).toEqual(await expected(walk));
    }
  });

  it('a persistent Redis killed and started again 2 s later under running workers: no worker exits, no item lost or doubled', async () => {
    const data = await mkdtemp(join(tmpdir(), 'pdg-queue-redis-'));
    const persistent = await startRedis(data);
    const before = redis;
    redis = persistent;
    try {
      await fresh();
      const ids = [];
      for (const walk of harvest.slice(6, 12)) ids.push(await enqueueWalk(queue, walk));
      const fleet = await Promise.all(
        [1, 2, 3].map((worker) => start(worker, { lockDuration: 10_000, stalledInterval: 3000 })),
      );
      await waitFor('pages delivered', () => fleet.reduce((sum, worker) => sum + pagesOf(worker), 0) >= 4);
      await persistent.kill();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await persistent.restart();
      await waitFor('all six walks to finish', () => settled(6));
      for (const worker of fleet) expect(worker.child.exitCode, worker.stderr()).toBeNull();
      expect(await walkStatus(queue)).toMatchObject({ done: 6, failed: 0 });
      await stopAll();
      for (const [index, walk] of harvest.slice(6, 12).entries()) {
        expect(await readNdjsonWalk(dir, ids[index] as string), `walk ${index + 6}`).toEqual(await expected(walk));
      }
    } finally {
      await queue.close();
      redis = before;
      await persistent.stop();
      await rm(data, { recursive: true, force: true });
    }
  });

  it('a walk the gateway refuses (400) fails its job with BAD_REQUEST; the other walks finish', async () => {
    await fresh();
    gateway.addFault({ provider: 'social-media:forum', status: 400 });
    try {
      const refused = await enqueueWalk(queue, {
        provider: 'social-media:forum',
        endpoint: 'hot',
        params: { limit: 5 },
      });
      const ids = [];
      for (const walk of harvest.slice(0, 3)) ids.push(await enqueueWalk(queue, walk));
      await Promise.all([1, 2].map((worker) => start(worker)));
      await waitFor('the four walks to settle', () => settled(4));
      const status = await walkStatus(queue);
      expect(status).toMatchObject({ done: 3, failed: 1 });
      expect(status.failures).toEqual([{ walkId: refused, reason: expect.stringMatching(/^BAD_REQUEST: /) }]);
      expect(status.failures[0]?.reason).not.toContain('harvest-test-key-5c1d');
      // Failed at once: a 400 is not retried, by the client or by BullMQ.
      expect((await queue.getJob(refused))?.attemptsMade).toBe(1);
      expect(seen.filter((request) => request.provider === 'social-media:forum')).toHaveLength(1);
      for (const [index, walk] of harvest.slice(0, 3).entries()) {
        expect(await readNdjsonWalk(dir, ids[index] as string)).toEqual(await expected(walk));
      }
      await stopAll();
    } finally {
      gateway.clearFaults();
    }
  });
});
