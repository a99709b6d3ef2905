/**
 * `pdg run --cache`, `--redis <url>` and `--rate-limit N/s`: the client's opt-in cache and rate limit.
 * Everything they need (the layers, and the Redis and Keyv clients) is loaded only when one is asked for,
 * so the other commands start as fast as before.
 *
 * Redis must answer when pdg starts (a wrong URL is said at once); after that it is an accelerator: a
 * Redis that fails or stops answering costs a call at most the layers' time limit, is reported once on
 * stderr, and is used again when it comes back.
 */

import type { ClientCache, ClientRateLimit } from '@pdg/core';
import type { StoreErrorEvent } from '@pdg/core/cache';
import { maskUrlCredentials, usageError } from '@pdg/core/face';
import { integerFlag, type ParsedArgs, rateLimitFlag } from './args.js';
import { redacted } from './io.js';
import { visible } from './terminal-text.js';

export interface ClientLayers {
  readonly cache?: ClientCache;
  readonly rateLimit?: ClientRateLimit;
  /** Closes the Redis connection, so the process can end. */
  close(): Promise<void>;
}

export async function clientLayers(args: ParsedArgs): Promise<ClientLayers> {
  if (args.bare.has('redis')) throw usageError('--redis needs a URL, such as --redis redis://127.0.0.1:6379.');
  const redisUrl = args.flags.get('redis');
  const limit = rateLimitFlag(args);
  const cached = args.flags.has('cache') || redisUrl !== undefined;
  if (!cached && !limit) return { close: async () => undefined };
  // The call's timeout bounds the wait for Redis too: pdg never waits on it past --timeout.
  const timeout = integerFlag(args.flags, 'timeout', { min: 1, max: 2_147_483_647 });
  const redis =
    redisUrl === undefined ? undefined : await connect(redisUrl, Math.min(answerTimeoutMs, timeout ?? answerTimeoutMs));
  let store: import('keyv').default | undefined;
  // Keyv closes the Redis client it is given; the client is closed on its own when there is no Keyv. A
  // Redis that does not answer any more is not waited for: its connection no longer keeps pdg running.
  const close = async () => {
    if (!redis?.isOpen) return;
    let timer: NodeJS.Timeout | undefined;
    const closing = (store ? store.disconnect() : redis.close()).catch(() => undefined);
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), closeTimeoutMs);
    });
    if ((await Promise.race([closing, late])) === 'late') redis.unref();
    clearTimeout(timer);
  };
  // One line on stderr when Redis fails or stops answering, and one when it answers again.
  const onStoreError = (event: StoreErrorEvent) =>
    process.stderr.write(`pdg: Redis, ${event.layer}: ${visible(redacted(event.message))}\n`);
  try {
    const { createCache } = await import('@pdg/core/cache');
    const { createRateLimit } = await import('@pdg/core/rate-limit');
    if (redis) {
      const [{ default: Keyv }, { default: KeyvRedis }] = await Promise.all([import('keyv'), import('@keyv/redis')]);
      store = new Keyv(new KeyvRedis(redis as never));
    }
    return {
      ...(cached ? { cache: createCache(store ? { store, onStoreError } : {}) } : {}),
      ...(limit
        ? {
            rateLimit: createRateLimit({
              points: limit.requests,
              durationSeconds: limit.windowMs / 1000,
              ...(redis ? { redis, onStoreError } : {}),
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
/** How long closing waits for Redis to acknowledge (a paused one never does). */
const closeTimeoutMs = 250;
/** Reconnections, once connected: soon, then at most a second apart, for as long as pdg runs. */
const reconnectDelayMs = (retries: number) => Math.min(100 * 2 ** retries, 1000);

async function connect(url: string, answerWithinMs: number) {
  const { createClient } = await import('redis');
  let client: ReturnType<typeof createClient>;
  // Not connecting is an error when pdg starts; once connected, a lost connection is tried again.
  let connected = false;
  try {
    client = createClient({
      url,
      // A command while Redis is out fails at once rather than waiting in the client's queue.
      disableOfflineQueue: true,
      socket: {
        connectTimeout: Math.min(3000, answerWithinMs),
        reconnectStrategy: (retries) => (connected ? reconnectDelayMs(retries) : false),
      },
    });
  } catch (error) {
    throw usageError(
      `--redis must be a Redis URL such as redis://127.0.0.1:6379 (received "${maskUrlCredentials(url)}": ${String(error)}).`,
    );
  }
  // Connection failures are reported by connect() below; without a listener they would also be thrown.
  client.on('error', () => undefined);
  const failure = (reason: string) =>
    new Error(
      `could not connect to Redis at ${maskUrlCredentials(url)} (${reason}). Start one (redis-server --port 6379 --save '') or fix --redis.`,
    );
  const silence = failure(
    `no answer within ${answerWithinMs / 1000} s: is a Redis server listening there, and does it need rediss:// or a password?`,
  );
  let timer: NodeJS.Timeout | undefined;
  const silent = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(silence), answerWithinMs);
  });
  const connecting = client.connect();
  // Left behind when the answer times out: the client is destroyed, and its connect() fails unheard.
  connecting.catch(() => undefined);
  try {
    const ready = await Promise.race([connecting, silent]);
    connected = true;
    return ready;
  } catch (error) {
    if (client.isOpen) client.destroy();
    if (error === silence) throw error;
    throw failure((error as { code?: string }).code ?? (error as Error).message ?? String(error));
  } finally {
    clearTimeout(timer);
  }
}
