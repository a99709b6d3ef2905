/**
 * Processes with one API key and one Redis: the rate limit, its queue and the cache are shared across
 * them. Nothing is faked but the gateway, which is the mock gateway package; Redis is a real redis-server.
 *
 * Windows are counted where the limit decides: the moment each request is handed to fetch, stamped by the
 * worker and carried to the gateway in `x-sent-at`. The gateway's own arrival times are printed too, but
 * not asserted: on a loaded machine the gateway's process stalls and stamps a backlog of requests at once,
 * which no client can prevent.
 *
 * Redis stays up here, so each command gets 2 s (`storeTimeoutMs`) rather than the default 250 ms: on a
 * machine ten times slower a healthy Redis must not look out of reach (Redis going away is faults.test.ts).
 */
import KeyvRedis from '@keyv/redis';
import { type CacheEvent, createClient } from '@pdg/core';
import { createCache } from '@pdg/core/cache';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type MockRequestInfo, type RunningMockGateway, startMockGateway } from '@pdg/mock';
import Keyv from 'keyv';
import { createClient as createRedisClient } from 'redis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { busiestWindow, type CallLine, limitKey, perSecond, startWorker, type Worker } from './fleet.js';
import { findRedis, type RedisServer } from './redis.js';

const found = await findRedis();
if ('skip' in found) console.warn(`shared-limits tests skipped: ${found.skip}`);

const browse = (page: number) => ({ params: { country: 'SG', page } });
const fresh = (page: number) => ({ params: { country: 'SG', page }, cache: false });

