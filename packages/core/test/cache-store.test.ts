/**
 * A shared store is read as anyone able to write to it left it, and may be slow or out: what it holds is
 * bounded and checked as a whole before it answers a call, and no call waits on it past its time limit.
 */
import Keyv from 'keyv';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { type CacheStore, createCache } from '../src/cache-entry.js';
import {
  type CacheEvent,
  createClient,
  defineEndpoint,
  defineProvider,
  type HookContext,
  isPdgError,
  record,
  stringParam,
} from '../src/index.js';
import type { StoreErrorEvent } from '../src/layers/store-guard.js';
import { json, type Loopback, loopback } from './loopback.js';

const API_KEY = 'store-test-key-51c0';

const catalog = defineProvider({
  id: 'books:catalog',
  description: 'A book catalogue, its search cached for a minute.',
  endpoints: {
    search: defineEndpoint({
      description: 'Search books.',
      cacheSeconds: 60,
      params: v.strictObject({ q: stringParam('words') }),
      response: v.looseObject({ items: v.array(record({ id: v.string(), title: v.string() })) }),
    }),
  },
});

let server: Loopback | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function gateway(): Promise<Loopback> {
  server = await loopback((request, response) => {
    const q = new URL(request.url ?? '/', 'http://x').searchParams.get('q');
    json(response, 200, { items: [{ id: 'b1', title: `Tides (${q})` }] }, { 'x-request-id': 'req-1' });
  });
  return server;
}

function client(url: string, store: CacheStore, options: { validate?: 'off'; maxBytes?: number } = {}) {
  const seen: (HookContext & CacheEvent)[] = [];
  const pdg = createClient({
    providers: [catalog],
    apiKey: API_KEY,
    baseUrl: url,
    retry: 0,
    ...(options.validate ? { validate: options.validate } : {}),
    cache: createCache({ store, ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}) }),
    hooks: { onCache: (event) => void seen.push(event) },
  });
  return { pdg, seen };
}

describe('values read from a shared store', () => {
  it('a forged entry (status, private header, age, extra field, future time) is a miss, never a hit', async () => {
    const gw = await gateway();
    const store = new Keyv();
    const { pdg, seen } = client(gw.url, store);
    await pdg.run('books:catalog', 'search', { q: 'tides' });
    const key = seen[0]?.key ?? '';
    const genuine = JSON.parse(String(await store.get(key)));
    // What this cache wrote: the answer's headers, the secret and credentials never among them.
    expect(genuine).toMatchObject({ v: 1, status: 200, headers: { 'x-request-id': 'req-1' } });
    expect(JSON.stringify(genuine)).not.toContain(API_KEY);

    const now = Date.now();
    const forgeries: Record<string, unknown>[] = [
      { ...genuine, status: 599 },
      { ...genuine, status: 200.5 },
      { ...genuine, headers: { ...genuine.headers, 'x-api-key': 'stolen-key-0000' } },
      { ...genuine, headers: { ...genuine.headers, 'set-cookie': 'session=made-up' } },
      { ...genuine, headers: { 'x-note': 'a\r\nx-injected: 1' } },
      { ...genuine, headers: { 'Bad Name': 'x' } },
      // Stored 8.6e12 s ago but "expiring" far ahead: the reader's own time to live decides, so it is expired.
      { ...genuine, storedAt: now - 8.6e15, expiresAt: now + 8.6e15 },
      // Stored in the future: it would stay fresh past any time to live.
      { ...genuine, storedAt: now + 8.6e15, expiresAt: now + 8.7e15 },
      { ...genuine, expiresAt: genuine.storedAt - 1 },
      { ...genuine, extra: true },
      { ...genuine, v: 2 },
    ];
    for (const forged of forgeries) {
      await store.set(key, JSON.stringify(forged), 60_000);
      const before = gw.requests.length;
      const answer = await pdg.runWithResponse('books:catalog', 'search', { q: 'tides' });
      expect(answer.response.cache, JSON.stringify(forged)).toBe('miss');
      expect(answer.response.status).toBe(200);
      expect(answer.response.headers['x-api-key']).toBeUndefined();
      expect(answer.response.ageSeconds).toBeUndefined();
      expect(gw.requests.length).toBe(before + 1);
    }
    // The genuine entry, written back, answers: the checks refuse forgeries, not entries.
    const storedAt = Date.now();
    await store.set(key, JSON.stringify({ ...genuine, storedAt, expiresAt: storedAt + 60_000 }), 60_000);
    const hit = await pdg.runWithResponse('books:catalog', 'search', { q: 'tides' });
    expect(hit.response).toMatchObject({ cache: 'hit', status: 200 });
    // Its age counts from when it was stored, never more than the time to live.
    expect(hit.response.ageSeconds).toBeGreaterThanOrEqual(0);
    expect(hit.response.ageSeconds).toBeLessThanOrEqual(60);
  });

  it("with validate: 'off', a stored body that breaks the schema is a miss; a valid one is a hit", async () => {
    const gw = await gateway();
    const store = new Keyv();
    const { pdg, seen } = client(gw.url, store, { validate: 'off' });
    await pdg.run('books:catalog', 'search', { q: 'tides' });
    const key = seen[0]?.key ?? '';
    const genuine = JSON.parse(String(await store.get(key)));
    await store.set(key, JSON.stringify({ ...genuine, body: { items: [{ id: 7, title: null }] } }), 60_000);
    const answer = await pdg.runWithResponse('books:catalog', 'search', { q: 'tides' });
    expect(answer.response.cache).toBe('miss');
    expect(answer.data.items[0]).toEqual({ id: 'b1', title: 'Tides (tides)' });
    expect(seen.at(-1)).toMatchObject({ outcome: 'miss', reason: 'invalid' });
    expect((await pdg.runWithResponse('books:catalog', 'search', { q: 'tides' })).response.cache).toBe('hit');
    expect(gw.requests).toHaveLength(2);
  });

  it('a value larger than maxBytes is neither read nor written', async () => {
    const gw = await gateway();
    const store = new Keyv();
    const { pdg, seen } = client(gw.url, store, { maxBytes: 2_000 });
    await pdg.run('books:catalog', 'search', { q: 'tides' });
    const key = seen[0]?.key ?? '';
    const genuine = JSON.parse(String(await store.get(key)));
    // A well-formed entry whose body passes the schema, only too large for the cache's bound.
    const items = Array.from({ length: 100 }, (_, i) => ({ id: `b${i}`, title: 'x'.repeat(20) }));
    await store.set(key, JSON.stringify({ ...genuine, body: { items } }), 60_000);
    const answer = await pdg.runWithResponse('books:catalog', 'search', { q: 'tides' });
    expect(answer.response.cache).toBe('miss');
    expect(seen.at(-1)).toMatchObject({ reason: 'invalid' });
    expect(answer.data.items).toHaveLength(1);

    // An answer over the bound is not written either.
    const { pdg: small, seen: smallSeen } = client(gw.url, store, { maxBytes: 100 });
    await small.run('books:catalog', 'search', { q: 'waves' });
    expect(await store.get(smallSeen[0]?.key ?? '')).toBeUndefined();
  });
});

