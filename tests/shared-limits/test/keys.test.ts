/**
 * One Redis, two API keys: each key has its own limit and its own 429 cool-down. A loopback gateway
 * answers key A with 429 `Retry-After: 600` and key B with a page; B's requests are not held by A's pause,
 * whether the two clients are processes of `pdg run --rate-limit --redis` or clients of the core API (with
 * a limit each, or one limit object between them). Redis holds a hash of each key, never the key.
 *
 * Counted, not timed: A's pause is ten minutes through the core API (`maxCooldownMs`) and a minute through
 * `pdg run` (its longest), and every call of B's has a 30 s timeout, so a B held by A's pause fails with
 * TIMEOUT however fast the machine, and a B that is not held passes however slow (its calls take well under
 * a second on a quiet machine).
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { createClient, isPdgError, type RateLimitEvent } from '@pdg/core';
import { createRateLimit } from '@pdg/core/rate-limit';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { createClient as createRedisClient } from 'redis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { limitKey } from './fleet.js';
import { findRedis, type RedisServer } from './redis.js';

const found = await findRedis();
if ('skip' in found) console.warn(`per-key limit tests skipped: ${found.skip}`);

const keyA = 'tenant-a-key-5d1f0c9e';
const keyB = 'tenant-b-key-a83e44b2';
const page = fixtures.find((fixture) => fixture.request.path.endsWith('/browse'))?.response;

const pdgBin = join(dirname(createRequire(import.meta.url).resolve('@pdg/cli/package.json')), 'bin', 'pdg.js');
const { PDG_API_KEY: _, PDG_BASE_URL: __, ...env } = process.env;

function pdg(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // Killed after 4 minutes, only against a hang: pdg starts in under a second on a quiet machine.
    execFile(process.execPath, [pdgBin, ...args], { env, timeout: 240_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr });
    });
  });
}

interface Arrival {
  readonly key: string;
  readonly status: number;
}

describe.skipIf('skip' in found)('one key’s 429 does not hold another key on the same Redis', () => {
  const redisServer = (found as { server: RedisServer }).server;
  let gateway: Server;
  let baseUrl: string;
  let arrivals: Arrival[] = [];
  let redis: Awaited<ReturnType<typeof createRedisClient>>;

  beforeAll(async () => {
    expect(page).toBeDefined();
    gateway = createServer((request, response) => {
      const key = String(request.headers['x-api-key'] ?? '');
      const status = key === keyA ? 429 : 200;
      arrivals.push({ key, status });
      if (status === 429) {
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '600' });
        response.end(JSON.stringify({ status: 'error', message: 'Rate limit exceeded for this API key.' }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(page));
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
    redis = await createRedisClient({ url: redisServer.url }).connect();
  });

  afterAll(async () => {
    await redis?.quit();
    await new Promise((resolve) => gateway?.close(resolve));
    await redisServer?.stop();
  });

  beforeEach(async () => {
    await redis.flushDb();
    arrivals = [];
  });

  /** What a Redis key holds, as text. */
  const contentsOf = async (name: string): Promise<unknown> => {
    const type = await redis.type(name);
    if (type === 'string') return redis.get(name);
    if (type === 'zset') return redis.zRangeWithScores(name, 0, -1);
    if (type === 'hash') return redis.hGetAll(name);
    return type;
  };

  const connected = async () => {
    const client = createRedisClient({ url: redisServer.url, disableOfflineQueue: true });
    client.on('error', () => undefined);
    return client.connect();
  };

  it('core API: A is paused ten minutes, B’s calls are not held, on a limit of its own or on A’s limit object', async () => {
    const [redisA, redisB] = await Promise.all([connected(), connected()]);
    try {
      const events: (RateLimitEvent & { key: string })[] = [];
      const client = (apiKey: string, rateLimit: ReturnType<typeof createRateLimit>) =>
        createClient({
          providers: [jobboard],
          apiKey,
          baseUrl,
          retry: 0,
          rateLimit,
          hooks: { onRateLimit: (event) => void events.push({ ...event, key: apiKey }) },
        });
      // Two processes' limits (one each, the default name, one Redis), and one limit object for two clients.
      // Each command gets 2 s, not the default 250 ms: a loaded machine must not take this Redis for one out.
      // A 429's pause may last ten minutes: A's lasts longer than any run of this test.
      const limits = { points: 5, durationSeconds: 1, storeTimeoutMs: 2000, maxCooldownMs: 600_000 };
      const limitA = createRateLimit({ ...limits, redis: redisA });
      const limitB = createRateLimit({ ...limits, redis: redisB });
      const a = client(keyA, limitA);
      const b = client(keyB, limitB);
      const bOnA = client(keyB, limitA);

      const refused = await a.run('jobs:jobboard', 'browse', { country: 'SG' }).catch((error: unknown) => error);
      expect(isPdgError(refused) && refused.code).toBe('RATE_LIMITED');
      expect(events.filter((event) => event.type === 'cooldown')).toEqual([
        expect.objectContaining({ key: keyA, seconds: 600 }),
      ]);

      // B, three calls on its own limit and three on A's limit object: none waits for A's pause, which would
      // hold each past its 30 s timeout.
      for (const pdg of [b, bOnA]) {
        for (let page = 1; page <= 3; page++) {
          const { items } = await pdg.run('jobs:jobboard', 'browse', { country: 'SG', page }, { timeout: 30_000 });
          expect(items.length).toBeGreaterThan(0);
        }
      }
      const bArrivals = arrivals.filter((arrival) => arrival.key === keyB);
      expect(bArrivals.map((arrival) => arrival.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(events.filter((event) => event.key === keyB && event.type === 'cooldown')).toEqual([]);

      // A's own pause holds: its next call waits in the queue past its 2 s timeout.
      const held = await a
        .run('jobs:jobboard', 'browse', { country: 'SG' }, { timeout: 2000 })
        .catch((error: unknown) => error);
      expect(isPdgError(held) && held.code).toBe('TIMEOUT');
      expect(arrivals.filter((arrival) => arrival.key === keyA)).toHaveLength(1);

      // In Redis: each key's limit under a hash of it; neither key in any name or value.
      const names = await redis.keys('pdg-rate-limit:*');
      expect(names).toContain(limitKey('default', 'cooldown', keyA));
      expect(names).not.toContain(limitKey('default', 'cooldown', keyB));
      expect(names).toContain(limitKey('default', 'log', keyB));
      const everything = JSON.stringify([names, await Promise.all(names.map(contentsOf))]);
      for (const key of [keyA, keyB]) expect(everything).not.toContain(key);
    } finally {
      await Promise.all([redisA.quit(), redisB.quit()]);
    }
  });

  it('pdg run --rate-limit --redis: key A’s Retry-After: 600 does not pause key B’s run', async () => {
    const run = (apiKey: string, timeout: number) =>
      pdg([
        'run',
        'jobs:jobboard',
        'browse',
        '--country',
        'SG',
        '--rate-limit',
        '5/s',
        '--redis',
        redisServer.url,
        '--timeout',
        String(timeout),
        '--base-url',
        baseUrl,
        '--api-key',
        apiKey,
      ]);
    // A's Retry-After is past its 30 s timeout: it fails at once with RATE_LIMITED, its pause (a minute, the
    // longest pdg keeps) left in Redis.
    const a = await run(keyA, 30_000);
    expect(a.code).toBe(1);
    expect(a.stderr).toContain('RATE_LIMITED');
    // Started once A's pause is in Redis; with A's pause, B would wait in the queue past its 30 s timeout.
    const b = await run(keyB, 30_000);
    expect(b.stderr).not.toContain('TIMEOUT');
    expect(b.code).toBe(0);
    expect(JSON.parse(b.stdout).items.length).toBeGreaterThan(0);
    expect(arrivals.map((arrival) => [arrival.key, arrival.status])).toEqual([
      [keyA, 429],
      [keyB, 200],
    ]);
    const everything = JSON.stringify(await redis.keys('*'));
    for (const key of [keyA, keyB]) expect(everything).not.toContain(key);
  }, 600_000); // Two pdg runs, one after the other, each killed after 4 minutes.
});