describe.skipIf('skip' in found)('shared across processes through Redis', () => {
  const redisServer = (found as { server: RedisServer }).server;
  let gateway: RunningMockGateway;
  let seen: MockRequestInfo[] = [];
  /** What the gateway does with each request it receives: records it, and whatever a test adds. */
  let observe = (request: MockRequestInfo) => void seen.push(request);
  let redis: Awaited<ReturnType<typeof createRedisClient>>;
  let workers: Worker[] = [];

  const fleet = async (count: number, setup: Record<string, unknown>) => {
    workers = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        startWorker({ worker: i + 1, baseUrl: gateway.url, redisUrl: redisServer.url, storeTimeoutMs: 2000, ...setup }),
      ),
    );
    return workers;
  };

  beforeAll(async () => {
    gateway = await startMockGateway({
      providers: [jobboard],
      fixtures,
      onRequest: (request) => observe(request),
    });
    redis = await createRedisClient({ url: redisServer.url }).connect();
  });

  afterAll(async () => {
    await redis?.quit();
    await gateway?.close();
    await redisServer?.stop();
  });

  beforeEach(async () => {
    await redis.flushDb();
    seen = [];
    observe = (request) => void seen.push(request);
    gateway.clearFaults();
  });

  afterEach(async () => {
    gateway.clearFaults();
    await Promise.all(workers.map((worker) => worker.quit()));
    workers = [];
  });

  it('four processes at 10 per second: never more than 10 leave in any second, on 3 runs', async () => {
    await fleet(4, { points: 10, name: 'window' });
    for (let run = 1; run <= 3; run++) {
      seen = [];
      const lines = (
        await Promise.all(
          workers.map((worker) =>
            worker.run(
              `run ${run}`,
              Array.from({ length: 8 }, (_, i) => fresh(1 + ((worker.id * 8 + i) % 10))),
              { concurrent: true },
            ),
          ),
        )
      ).flat();
      expect(lines).toHaveLength(32);
      expect(lines.filter((line) => !line.ok)).toEqual([]);
      const sent = lines.flatMap((line) => line.sent);
      expect(sent).toHaveLength(32);
      // What reached the gateway is what the workers stamped: each request once.
      const stamped = seen.map((request) => Number(request.headers['x-sent-at']));
      expect(stamped.sort((a, b) => a - b)).toEqual([...sent].sort((a, b) => a - b));
      expect(busiestWindow(sent, 1000)).toBeLessThanOrEqual(10);
      // 32 requests at 10 per second cannot all have left within 3 s: the limit was working.
      expect(Math.max(...sent) - Math.min(...sent)).toBeGreaterThanOrEqual(3000);
      const arrivals = seen.map((request) => request.receivedAt);
      console.log(
        `run ${run}: 32 requests, limit 10/s, 4 processes: busiest 1000 ms window ${busiestWindow(sent, 1000)} as sent, ${busiestWindow(arrivals, 1000)} as the gateway stamped arrivals (per calendar second: ${perSecond(arrivals).join(' ')})`,
      );
    }
    // Every worker queued at some point: the limit is shared, not one per process.
    for (const events of await Promise.all(workers.map((worker) => worker.quit()))) {
      expect(events.some((event) => event.type === 'queued')).toBe(true);
    }
    workers = [];
  });

  it('calls leave in the order they were made, whichever process made them (two let go at once may swap)', async () => {
    await fleet(3, { points: 2, name: 'order' });
    // One call at a time, to a worker in an order of the test's choosing; the next is made only once this
    // one holds its ticket (Redis counted it), so the order of the calls is the order they were made in.
    const order = [1, 3, 2, 2, 1, 3, 3, 2, 1, 1];
    const calls: Promise<CallLine[]>[] = [];
    for (const [n, id] of order.entries()) {
      const worker = workers[id - 1] as Worker;
      calls.push(worker.run(`call ${n}`, [fresh(1 + (n % 10))]));
      for (let polls = 0; Number((await redis.get(limitKey('order', 'seq'))) ?? 0) < n + 1; polls++) {
        if (polls > 6000) throw new Error(`call ${n} never got its ticket`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    const lines = (await Promise.all(calls)).map((line) => line[0] as CallLine);
    expect(lines.every((line) => line.ok)).toBe(true);
    // Redis lets calls go first come, first served, at most `points` (2) at once; those let go together are
    // handed to fetch by their own processes, in whichever order the machine runs them. So a call leaves in
    // its own place, or swapped with the call it was let go with: never further from its place than one.
    const departed = [...lines].sort((a, b) => (a.sent[0] ?? 0) - (b.sent[0] ?? 0)).map((line) => line.phase);
    for (const [n] of order.entries()) {
      const place = departed.indexOf(`call ${n}`);
      expect(Math.abs(place - n), `call ${n} left ${place + 1}th: ${departed.join(', ')}`).toBeLessThanOrEqual(1);
    }
    expect(
      busiestWindow(
        lines.flatMap((line) => line.sent),
        1000,
      ),
    ).toBeLessThanOrEqual(2);
  });

  it('one 429 with Retry-After: 2 pauses all four processes', async () => {
    let refusedAt: number | undefined;
    const workersSeen = new Set<string>();
    // Once every worker has sent a request, the next one is answered 429 with Retry-After: 2 (the gateway
    // calls onRequest before it applies its faults, so a fault added here answers this very request).
    observe = (request) => {
      seen.push(request);
      if (refusedAt !== undefined) return;
      if (workersSeen.size === 4) {
        gateway.addFault({ status: 429, retryAfter: 2, times: 1 });
        refusedAt = Number(request.headers['x-sent-at']);
      }
      workersSeen.add(request.headers['x-worker'] ?? '');
    };
    await fleet(4, { points: 10, name: 'cooldown' });
    const lines = (
      await Promise.all(
        workers.map((worker) =>
          worker.run(
            'burst',
            Array.from({ length: 8 }, (_, i) => fresh(1 + ((worker.id + i) % 10))),
          ),
        ),
      )
    ).flat();
    expect(lines).toHaveLength(32);
    // The refused call was retried after the pause and succeeded like the others.
    expect(lines.every((line) => line.ok)).toBe(true);
    expect(refusedAt).toBeDefined();
    const at = refusedAt ?? 0;
    const events = (await Promise.all(workers.map((worker) => worker.quit()))).flat();
    workers = [];
    const cooldowns = events.filter((event) => event.type === 'cooldown');
    expect(cooldowns).toHaveLength(1);
    // When the worker that met the 429 had told every process to wait (its hook ran after that).
    const paused = cooldowns[0]?.at ?? 0;
    const sent = seen.map((request) => ({
      at: Number(request.headers['x-sent-at']),
      worker: request.headers['x-worker'],
    }));
    // A call made once the pause was in Redis could not be given its turn before the pause ended: none of
    // those left before two seconds after the refused request. (A request given its turn before the pause
    // may leave after it, as late as a loaded machine runs it: those calls were made before, and are not
    // counted here.)
    const madeAfter = lines.filter((line) => line.madeAt > paused);
    expect(madeAfter.length).toBeGreaterThan(0);
    expect(madeAfter.filter((line) => (line.sent[0] ?? 0) < at + 1950)).toEqual([]);
    // All four were still working, and all four waited: each sent requests after the pause.
    const resumed = new Set(sent.filter((request) => request.at >= at + 1950).map((request) => request.worker));
    expect([...resumed].sort()).toEqual(['1', '2', '3', '4']);
  });

  it('four processes share one cache: the gateway answers a repeated call once', async () => {
    const [first, ...others] = await fleet(4, { cache: true });
    const [answer] = await (first as Worker).run('first', [browse(2)]);
    expect(answer).toMatchObject({ ok: true, cache: 'miss' });
    const lines = (await Promise.all(others.map((worker) => worker.run('others', [browse(2)])))).flat();
    expect(lines.map((line) => line.cache)).toEqual(['hit', 'hit', 'hit']);
    expect(seen.filter((request) => request.endpoint === 'browse')).toHaveLength(1);
  });

  it('a value in the shared store that does not match the schema is a miss, not an error', async () => {
    const keyFor: CacheEvent[] = [];
    const writer = new Keyv(new KeyvRedis(redisServer.url));
    const pdg = createClient({
      providers: [jobboard],
      apiKey: 'fleet-key-0b5e2d',
      baseUrl: gateway.url,
      cache: createCache({ store: writer, storeTimeoutMs: 2000 }),
      hooks: { onCache: (event) => void keyFor.push(event) },
    });
    await pdg.run('jobs:jobboard', 'browse', { country: 'SG', page: 3 });
    const key = keyFor[0]?.key ?? '';
    const entry = JSON.parse(String(await writer.get(key)));
    // Another process wrote an entry whose body is not a jobboard page.
    const other = new Keyv(new KeyvRedis(redisServer.url));
    await other.set(key, JSON.stringify({ ...entry, body: { items: 'not a list', page: 'three' } }), 60_000);
    await other.disconnect();

    const reader = new Keyv(new KeyvRedis(redisServer.url));
    const events: CacheEvent[] = [];
    const fresh = createClient({
      providers: [jobboard],
      apiKey: 'fleet-key-0b5e2d',
      baseUrl: gateway.url,
      cache: createCache({ store: reader, storeTimeoutMs: 2000 }),
      hooks: { onCache: (event) => void events.push(event) },
    });
    const answer = await fresh.runWithResponse('jobs:jobboard', 'browse', { country: 'SG', page: 3 });
    expect(Array.isArray(answer.data.items)).toBe(true);
    expect(answer.response.cache).toBe('miss');
    expect(events[0]).toMatchObject({ outcome: 'miss', reason: 'invalid' });
    expect(seen.filter((request) => request.endpoint === 'browse')).toHaveLength(2);
    await writer.disconnect();
    await reader.disconnect();
  });

  it('forged values under the limit’s keys neither lift the limit nor stop the calls', async () => {
    const key = (part: string) => limitKey('forged', part);
    const now = Date.now();
    const forge = async () => {
      await redis.set(key('seq'), 'not a number');
      await redis.set(key('cooldown'), String(now + 8.6e15));
      // Departures far in the past and the future, and requests "on their way" that nobody sent.
      await redis.zAdd(key('log'), [
        { score: -1e18, value: 'x:1' },
        { score: now + 8.6e15, value: 'x:2' },
        { score: Number.POSITIVE_INFINITY, value: 'x:3' },
        { score: Number.POSITIVE_INFINITY, value: 'x:4' },
      ]);
      await redis.hSet(key('pending'), { 'x:4': String(now + 8.6e15), 'x:5': 'soon' });
      // A queue head whose process never asks, and processes "seen" in the future or with absurd margins.
      await redis.zAdd(key('queue'), [
        { score: -5, value: 'ghost:1' },
        { score: 0, value: 'x:9' },
      ]);
      await redis.zAdd(key('alive'), [{ score: now + 8.6e15, value: 'x' }]);
      await redis.hSet(key('margins'), { x: '1e15', ghost: '-7' });
    };
    await forge();
    await fleet(2, { points: 5, name: 'forged', retry: 0 });
    for (let run = 1; run <= 2; run++) {
      if (run === 2) await forge();
      // A forged cool-down or queue head would hold every call until its 30 s timeout (a day, or forever,
      // as forged); a lifted limit would let the twelve go at once.
      const lines = (
        await Promise.all(
          workers.map((worker) =>
            worker.run(
              `forged ${run}`,
              Array.from({ length: 6 }, (_, i) => ({ ...fresh(1 + i), timeout: 30_000 })),
              { concurrent: true },
            ),
          ),
        )
      ).flat();
      expect(lines.filter((line) => !line.ok)).toEqual([]);
      const sent = lines.flatMap((line) => line.sent);
      expect(busiestWindow(sent, 1000)).toBeLessThanOrEqual(5);
      expect(Math.max(...sent) - Math.min(...sent)).toBeGreaterThanOrEqual(2000);
    }
  });
});
