/**
 * `pdg run --cache`, `--redis <url>` and `--rate-limit N/s`: the client's opt-in cache and rate limit.
 * Everything they need (the layers, and the Redis and Keyv clients) is loaded only when one is asked for,
 * so the other commands start as fast as before.
 */
import type { ClientCache, ClientRateLimit } from '@pdg/core';
import { type ParsedArgs, rateLimitFlag, UsageError } from './args.js';

export interface ClientLayers {
  readonly cache?: ClientCache;
  readonly rateLimit?: ClientRateLimit;
  /** Closes the Redis connection, so the process can end. */
  close(): Promise<void>;
}

export async function clientLayers(args: ParsedArgs): Promise<ClientLayers> {
  if (args.bare.has('redis')) throw new UsageError('--redis needs a URL, such as --redis redis://127.0.0.1:6379.');
  const redisUrl = args.flags.get('redis');
  const limit = rateLimitFlag(args);
  const cached = args.flags.has('cache') || redisUrl !== undefined;
  if (!cached && !limit) return { close: async () => undefined };
  if (redisUrl !== undefined && limit && limit.windowMs % 1000 !== 0) {
    throw new UsageError(
      `--rate-limit with --redis counts in whole seconds: use N/s or N/m (received ${args.flags.get('rate-limit')}).`,
    );
  }
  const redis = redisUrl === undefined ? undefined : await connect(redisUrl);
  const { createCache } = await import('@pdg/core/cache');
  const { createRateLimit } = await import('@pdg/core/rate-limit');
  let store: import('keyv').default | undefined;
  if (redis) {
    const [{ default: Keyv }, { default: KeyvRedis }] = await Promise.all([import('keyv'), import('@keyv/redis')]);
    store = new Keyv(new KeyvRedis(redis as never));
  }
  return {
    ...(cached ? { cache: createCache(store ? { store } : {}) } : {}),
    ...(limit
      ? {
          rateLimit: createRateLimit({
            points: limit.requests,
            durationSeconds: limit.windowMs / 1000,
            ...(redis ? { redis } : {}),
          }),
        }
      : {}),
    close: async () => {
      if (redis?.isOpen) await redis.quit();
    },
  };
}

async function connect(url: string) {
  const { createClient } = await import('redis');
  let client: ReturnType<typeof createClient>;
  try {
    client = createClient({ url, socket: { connectTimeout: 3000, reconnectStrategy: false } });
  } catch (error) {
    throw new UsageError(
      `--redis must be a Redis URL such as redis://127.0.0.1:6379 (received "${url}": ${String(error)}).`,
    );
  }
  // Connection failures are reported by connect() below; without a listener they would also be thrown.
  client.on('error', () => undefined);
  try {
    return await client.connect();
  } catch (error) {
    const reason = (error as { code?: string }).code ?? (error as Error).message ?? String(error);
    throw new Error(
      `could not connect to Redis at ${url} (${reason}). Start one (redis-server --port 6379 --save '') or fix --redis.`,
    );
  }
}
