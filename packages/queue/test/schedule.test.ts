/**
 * Runs and schedules over a redis-server of the test's own and the mock gateway: a walk added again once done
 * is a new run with a new id (and not while it is still queued); `every` schedules a walk, no faster than its
 * endpoint's cache time, and its runs come one after another; `removeWalk` ends a schedule; a walk whose
 * worker was killed (SIGKILL) is `stalled`, not active. Runs are counted, never timed; each wait is bounded.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, isPdgError } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures as jobboardFixtures } from '@pdg/jobs-jobboard/fixtures';
import { type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { forum } from '@pdg/social-media-forum';
import { fixtures as forumFixtures } from '@pdg/social-media-forum/fixtures';
import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addWalk,
  createWalkWorker,
  everyMs,
  removeWalk,
  type SinkPage,
  type WalkSpec,
  type WalkWorker,
  walkId,
  walkStatus,
} from '../dist/index.js';
import { type OwnRedis, redisServerReason, startRedis, startWorker, type WorkerProcess, waitFor } from './fleet.js';

const skip = redisServerReason();
if (skip) console.warn(`queue schedule tests skipped: ${skip}`);

const providers = [jobboard, forum] as const;
/** 70 jobs in Indonesia, 3 pages of 30. */
const indonesia: WalkSpec = { provider: 'jobs:jobboard', endpoint: 'browse', params: { country: 'ID', limit: 30 } };
/** The forum's hot threads, first page: an endpoint the spec gives no cache time, so any period is allowed. */
const hot: WalkSpec = { provider: 'social-media:forum', endpoint: 'hot', maxPages: 1 };

/** A usage error's message, or a failure of the test if `promise` does not reject with one. */
async function usageMessage(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isPdgError(error) && error.code === 'USAGE', String(error)).toBe(true);
  return (error as Error).message;
}

describe('everyMs', () => {
  it('takes 30s, 10m, 1h, 1d and whole milliseconds; anything else is a usage error naming the forms', async () => {
    expect([everyMs('30s'), everyMs('10m'), everyMs('1h'), everyMs('1d'), everyMs(1500)]).toEqual([
      30_000, 600_000, 3_600_000, 86_400_000, 1500,
    ]);
    for (const bad of ['1x', '10', '0s', '', '1.5h', 'h', -5, 999, 1.5]) {
      expect(await usageMessage(Promise.resolve().then(() => everyMs(bad)))).toMatch(
        /every (takes 30s, 10m, 1h or 1d|must be a whole number of milliseconds)/,
      );
    }
  });
});

