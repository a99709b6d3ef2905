/**
 * The pieces of a walk job, in one process: the walk's id, the NDJSON sink's page files, how failures read
 * to BullMQ, a run that crashes between the sink and the checkpoint and is resumed, and (with a Redis of
 * the test's own) a walk whose page fails with a retryable error retried by BullMQ from its checkpoint, and a
 * sink that plans its walks (the params of the first request) and ends one early.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, pdgError, toArray } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type MockRequestInfo, type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { Queue, UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWalkWorker,
  enqueueWalk,
  jobFailure,
  ndjsonSink,
  readNdjsonWalk,
  type SinkPage,
  type SinkWalkEnd,
  type WalkProgress,
  type WalkSpec,
  walkId,
  walkStatus,
} from '../dist/index.js';
import { redisServerReason, startRedis, waitFor } from './fleet.js';

const browse = (params: Record<string, unknown>, limits: Partial<WalkSpec> = {}): WalkSpec => ({
  provider: 'jobs:jobboard',
  endpoint: 'browse',
  params,
  ...limits,
});

describe('walkId', () => {
  it('is the same for the same walk, whatever the order of its params, and differs with any part of it', () => {
    const id = walkId(browse({ country: 'ID', limit: 50 }));
    expect(id).toMatch(/^walk-[0-9a-f]{24}$/);
    expect(walkId(browse({ limit: 50, country: 'ID' }))).toBe(id);
    expect(walkId(browse({ country: 'ID', limit: 51 }))).not.toBe(id);
    expect(walkId(browse({ country: 'ID', limit: 50 }, { maxPages: 3 }))).not.toBe(id);
    expect(walkId(browse({ country: 'ID', limit: 50 }, { maxItems: 3 }))).not.toBe(id);
    expect(walkId({ ...browse({ country: 'ID', limit: 50 }), endpoint: 'search' })).not.toBe(id);
  });

  it('refuses a malformed walk before it reaches a queue, saying what is wrong', async () => {
    const queue = { add: () => Promise.reject(new Error('never called')) } as unknown as Queue;
    await expect(enqueueWalk(queue, { provider: 'jobs:jobboard' } as WalkSpec)).rejects.toThrow(
      /needs a provider id and an endpoint name/,
    );
    await expect(enqueueWalk(queue, browse({ country: 'ID' }, { maxItems: -1 }))).rejects.toThrow(
      'maxItems must be a whole number >= 0 (received -1).',
    );
    await expect(enqueueWalk(queue, { ...browse({}), params: [] as never })).rejects.toThrow(
      /params must be an object/,
    );
  });
});

/** A queue that records what is added, holding no run of any walk yet (the run count is read through its client). */
function recordingQueue(add: (name: string, data: unknown, options: Record<string, unknown>) => void): Queue {
  return {
    add: async (name: string, data: unknown, options: Record<string, unknown>) => add(name, data, options),
    toKey: (type: string) => `bull:recording:${type}`,
    getJobState: async () => 'unknown',
    getBackend: () => ({ client: Promise.resolve({ hget: async () => null, hset: async () => 1 }) }),
  } as unknown as Queue;
}

