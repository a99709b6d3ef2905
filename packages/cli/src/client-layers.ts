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
  let store: import('keyv').default | undefined;
  // Keyv closes the Redis client it is given; the client is closed on its own when there is no Keyv.
  const close = async () => {
    if (store) await store.disconnect();
    if (redis?.isOpen) await redis.quit();
  };
  try {
    const { createCache } = await import('@pdg/core/cache');
    const { createRateLimit } = await import('@pdg/core/rate-limit');
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
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** How long Redis has to answer once connected (a port that accepts and says nothing would hang pdg). */
const answerTimeoutMs = 5000;

/** The URL as printed: a password in it is masked. */
function shown(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^/@:]*):[^/@]*@/i, '$1:***@');
}

async function connect(url: string) {
  const { createClient } = await import('redis');
  let client: ReturnType<typeof createClient>;
  try {
    client = createClient({ url, socket: { connectTimeout: 3000, reconnectStrategy: false } });
  } catch (error) {
    throw new UsageError(
      `--redis must be a Redis URL such as redis://127.0.0.1:6379 (received "${shown(url)}": ${String(error)}).`,
    );
  }
  // Connection failures are reported by connect() below; without a listener they would also be thrown.
  client.on('error', () => undefined);
  const failure = (reason: string) =>
    new Error(
      `could not connect to Redis at ${shown(url)} (${reason}). Start one (redis-server --port 6379 --save '') or fix --redis.`,
    );
  const silence = failure(
    `no answer within ${answerTimeoutMs / 1000} s: is a Redis server listening there, and does it need rediss:// or a password?`,
  );
  let timer: NodeJS.Timeout | undefined;
  const silent = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(silence), answerTimeoutMs);
  });
  const connecting = client.connect();
  // Left behind when the answer times out: the client is destroyed, and its connect() fails unheard.
  connecting.catch(() => undefined);
  try {
    return await Promise.race([connecting, silent]);
  } catch (error) {
    if (client.isOpen) client.destroy();
    if (error === silence) throw error;
    throw failure((error as { code?: string }).code ?? (error as Error).message ?? String(error));
  } finally {
    clearTimeout(timer);
  }
}
