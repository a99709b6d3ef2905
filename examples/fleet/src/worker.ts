// One worker of the fleet: a pdg client whose cache and rate limit live in Redis, shared with the other
// workers. It makes its calls, counts what the cache and the limit did through hooks, and prints one
// JSON line for the parent. Redis going away costs it nothing but the sharing: calls go on.
import KeyvRedis from '@keyv/redis';
import { createClient, isPdgError } from '@pdg/core';
import { createCache, type StoreErrorEvent } from '@pdg/core/cache';
import { createRateLimit } from '@pdg/core/rate-limit';
import { jobboard } from '@pdg/jobs-jobboard';
import Keyv from 'keyv';
import { createClient as createRedisClient } from 'redis';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const fleet = process.env.FLEET ?? 'fleet';
// No offline queue: while Redis is out, a command fails at once instead of waiting for it to come back.
const redis = createRedisClient({ url: redisUrl, disableOfflineQueue: true });
// The cache and the rate limit each report an outage once (onStoreError, below); unhandled, this event
// (Redis restarting, the network dropping) would end the process.
redis.on('error', () => undefined);
await redis.connect();
// One connection for both: Keyv uses the client it is given, and closes it on disconnect().
const store = new Keyv(new KeyvRedis(redis), { namespace: fleet });

const counts = {
  hit: 0,
  miss: 0,
  dedupe: 0,
  stale: 0,
  refresh: 0,
  uncached: 0,
  queuedMs: 0,
  errors: 0,
  refused: 0,
  fresh: 0,
  outages: 0,
};
// Once when Redis stops answering (per layer), once when it is back: the calls go on meanwhile.
const onStoreError = (event: StoreErrorEvent) => {
  if (event.state === 'down') counts.outages++;
  console.error(`worker: Redis, ${event.layer}: ${event.message}`);
};
const pdg = createClient({
  providers: [jobboard],
  // The API key's limit, kept for the whole fleet: 10 requests in any second.
  rateLimit: createRateLimit({ points: 10, durationSeconds: 1, redis, name: fleet, onStoreError }),
  cache: createCache({ store, onStoreError }),
  hooks: {
    onCache: ({ outcome }) => {
      counts[outcome]++;
    },
    onRateLimit: (event) => {
      if (event.type === 'queued') counts.queuedMs += event.waitedMs;
      // Every 429 the gateway sends starts a cool-down, whether or not the retry then succeeds.
      if (event.type === 'cooldown') counts.refused++;
    },
  },
});

for (let call = 0; call < 10; call++) {
  try {
    if (call % 2 === 0) {
      // Listings every worker asks for: the first asker fetches, the others read the shared cache.
      await pdg.run('jobs:jobboard', 'browse', { country: 'SG', page: 1 + ((call / 2) % 3) });
    } else {
      // A fresh look each time (cache: false): these go to the gateway, under the shared limit.
      counts.fresh++;
      await pdg.run('jobs:jobboard', 'browse', { country: 'SG', page: 1 + (call % 3) }, { cache: false });
    }
  } catch (error) {
    counts.errors++;
    console.error(`worker: ${isPdgError(error) ? `${error.code} ${error.message}` : String(error)}`);
  }
}

console.log(JSON.stringify(counts));
// Closes the shared connection (a Redis that is out has nothing to wait for).
await store.disconnect();
