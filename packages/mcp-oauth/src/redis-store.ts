/**
 * The store on Redis (`PDG_REDIS_URL`), so that several server processes share sign-ins: a token issued by
 * one is honoured by all. Keys live under one prefix; each expires with Redis's own PX, `take` is GETDEL.
 */
import { Redis } from 'ioredis';
import type { OAuthStore } from './store.js';

export function redisStore(url: string, prefix = 'pdg:mcp-oauth:'): OAuthStore {
  // Commands wait for the connection (or fail when it cannot be made) instead of queueing forever.
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const at = (key: string) => `${prefix}${key}`;
  return {
    get: async (key) => (await redis.get(at(key))) ?? undefined,
    set: async (key, value, lifetimeMs) => {
      await redis.set(at(key), value, 'PX', Math.max(1, Math.ceil(lifetimeMs)));
    },
    take: async (key) => (await redis.getdel(at(key))) ?? undefined,
    delete: async (key) => {
      await redis.del(at(key));
    },
    increment: async (key, lifetimeMs) => {
      const [[, count]] = (await redis
        .multi()
        .incr(at(key))
        .pexpire(at(key), Math.max(1, Math.ceil(lifetimeMs)), 'NX')
        .exec()) as [[Error | null, number], unknown];
      return count;
    },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