describe('enqueueWalk', () => {
  it('adds one job whose id is the walk id, with attempts and backoff; typed from the providers (pnpm typecheck)', async () => {
    const added: { name: string; data: unknown; options: Record<string, unknown> }[] = [];
    const queue = recordingQueue((name, data, options) => void added.push({ name, data, options }));
    const id = await enqueueWalk<readonly [typeof jobboard]>(queue, {
      provider: 'jobs:jobboard',
      endpoint: 'browse',
      params: { country: 'ID', jobType: 'FULL_TIME' },
      maxItems: 10,
    });
    expect(added).toEqual([
      {
        name: 'jobs:jobboard browse',
        data: {
          provider: 'jobs:jobboard',
          endpoint: 'browse',
          params: { country: 'ID', jobType: 'FULL_TIME' },
          maxItems: 10,
        },
        options: { attempts: 5, backoff: { type: 'exponential', delay: 1000 }, jobId: id },
      },
    ]);
    // Compiled by pnpm typecheck, never called: what the types refuse.
    const refused = () => [
      // @ts-expect-error: job is not a paged endpoint of jobs:jobboard
      enqueueWalk<readonly [typeof jobboard]>(queue, { provider: 'jobs:jobboard', endpoint: 'job', params: {} }),
      enqueueWalk<readonly [typeof jobboard]>(queue, {
        provider: 'jobs:jobboard',
        endpoint: 'browse',
        // @ts-expect-error: browse takes no colour param
        params: { country: 'ID', colour: 'red' },
      }),
      enqueueWalk<readonly [typeof jobboard]>(queue, {
        provider: 'jobs:jobboard',
        endpoint: 'browse',
        // @ts-expect-error: jobType is an enum
        params: { country: 'ID', jobType: 'NAP' },
      }),
    ];
    expect(typeof refused).toBe('function');
  });
});

describe('enqueueWalk given the providers', () => {
  const queue = { add: () => Promise.reject(new Error('never called: the walk is refused first')) } as unknown as Queue;
  const providers = [jobboard];

  it("refuses a misspelt endpoint with core's USAGE error and its hint, before the queue is asked", async () => {
    const refused = await enqueueWalk(queue, { provider: 'jobs:jobboard', endpoint: 'brwose' }, { providers }).then(
      () => undefined,
      (error: unknown) => error as { code?: string; message?: string },
    );
    expect(refused?.code).toBe('USAGE');
    expect(refused?.message).toMatch(/^Unknown endpoint "brwose" of jobs:jobboard\. Did you mean browse\? Endpoints: /);
  });

  it('refuses an endpoint that is not paged, an unknown provider, and params the schema refuses', async () => {
    await expect(enqueueWalk(queue, { provider: 'jobs:jobboard', endpoint: 'job' }, { providers })).rejects.toThrow(
      'jobs:jobboard job is not a paged endpoint; call it with run().',
    );
    await expect(enqueueWalk(queue, { provider: 'jobs:jobbord', endpoint: 'browse' }, { providers })).rejects.toThrow(
      'Unknown provider "jobs:jobbord". Did you mean jobs:jobboard?',
    );
    await expect(enqueueWalk(queue, browse({ country: 'ID', limit: 500 }), { providers })).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
    });
  });

  it('adds a walk the providers accept, without passing them on to BullMQ', async () => {
    const added: Record<string, unknown>[] = [];
    const accepting = recordingQueue((_name, _data, options) => void added.push(options));
    const id = await enqueueWalk(accepting, browse({ country: 'ID' }), { providers, priority: 3 });
    expect(added).toEqual([{ attempts: 5, backoff: { type: 'exponential', delay: 1000 }, priority: 3, jobId: id }]);
  });
});

