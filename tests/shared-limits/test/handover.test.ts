/**
 * Redis killed and restarted under four processes sharing a 10-a-second limit, with requests waiting in
 * every one of them all along: the hand-over from each process's share (counted alone while Redis is
 * out) back to the shared limit must not add the two up. The processes find Redis again at different
 * moments; until every one has told Redis what it sent alone, none takes more than its share.
 *
 * Redis is the test's own (it is killed); the gateway is the mock gateway on loopback, counting what it
 * receives. Windows are counted at the moment each request was handed to fetch (`x-sent-at`, stamped by
 * the worker), as in shared.test.ts; the gateway's arrivals per second are printed.
 */
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type MockRequestInfo, type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { busiestWindow, type CallLine, perSecond, startWorker, type Worker } from './fleet.js';
import { type OwnRedisServer, ownRedis } from './redis.js';

const found = await ownRedis();
if ('skip' in found) console.warn(`Redis hand-over test skipped: ${found.skip}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf('skip' in found)('Redis restarted under a busy fleet', () => {
  const redis = (found as { server: OwnRedisServer }).server;
  let gateway: RunningMockGateway;
  const seen: MockRequestInfo[] = [];
  let workers: Worker[] = [];

  beforeAll(async () => {
    gateway = await startMockGateway({
      providers: [jobboard],
      fixtures,
      onRequest: (request) => void seen.push(request),
    });
  });

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.quit().catch(() => undefined)));
    await gateway?.close();
    await redis?.stop();
  });

  it('in no window of a second do the four send more than 10, through the outage and the hand-over', async () => {
    workers = await Promise.all(
      [1, 2, 3, 4].map((worker) =>
        // Redis's time limit is 1 s, so that a loaded machine does not take a healthy Redis for a lost one.
        startWorker({
          worker,
          baseUrl: gateway.url,
          redisUrl: redis.url,
          points: 10,
          name: 'handover',
          storeTimeoutMs: 1000,
        }),
      ),
    );
    const calls = (worker: Worker, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        params: { country: 'SG', page: 1 + ((worker.id * 7 + i) % 10) },
        // Well past the longest wait in the queue (the phase's calls at 10 a second, slower while Redis is out).
        timeout: 120_000,
      }));
    const failed = (lines: CallLine[]) => lines.filter((line) => !line.ok);

    // Every process uses the limit through Redis first, then once more, so that each has heard from Redis
    // that there are four (a process counting alone keeps the share of the processes Redis last told it of).
    for (const round of ['warm', 'warm again']) {
      const warm = (
        await Promise.all(workers.map((worker) => worker.run(round, calls(worker, 2), { concurrent: true })))
      ).flat();
      expect(failed(warm)).toEqual([]);
    }
    // The window before the outage passes (an outage that starts within it may add a process's share).
    await sleep(1500);

    await redis.kill();
    const from = seen.length;
    // Requests wait in every process from now on: each counts its share alone, then hands over.
    const busy = Promise.all(workers.map((worker) => worker.run('busy', calls(worker, 25), { concurrent: true })));
    await sleep(3000);
    await redis.restart();
    const lines = (await busy).flat();
    expect(failed(lines)).toEqual([]);
    expect(lines).toHaveLength(100);

    const received = seen.slice(from);
    const sent = received.map((request) => Number(request.headers['x-sent-at']));
    expect(sent.sort((a, b) => a - b)).toEqual(lines.flatMap((line) => line.sent).sort((a, b) => a - b));
    const busiest = busiestWindow(sent, 1000);
    console.log(
      `Redis killed for 3 s, then restarted, under 4 processes at 10/s: busiest 1000 ms window ${busiest} as sent; gateway arrivals per calendar second: ${perSecond(received.map((request) => request.receivedAt)).join(' ')}`,
    );
    expect(busiest).toBeLessThanOrEqual(10);

    // Every process's rate limit lost Redis and found it again.
    const outages = await Promise.all(workers.map((worker) => worker.quit().then(() => worker.store())));
    workers = [];
    for (const states of outages) {
      const limit = states.filter((event) => event.layer === 'rate-limit').map((event) => event.state);
      expect(limit.slice(0, 2)).toEqual(['down', 'up']);
      expect(limit.at(-1)).toBe('up');
    }
  });
});
