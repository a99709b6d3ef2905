/**
 * A gateway that echoes the caller's API key in a body (an upstream "requested by" field): two clients with
 * different keys share one cache through a real Redis (Keyv with @keyv/redis, as the core README sets it
 * up), against a real loopback gateway. The store never holds a key, and no client gets another's.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import KeyvRedis from '@keyv/redis';
import { createClient, defineEndpoint, defineProvider, record, stringParam } from '@pdg/core';
import { createCache } from '@pdg/core/cache';
import Keyv from 'keyv';
import { createClient as createRedisClient } from 'redis';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRedis, type RedisServer } from './redis.js';

const found = await findRedis();
if ('skip' in found) console.warn(`key-echo tests skipped: ${found.skip}`);

const KEY_A = 'tenant-a-key-6b0e1d';
const KEY_B = 'tenant-b-key-c47a92';

const catalog = defineProvider({
  id: 'books:catalog',
  description: 'A book catalogue, its search cached for a minute.',
  endpoints: {
    search: defineEndpoint({
      description: 'Search books.',
      cacheSeconds: 60,
      params: v.strictObject({ q: stringParam('words') }),
      response: v.looseObject({
        items: v.array(record({ id: v.string(), title: v.string() })),
        requestedBy: v.optional(v.string()),
      }),
    }),
  },
});

describe.skipIf('skip' in found)('a body holding the caller key, on a cache shared through Redis', () => {
  const redisServer = (found as { server: RedisServer }).server;
  const prefix = `pdg-key-echo-${process.pid}:`;
  let gateway: Server;
  let baseUrl: string;
  const seen: string[] = [];
  let redis: Awaited<ReturnType<typeof createRedisClient>>;
  const stores: Keyv[] = [];

  beforeAll(async () => {
    // `q=echo` answers with the caller's key in the body, as an upstream that echoes it would; `q=plain` without.
    gateway = createServer((request, response) => {
      const key = String(request.headers['x-api-key']);
      seen.push(key);
      const q = new URL(request.url ?? '/', 'http://x').searchParams.get('q');
      const body = { items: [{ id: 'b1', title: 'Tides' }], ...(q === 'echo' ? { requestedBy: `key ${key}` } : {}) };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
    redis = await createRedisClient({ url: redisServer.url }).connect();
  });

  afterAll(async () => {
    const keys = await redis?.keys(`${prefix}*`);
    if (keys?.length) await redis.del(keys);
    await redis?.quit();
    await Promise.all(stores.map((store) => store.disconnect()));
    gateway.closeAllConnections();
    await new Promise<void>((resolve) => gateway.close(() => resolve()));
    await redisServer?.stop();
  });

  /** A client as another process would make it: its own Keyv and Redis connection, the same store. */
  const client = (apiKey: string) => {
    const store = new Keyv(new KeyvRedis(redisServer.url));
    stores.push(store);
    return createClient({
      providers: [catalog],
      apiKey,
      baseUrl,
      retry: 0,
      cache: createCache({ store, prefix, storeTimeoutMs: 2000 }),
    });
  };

  /** Every value Redis holds under this test's prefix, as text. */
  const storedText = async () => {
    const keys = await redis.keys(`*${prefix}*`);
    const values = await Promise.all(keys.map((key) => redis.get(key)));
    return { keys, text: values.join('\n') };
  };

  it("an answer echoing key A is not stored; key B's client gets its own answer, never key A", async () => {
    const a = client(KEY_A);
    const b = client(KEY_B);
    const first = await a.runWithResponse('books:catalog', 'search', { q: 'echo' });
    expect(first.data.requestedBy).toBe(`key ${KEY_A}`);
    expect((await storedText()).text).not.toContain(KEY_A);
    const second = await b.runWithResponse('books:catalog', 'search', { q: 'echo' });
    expect(second.data.requestedBy).toBe(`key ${KEY_B}`);
    expect(JSON.stringify(second)).not.toContain(KEY_A);
    expect(seen.slice(-2)).toEqual([KEY_A, KEY_B]);
    // Neither answer was stored: both were the gateway's, for their own key.
    expect([first.response.cache, second.response.cache]).toEqual(['uncached', 'uncached']);
    expect((await storedText()).text).not.toContain(KEY_B);
  });

  it('an answer without a key is still stored in Redis and shared across keys', async () => {
    const a = client(KEY_A);
    const b = client(KEY_B);
    const before = seen.length;
    expect((await a.runWithResponse('books:catalog', 'search', { q: 'plain' })).response.cache).toBe('miss');
    const stored = await storedText();
    expect(stored.keys.some((key) => key.includes('q=plain'))).toBe(true);
    expect(stored.text).toContain('Tides');
    const { data, response } = await b.runWithResponse('books:catalog', 'search', { q: 'plain' });
    expect(response.cache).toBe('hit');
    expect(data.items[0]?.title).toBe('Tides');
    expect(seen.length - before).toBe(1);
  });
});