describe.skipIf(skip !== undefined)('runs and schedules of walks', () => {
  let redis: OwnRedis;
  let gateway: RunningMockGateway;
  let queue: Queue;
  let queueName = '';
  let tests = 0;
  let worker: WalkWorker | undefined;
  let processes: WorkerProcess[] = [];
  let dir = '';
  /** Every page the in-process worker's sink took. */
  let pages: SinkPage[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    gateway = await startMockGateway({
      providers: [...providers],
      fixtures: [...jobboardFixtures, ...forumFixtures],
    });
  });

  afterAll(async () => {
    await gateway?.close();
    await redis?.stop();
  });

  const fresh = async () => {
    queueName = `schedule-${++tests}`;
    queue = new Queue(queueName, { connection: { url: redis.url } });
    queue.on('error', () => undefined);
    dir = await mkdtemp(join(tmpdir(), 'pdg-queue-schedule-'));
    pages = [];
  };

  afterEach(async () => {
    await worker?.close();
    worker = undefined;
    for (const process of processes) process.child.kill('SIGKILL');
    await Promise.all(processes.map((process) => process.exited));
    processes = [];
    await queue?.obliterate({ force: true });
    await queue?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const startInProcess = () => {
    worker = createWalkWorker({
      client: createClient({ providers: [...providers], apiKey: 'schedule-test-key', baseUrl: gateway.url }),
      connection: { url: redis.url },
      queueName,
      sink: async (page) => void pages.push(page),
    });
  };
  const itemsOf = (id: string) => pages.filter((page) => page.walkId === id).flatMap((page) => page.items);

  it('--every faster than the cache time is refused naming it, and nothing reaches the queue', async () => {
    await fresh();
    const message = await usageMessage(addWalk(queue, indonesia, { providers: [...providers], every: '1m' }));
    expect(message).toBe(
      'jobs:jobboard browse is cached for 10 minutes; every must be at least 10m (received 1m): a faster poll gets the same cached body.',
    );
    expect(await usageMessage(addWalk(queue, indonesia, { providers: [...providers], every: 'soon' }))).toContain(
      'every takes 30s, 10m, 1h or 1d',
    );
    expect(await queue.getJobSchedulersCount()).toBe(0);
    expect(await walkStatus(queue)).toMatchObject({ waiting: 0, active: 0, done: 0, schedules: [] });
  });

  it('every 1h: one schedule, listed with its period and next run; the same again changes nothing, 2h changes it, so does fullRefresh', async () => {
    await fresh();
    const id = walkId(indonesia);
    const added = await addWalk(queue, indonesia, { providers: [...providers], every: '1h' });
    expect(added).toMatchObject({ outcome: 'scheduled', id, walkId: id, every: 3_600_000 });
    expect(added.outcome === 'scheduled' && typeof added.next).toBe('number');
    const status = await walkStatus(queue);
    expect(status.schedules).toEqual([{ id, walk: indonesia, every: 3_600_000, next: expect.any(Number), runs: 1 }]);
    // The schedule's first run is due at once; the next one an hour after it.
    expect(status.waiting).toBe(1);
    expect(status.runs[0]).toMatchObject({ state: 'waiting', schedule: id, walk: indonesia });
    expect(await addWalk(queue, indonesia, { every: 3_600_000 })).toMatchObject({ outcome: 'already-scheduled', id });
    expect(await addWalk(queue, indonesia, { every: '2h' })).toMatchObject({
      outcome: 'rescheduled',
      id,
      every: 7_200_000,
      previousEvery: 3_600_000,
    });
    expect((await walkStatus(queue)).schedules.map((schedule) => schedule.every)).toEqual([7_200_000]);
    expect(await queue.getJobSchedulersCount()).toBe(1);
    // Its runs made full refreshes at the same period: changed (each run's data says so), and once only.
    expect(await addWalk(queue, indonesia, { every: '2h', fullRefresh: true })).toMatchObject({
      outcome: 'rescheduled',
      every: 7_200_000,
      previousEvery: 7_200_000,
    });
    expect((await queue.getJobScheduler(id))?.template?.data).toMatchObject({ fullRefresh: true });
    expect(await addWalk(queue, indonesia, { every: '2h', fullRefresh: true })).toMatchObject({
      outcome: 'already-scheduled',
    });
    expect(await queue.getJobSchedulersCount()).toBe(1);
  });

  it('a walk added again while queued is not added twice; once done, it runs again as a new run with a new id', async () => {
    await fresh();
    const id = walkId(indonesia);
    expect(await addWalk(queue, indonesia)).toEqual({ outcome: 'added', id, walkId: id, run: 1 });
    expect(await addWalk(queue, indonesia)).toEqual({
      outcome: 'already-queued',
      id,
      walkId: id,
      run: 1,
      state: 'waiting',
    });
    startInProcess();
    await waitFor('the first run to finish', async () => (await walkStatus(queue)).done === 1, 120_000);
    const second = await addWalk(queue, indonesia);
    expect(second).toEqual({
      outcome: 'new-run',
      id: `${id}-r2`,
      walkId: id,
      run: 2,
      previous: { id, state: 'completed' },
    });
    await waitFor('the second run to finish', async () => (await walkStatus(queue)).done === 2, 120_000);
    expect((await addWalk(queue, indonesia)).id).toBe(`${id}-r3`);
    await waitFor('the third run to finish', async () => (await walkStatus(queue)).done === 3, 120_000);
    // Each run walked the whole listing under its own id: 70 items each, three runs.
    const runs = [id, `${id}-r2`, `${id}-r3`];
    expect(runs.map((run) => itemsOf(run).length)).toEqual([70, 70, 70]);
    expect(itemsOf(`${id}-r2`)).toEqual(itemsOf(id));
    const status = await walkStatus(queue);
    expect(status.runs.map((run) => run.id).sort()).toEqual(runs.sort());
    expect(status).toMatchObject({ done: 3, delivered: 210 });
  });

  it('a schedule runs the walk again each period, each run a new job; removeWalk ends it', async () => {
    await fresh();
    const id = walkId(hot);
    expect(await addWalk(queue, hot, { providers: [...providers], every: '1s' })).toMatchObject({
      outcome: 'scheduled',
    });
    startInProcess();
    await waitFor('three scheduled runs to finish', async () => (await walkStatus(queue)).done >= 3, 120_000);
    const removed = await removeWalk(queue, id);
    expect(removed.schedule).toEqual({ id, every: 1000 });
    expect(removed.removed.every((run) => run.startsWith(`repeat:${id}:`))).toBe(true);
    const ran = (await walkStatus(queue)).runs.filter((run) => run.state === 'done');
    const ids = new Set(ran.map((run) => run.id));
    expect(ids.size).toBe(ran.length);
    for (const run of ran) {
      expect(run.schedule).toBe(id);
      expect(run.id).toMatch(new RegExp(`^repeat:${id}:\\d+$`));
      expect(itemsOf(run.id).length).toBeGreaterThan(0);
    }
    const after = await walkStatus(queue);
    expect(after.schedules).toEqual([]);
    // Its next run, not due yet, went with it: nothing of it waits any more.
    expect(after.waiting).toBe(0);
  });

  it('removeWalk takes a waiting walk off the queue, leaves a done one, and names the ids for an unknown one', async () => {
    await fresh();
    const id = walkId(indonesia);
    await addWalk(queue, indonesia);
    await addWalk(queue, { ...indonesia, maxPages: 1 }, { every: '1d' });
    const message = await usageMessage(removeWalk(queue, 'walk-nope'));
    expect(message).toContain(`No schedule or walk "walk-nope" on the queue ${queueName}`);
    expect(message).toContain(`its schedules: ${walkId({ ...indonesia, maxPages: 1 })}`);
    expect(message).toContain(id);
    expect(await removeWalk(queue, id)).toEqual({ removed: [id] });
    expect((await walkStatus(queue)).runs.map((run) => run.id)).not.toContain(id);
  });

  /**
   * One worker process at 2 requests a second, holding a walk `lockDuration` ms unrenewed (looking for stalled
   * walks once a minute), once it has delivered its first page.
   */
  const walkerPastFirstPage = async (lockDuration: number) => {
    const walker = await startWorker({
      worker: 1,
      baseUrl: gateway.url,
      redisUrl: redis.url,
      queueName,
      dir,
      points: 2,
      lockDuration,
      stalledInterval: 60_000,
    });
    processes.push(walker);
    await waitFor('a page delivered', () => walker.lines.some((line) => 'page' in line), 120_000);
    return walker;
  };

  it('a worker frozen (SIGSTOP) for longer than 20 s but within its lock is still active, and its walk goes on when it runs again', async () => {
    await fresh();
    // 60 jobs in pages of 10 at 2 requests a second: frozen after its first page, it has pages left.
    const walk: WalkSpec = { provider: 'jobs:jobboard', endpoint: 'browse', params: { limit: 10 }, maxPages: 6 };
    const id = walkId(walk);
    await addWalk(queue, walk);
    // A lock longer than the freeze: neither BullMQ nor status counts the worker lost.
    const walker = await walkerPastFirstPage(60_000);
    walker.child.kill('SIGSTOP');
    const frozenAt = Date.now();
    try {
      await new Promise((resolve) => setTimeout(resolve, 25_000));
      const status = await walkStatus(queue);
      // Silent for 25 s (a heartbeat every 5 s would have said otherwise): more than 20 s, less than its lock.
      expect(Date.now() - (status.runs[0]?.lastHeardAt ?? 0)).toBeGreaterThan(20_000);
      expect(status.runs[0]).toMatchObject({ id, state: 'active' });
      expect(status).toMatchObject({ active: 1, stalled: 0 });
    } finally {
      walker.child.kill('SIGCONT');
    }
    await waitFor('the walk to be done', async () => (await walkStatus(queue)).done === 1, 120_000);
    const [run] = (await walkStatus(queue)).runs;
    expect(run).toMatchObject({ id, state: 'done', delivered: 60, pages: 6 });
    expect(Date.now() - frozenAt).toBeGreaterThan(25_000);
  });

  it('a walk whose worker was killed (SIGKILL) mid-walk is stalled, with when it was last heard from', async () => {
    await fresh();
    // 250 jobs, 25 pages of 10 at 2 requests a second: long enough to kill the worker after its first page.
    const long: WalkSpec = { provider: 'jobs:jobboard', endpoint: 'browse', params: { limit: 10 } };
    const id = walkId(long);
    await addWalk(queue, long);
    // A short lock, so that a dead worker's lock expires soon; no live worker is left to take the walk up.
    const walker = await walkerPastFirstPage(2000);
    expect((await walkStatus(queue)).runs[0]).toMatchObject({ id, state: 'active' });
    walker.child.kill('SIGKILL');
    await walker.exited;
    const killedAt = Date.now();
    await waitFor('the walk to show as stalled', async () => (await walkStatus(queue)).stalled === 1, 120_000);
    const status = await walkStatus(queue);
    expect(status).toMatchObject({ active: 0, stalled: 1, waiting: 0 });
    const [run] = status.runs;
    expect(run).toMatchObject({ id, state: 'stalled' });
    expect(run?.delivered).toBeGreaterThan(0);
    // Last heard from when it saved its last page, before it was killed.
    expect(run?.lastHeardAt).toBeLessThanOrEqual(killedAt);
  });
});