describe('ndjsonSink', () => {
  it('writes each page to its own file, and a page sent again replaces it: every item once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pdg-queue-sink-'));
    try {
      const sink = ndjsonSink(dir);
      await sink.write({ walkId: 'walk-a', pageIndex: 0, items: [{ id: 1 }, { id: 2 }] });
      await sink.write({ walkId: 'walk-a', pageIndex: 1, items: [{ id: 3 }] });
      await sink.write({ walkId: 'walk-a', pageIndex: 1, items: [{ id: 3 }] });
      await sink.write({ walkId: 'walk-a', pageIndex: 10, items: [{ id: 4 }] });
      expect(await readNdjsonWalk(dir, 'walk-a')).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);
      // No temporary file left behind; names sort in page order.
      expect(await readdir(join(dir, 'walk-a'))).toEqual(['00000000.ndjson', '00000001.ndjson', '00000010.ndjson']);
      expect(await readNdjsonWalk(dir, 'walk-none')).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('jobFailure', () => {
  it('fails the job for good on a non-retryable PdgError, keeping its code; lets BullMQ retry a retryable one', () => {
    const refused = jobFailure(pdgError({ code: 'BAD_REQUEST', status: 400, message: 'country is not valid' }));
    expect(refused).toBeInstanceOf(UnrecoverableError);
    expect(refused.message).toBe('BAD_REQUEST: country is not valid');
    const upstream = jobFailure(pdgError({ code: 'UPSTREAM', status: 503, message: 'upstream failed' }));
    expect(upstream).not.toBeInstanceOf(UnrecoverableError);
    expect(upstream.message).toBe('UPSTREAM: upstream failed');
  });
});

describe('walk workers over the mock gateway', () => {
  let gateway: RunningMockGateway;
  let seen: MockRequestInfo[] = [];
  const skip = redisServerReason();

  beforeAll(async () => {
    gateway = await startMockGateway({
      providers: [jobboard],
      fixtures,
      onRequest: (request) => void seen.push(request),
    });
  });
  afterAll(async () => {
    await gateway?.close();
  });

  const client = (retry = 2) =>
    createClient({ providers: [jobboard], apiKey: 'walk-test-key-3a9f', baseUrl: gateway.url, retry });
  const expected = (walk: WalkSpec) =>
    toArray(
      client().items('jobs:jobboard', 'browse', walk.params as { country: string }, {
        ...(walk.maxPages === undefined ? {} : { maxPages: walk.maxPages }),
        ...(walk.maxItems === undefined ? {} : { maxItems: walk.maxItems }),
      }),
    );
  const pageOf = (request: MockRequestInfo) => new URL(request.url, 'http://x').searchParams.get('page') ?? '1';

  it.skipIf(skip !== undefined)(
    'a page failing past the client retries is retried by BullMQ with backoff, from the checkpoint: earlier pages are not fetched again',
    async () => {
      const redis = await startRedis();
      const dir = await mkdtemp(join(tmpdir(), 'pdg-queue-retry-'));
      const queue = new Queue('retry', { connection: { url: redis.url } });
      const sink = ndjsonSink(dir);
      const pages: SinkPage[] = [];
      const walk = browse({ limit: 40 }, { maxItems: 150 });
      const worker = createWalkWorker({
        client: client(0),
        connection: { url: redis.url },
        queueName: 'retry',
        sink: async (page) => {
          await sink.write(page);
          pages.push(page);
          // The next request (page 3) fails once: with no client retries, the attempt fails.
          if (page.pageIndex === 1 && pages.length === 2) gateway.addFault({ status: 503, times: 1 });
        },
      });
      try {
        seen = [];
        const id = await enqueueWalk(queue, walk, { backoff: { type: 'fixed', delay: 200 } });
        await waitFor('the walk to finish', async () => (await walkStatus(queue)).done === 1, 120_000);
        const job = await queue.getJob(id);
        expect(job?.attemptsMade).toBe(2);
        expect(job?.returnvalue as WalkProgress).toMatchObject({ pageIndex: 4, delivered: 150 });
        // Pages 1 and 2 once; page 3 twice (the 503, then its retry); page 4 once.
        expect(seen.map(pageOf)).toEqual(['1', '2', '3', '3', '4']);
        expect(pages.map((page) => page.pageIndex)).toEqual([0, 1, 2, 3]);
        expect(await readNdjsonWalk(dir, id)).toEqual(await expected(walk));
      } finally {
        gateway.clearFaults();
        await worker.close();
        await queue.close();
        await redis.stop();
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(skip !== undefined)(
    "a sink's finish is told once of each walk's end: completed after its last page, failed at once for an error not retried, after the last attempt for one retried",
    async () => {
      const redis = await startRedis();
      const queue = new Queue('ends', { connection: { url: redis.url } });
      queue.on('error', () => undefined);
      const ends: SinkWalkEnd[] = [];
      const pages: SinkPage[] = [];
      const worker = createWalkWorker({
        client: client(0),
        connection: { url: redis.url },
        queueName: 'ends',
        sink: { write: async (page) => void pages.push(page), finish: async (end) => void ends.push(end) },
      });
      const settled = (count: number) => async () => {
        const status = await walkStatus(queue);
        return status.done + status.failed === count;
      };
      try {
        const walk = browse({ limit: 20 }, { maxPages: 2 });
        const done = await enqueueWalk(queue, walk);
        await waitFor('the walk to complete', settled(1), 120_000);
        expect(ends).toEqual([{ walkId: done, walk, status: 'completed' }]);
        // Each page names its walk, as the job holds it.
        expect(pages.map((page) => [page.walkId, page.walk])).toEqual([
          [done, walk],
          [done, walk],
        ]);

        gateway.addFault({ status: 400, times: 1 });
        const refusedWalk = browse({ limit: 21 });
        const refused = await enqueueWalk(queue, refusedWalk);
        await waitFor('the refused walk to fail', settled(2), 120_000);
        expect(ends.slice(1)).toEqual([
          { walkId: refused, walk: refusedWalk, status: 'failed', error: expect.stringMatching(/^BAD_REQUEST: /) },
        ]);

        // A retryable failure on both of two attempts: told once, after the second.
        gateway.addFault({ status: 503, times: 2 });
        const unavailableWalk = browse({ limit: 22 });
        const unavailable = await enqueueWalk(queue, unavailableWalk, {
          attempts: 2,
          backoff: { type: 'fixed', delay: 100 },
        });
        await waitFor('the unavailable walk to fail', settled(3), 120_000);
        expect((await queue.getJob(unavailable))?.attemptsMade).toBe(2);
        expect(ends.slice(2)).toEqual([
          { walkId: unavailable, walk: unavailableWalk, status: 'failed', error: expect.stringMatching(/^[A-Z_]+: /) },
        ]);
      } finally {
        gateway.clearFaults();
        await worker.close();
        await queue.close();
        await redis.stop();
      }
    },
  );

  it.skipIf(skip !== undefined)(
    "a sink's plan gives the params from the first request on, with the job's fullRefresh; its write's { done: true } ends the walk complete there",
    async () => {
      const redis = await startRedis();
      const queue = new Queue('planned', { connection: { url: redis.url } });
      queue.on('error', () => undefined);
      const starts: { walkId: string; walk: WalkSpec }[] = [];
      const pages: SinkPage[] = [];
      const ends: SinkWalkEnd[] = [];
      const worker = createWalkWorker({
        client: client(0),
        connection: { url: redis.url },
        queueName: 'planned',
        sink: {
          // The sink has everything from the listing's third page on: the walk ends after the second.
          plan: async (start) => {
            starts.push(start);
            return { params: { ...start.walk.params, jobType: 'FULL_TIME' } };
          },
          write: async (page) => {
            pages.push(page);
            return page.pageIndex === 1 ? { done: true } : undefined;
          },
          finish: async (end) => void ends.push(end),
        },
      });
      try {
        seen = [];
        const walk = browse({ limit: 5 });
        const id = await enqueueWalk(queue, walk, { fullRefresh: true });
        await waitFor('the walk to complete', async () => (await queue.getJobState(id)) === 'completed', 120_000);
        expect(starts).toEqual([{ walkId: id, walk: { ...walk, fullRefresh: true } }]);
        const sent = seen.map((request) => Object.fromEntries(new URL(request.url, 'http://x').searchParams));
        expect(sent).toEqual([
          { limit: '5', jobType: 'FULL_TIME' },
          { limit: '5', jobType: 'FULL_TIME', page: '2' },
        ]);
        expect(pages.map((page) => page.pageIndex)).toEqual([0, 1]);
        expect(ends).toEqual([{ walkId: id, walk: { ...walk, fullRefresh: true }, status: 'completed' }]);
        expect((await queue.getJob(id))?.returnvalue as WalkProgress).toMatchObject({
          pageIndex: 2,
          delivered: 10,
          checkpoint: { done: true },
        });
        // The same walk's id with or without fullRefresh: a run of one walk.
        expect(walkId({ ...walk, fullRefresh: true })).toBe(walkId(walk));
      } finally {
        await worker.close();
        await queue.close();
        await redis.stop();
      }
    },
  );
});