describe('a store that stops answering', () => {
  /** A store whose reads and writes never answer while `paused`, recording each command it is given. */
  function pausable() {
    const values = new Map<string, string>();
    const state = { paused: false, gets: 0 };
    const never = new Promise<never>(() => undefined);
    const store: CacheStore = {
      get: (key) => {
        state.gets++;
        return state.paused ? never : values.get(key);
      },
      set: (key, value) => (state.paused ? never : void values.set(key, value)),
      delete: (key) => values.delete(key),
    };
    return { store, state };
  }

  it('calls go on within the time limit, the outage is reported once, and the store is used again after', async () => {
    const gw = await gateway();
    const { store, state } = pausable();
    const outages: StoreErrorEvent[] = [];
    const outcomes: CacheEvent[] = [];
    const pdg = createClient({
      providers: [catalog],
      apiKey: API_KEY,
      baseUrl: gw.url,
      retry: 0,
      // Far longer than the store's 200 ms limit: a call waiting on the store itself would time out.
      timeout: 60_000,
      cache: createCache({ store, storeTimeoutMs: 200, onStoreError: (event) => void outages.push(event) }),
      hooks: { onCache: (event) => void outcomes.push(event) },
    });
    state.paused = true;
    const queries = Array.from({ length: 12 }, (_, i) => `q${i}`);
    // Sequential calls and a few concurrent ones: every one is answered by the gateway.
    for (const q of queries.slice(0, 6)) await pdg.run('books:catalog', 'search', { q }, { timeout: 10_000 });
    await Promise.all(queries.slice(6).map((q) => pdg.run('books:catalog', 'search', { q }, { timeout: 10_000 })));
    expect(gw.requests).toHaveLength(12);
    expect(outcomes.every((event) => event.outcome === 'miss' && event.reason === 'store-error')).toBe(true);
    expect(outages.map((event) => event.state)).toEqual(['down']);
    expect(outages[0]?.message).toContain('did not answer within 200 ms');
    // While the store is out it is probed, not asked by every call.
    expect(state.gets).toBeLessThan(12);

    state.paused = false;
    // The next probe (at most a second after the last) finds it back; count calls, not time.
    let calls = 0;
    while (!outages.some((event) => event.state === 'up') && calls < 200) {
      await pdg.run('books:catalog', 'search', { q: 'back' });
      calls++;
      if (!outages.some((event) => event.state === 'up')) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(outages.map((event) => event.state)).toEqual(['down', 'up']);
    await pdg.run('books:catalog', 'search', { q: 'again' });
    expect((await pdg.runWithResponse('books:catalog', 'search', { q: 'again' })).response.cache).toBe('hit');
  });

  it('refuses a time limit that is not a whole number of ms', () => {
    expect(() => createCache({ store: new Keyv(), storeTimeoutMs: 0 })).toThrow(
      'createCache: storeTimeoutMs must be a whole number of ms, 1 or more (received 0)',
    );
    const thrown = (() => {
      try {
        createCache({ storeTimeoutMs: Number.NaN });
      } catch (error) {
        return error;
      }
    })();
    expect(isPdgError(thrown) && thrown.code).toBe('USAGE');
  });
});
