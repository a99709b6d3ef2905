/**
 * Redis paused (SIGSTOP) and killed (SIGKILL) under four processes that share a cache and a rate limit
 * through it: Redis is an accelerator, never a dependency. The server is the test's own, so no other test
 * sees it go.
 *
 * No call may wait on Redis: each has a timeout (30 s) well above Redis's time limit (2 s here, so that a
 * loaded machine does not take a healthy Redis for a lost one) plus the gateway's answer and its turn under
 * the limit, while Redis stays paused until every call of the phase has ended, so a call whose command
 * waited for Redis would time out however fast the machine, and one that did not passes however slow. Windows are counted where the limit hands each request to fetch
 * (see shared.test.ts).
 */
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type MockRequestInfo, type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { busiestWindow, type CallLine, startWorker, type Worker } from './fleet.js';
import { type OwnRedisServer, ownRedis } from './redis.js';

const found = await ownRedis();
if ('skip' in found) console.warn(`Redis fault tests skipped: ${found.skip}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf('skip' in found)('Redis paused and killed under a fleet', () => {
  const redis = (found as { server: OwnRedisServer }).server;
  let gateway: RunningMockGateway;
  const seen: MockRequestInfo[] = [];

  beforeAll(async () => {
    gateway = await startMockGateway({
      providers: [jobboard],
      fixtures,
      onRequest: (request) => void seen.push(request),
    });
  });

  afterAll(async () => {
    await gateway?.close();
    await redis?.stop();
  });

  it('calls go on through the outage, each layer reports it once, and the limit holds once Redis is back', async () => {
    const workers = await Promise.all(
      [1, 2, 3, 4].map((worker) =>
        startWorker({
          worker,
          baseUrl: gateway.url,
          redisUrl: redis.url,
          points: 10,
          cache: true,
          name: 'faults',
          storeTimeoutMs: 2000,
        }),
      ),
    );
    /** Each worker makes `calls(worker)` one after the other; every line of the phase. */
    const phase = async (name: string, calls: (worker: Worker) => Record<string, unknown>[], concurrent = false) =>
      (await Promise.all(workers.map((worker) => worker.run(name, calls(worker), { concurrent })))).flat();
    // Listings every worker asks for (cached), and fresh looks (cache: false): both layers use Redis.
    const mixed = (worker: Worker) =>
      [1, 2, 3, 4].map((i) => ({
        params: { country: 'SG', page: i % 2 === 0 ? 1 + (i % 3) : 4 + worker.id },
        ...(i % 2 === 0 ? {} : { cache: false }),
        timeout: 30_000,
      }));
    const burst = (worker: Worker) =>
      Array.from({ length: 8 }, (_, i) => ({
        params: { country: 'SG', page: 1 + ((worker.id + i) % 10) },
        cache: false,
      }));
    const failed = (lines: CallLine[]) => lines.filter((line) => !line.ok);
    const sent = (lines: CallLine[]) => lines.flatMap((line) => line.sent);
    /** Calls one at a time until every worker's rate limit and cache have said Redis answers again. */
    const recover = async (name: string, ups: number) => {
      const lines: CallLine[] = [];
      for (let round = 0; round < 100; round++) {
        const back = (worker: Worker) => worker.store().filter((event) => event.state === 'up').length >= 2 * ups;
        if (workers.every(back)) return lines;
        lines.push(...(await phase(`${name} ${round}`, () => [{ params: { country: 'SG', page: 2 } }])));
        await sleep(100);
      }
      throw new Error(`the workers did not find Redis again: ${JSON.stringify(workers.map((w) => w.store()))}`);
    };

    const healthy = await phase('healthy', mixed);
    expect(failed(healthy)).toEqual([]);
    // The listings stored then are shared: asked again, every worker reads them from Redis.
    const cached = await phase('healthy, cached', () => [
      { params: { country: 'SG', page: 2 } },
      { params: { country: 'SG', page: 3 } },
    ]);
    expect(cached.map((line) => line.cache)).toEqual(Array.from({ length: 8 }, () => 'hit'));
    // The outage's departures are then counted apart from these: more than a window (1.1 s) apart.
    await sleep(1500);

    redis.pause();
    const paused = await phase('paused', mixed);
    expect(failed(paused)).toEqual([]);
    // While Redis is out, each of the four keeps its share (10 / 4 = 2 per window): no more than 10 together.
    expect(busiestWindow(sent(paused), 1000)).toBeLessThanOrEqual(10);
    redis.resume();

    const afterPause = [...(await recover('after pause', 1)), ...(await phase('burst after pause', burst, true))];
    expect(failed(afterPause)).toEqual([]);
    expect(busiestWindow(sent(afterPause), 1000)).toBeLessThanOrEqual(10);
    await sleep(1500);

    await redis.kill();
    const killed = await phase('killed', mixed);
    expect(failed(killed)).toEqual([]);
    expect(busiestWindow(sent(killed), 1000)).toBeLessThanOrEqual(10);
    await redis.restart();

    const afterKill = [...(await recover('after restart', 2)), ...(await phase('burst after restart', burst, true))];
    expect(failed(afterKill)).toEqual([]);
    expect(busiestWindow(sent(afterKill), 1000)).toBeLessThanOrEqual(10);
    // Shared again: the four bursts of 8 queued under one limit, not one per process.
    expect(Math.max(...sent(afterKill)) - Math.min(...sent(afterKill))).toBeGreaterThanOrEqual(3000);

    // No process ended on Redis's errors; each layer of each reported each outage once (not each of the 8
    // calls it made meanwhile), and its end once. (A machine so loaded that a healthy Redis answers past the
    // limit makes an outage of its own: one more pair, at most.)
    await Promise.all(workers.map((worker) => worker.quit()));
    for (const worker of workers) {
      for (const layer of ['rate-limit', 'cache'] as const) {
        const states = worker
          .store()
          .filter((event) => event.layer === layer)
          .map((event) => event.state);
        const pairs = Array.from({ length: states.length / 2 }, () => ['down', 'up']).flat();
        expect(states, `worker ${worker.id}, ${layer}`).toEqual(pairs);
        expect(pairs.length, `worker ${worker.id}, ${layer}`).toBeGreaterThanOrEqual(4);
        expect(pairs.length, `worker ${worker.id}, ${layer}`).toBeLessThanOrEqual(6);
      }
    }
    const longest = Math.max(...[...paused, ...killed].map((line) => (line.sent[0] ?? line.madeAt) - line.madeAt));
    console.log(
      `Redis paused, then killed, under 4 processes: ${paused.length + killed.length} calls during the outages, none failed; the longest wait before a request left ${Math.round(longest)} ms; gateway saw ${seen.length} requests`,
    );
  });
});
