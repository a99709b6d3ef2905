/**
 * One worker process of a fleet: a pdg client for jobs:jobboard whose rate limit (and, when asked, cache)
 * lives in the Redis server the test gives, making the calls it is told and printing one JSON line per
 * call. It says it is ready, then waits for a line on stdin before its first call. Run as `node worker.ts '<json>'`.
 */
import KeyvRedis from '@keyv/redis';
import { type CacheEvent, createClient, isPdgError, type RateLimitEvent } from '@pdg/core';
import { createCache } from '@pdg/core/cache';
import { createRateLimit } from '@pdg/core/rate-limit';
import { jobboard } from '@pdg/jobs-jobboard';
import Keyv from 'keyv';
import { createClient as createRedisClient } from 'redis';

interface Orders {
  readonly worker: number;
  readonly baseUrl: string;
  readonly redisUrl: string;
  readonly points?: number;
  readonly cache?: boolean;
  readonly calls: readonly Record<string, unknown>[];
}

const orders = JSON.parse(process.argv[2] ?? '{}') as Orders;
const redis = await createRedisClient({ url: orders.redisUrl }).connect();
const keyv = orders.cache ? new Keyv(new KeyvRedis(orders.redisUrl)) : undefined;
const events: (CacheEvent | RateLimitEvent)[] = [];
const pdg = createClient({
  providers: [jobboard],
  apiKey: 'fleet-key-0b5e2d',
  baseUrl: orders.baseUrl,
  headers: { 'x-worker': String(orders.worker) },
  retry: 3,
  ...(orders.points === undefined
    ? {}
    : { rateLimit: createRateLimit({ points: orders.points, durationSeconds: 1, redis, name: 'fleet' }) }),
  ...(keyv ? { cache: createCache({ store: keyv }) } : {}),
  hooks: {
    onCache: ({ outcome, reason }) => void events.push({ outcome, key: '', ...(reason ? { reason } : {}) }),
    onRateLimit: (event) => void events.push(event),
  },
});

// Ready: the test starts every worker's calls at once, so none is done before the others begin.
console.log(JSON.stringify({ ready: true }));
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
process.stdin.pause();

for (const params of orders.calls) {
  try {
    const { data, response } = await pdg.runWithResponse('jobs:jobboard', 'browse', params);
    console.log(JSON.stringify({ ok: true, items: data.items.length, cache: response.cache, params }));
  } catch (error) {
    console.log(JSON.stringify({ ok: false, code: isPdgError(error) ? error.code : String(error), params }));
  }
}
console.log(JSON.stringify({ events }));
await keyv?.disconnect();
await redis.quit();
