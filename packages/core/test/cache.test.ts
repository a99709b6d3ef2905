import type { IncomingMessage, ServerResponse } from 'node:http';
import Keyv from 'keyv';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CacheStore, cacheKey, createCache } from '../src/cache-entry.js';
import {
  type CacheEvent,
  createClient,
  defineEndpoint,
  defineProvider,
  type HookContext,
  integerParam,
  isPdgError,
  optional,
  type PdgError,
  record,
  stringParam,
} from '../src/index.js';
import { json, type Loopback, loopback } from './loopback.js';

const API_KEY = 'cache-test-key-7d41';

const catalog = defineProvider({
  id: 'books:catalog',
  description: 'A book catalogue: one endpoint cached for a second, one with no stated cache time.',
  endpoints: {
    search: defineEndpoint({
      description: 'Search books.',
      cacheSeconds: 1,
      params: v.strictObject({
        q: stringParam('words'),
        page: optional(integerParam('1-based page', { min: 1, default: 1 })),
        limit: optional(integerParam('page size', { min: 1, max: 50, default: 20 })),
      }),
      response: v.looseObject({ items: v.array(record({ id: v.string(), title: v.string() })) }),
    }),
    stock: defineEndpoint({
      description: 'Copies in stock right now (no cache time stated).',
      params: v.strictObject({ id: stringParam('book id') }),
      response: v.looseObject({ id: v.string(), copies: v.number() }),
    }),
  },
});

let server: Loopback | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

// The cache's clock (Date.now) stands still unless a test moves it: a cache time of a second never runs out
// between two calls on a loaded machine, and runs out exactly when a test says it has.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});
/** Moves the cache's clock on by `ms`. */
const pass = (ms: number) => vi.setSystemTime(Date.now() + ms);

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A loopback gateway answering every search with one book and every stock check with 3 copies. */
async function gateway(handle?: Handler): Promise<Loopback> {
  server = await loopback(
    handle ??
      ((request, response) => {
        const url = new URL(request.url ?? '/', 'http://x');
        if (url.pathname.endsWith('/stock')) return json(response, 200, { id: url.searchParams.get('id'), copies: 3 });
        json(response, 200, { items: [{ id: 'b1', title: `Tides (${url.searchParams.get('q')})` }] });
      }),
  );
  return server;
}

function events() {
  const seen: (HookContext & CacheEvent)[] = [];
  return { seen, hooks: { onCache: (event: HookContext & CacheEvent) => void seen.push(event) } };
}

function client(url: string, cache = createCache(), hooks = events().hooks) {
  return createClient({ providers: [catalog], apiKey: API_KEY, baseUrl: url, retry: 0, cache, hooks });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function failure(promise: Promise<unknown>): Promise<PdgError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isPdgError(error)) throw new Error(`expected a PdgError, got ${String(error)}`);
  return error;
}

describe('createCache: one request for identical calls, none within the cache time', () => {
  it('100 identical concurrent run() calls send one request; a repeat within the cache time sends none; after it, one', async () => {
    const gw = await gateway();
    const { seen, hooks } = events();
    const pdg = client(gw.url, createCache(), hooks);

    const results = await Promise.all(
      Array.from({ length: 100 }, () => pdg.run('books:catalog', 'search', { q: 'tides' })),
    );
    expect(gw.requests).toHaveLength(1);
    expect(results.every((result) => result.items[0]?.title === 'Tides (tides)')).toBe(true);
    // Each caller has its own copy.
    expect(new Set(results).size).toBe(100);
    expect(seen.filter((event) => event.outcome === 'miss')).toHaveLength(1);
    expect(seen.filter((event) => event.outcome === 'dedupe')).toHaveLength(99);

    const again = await pdg.runWithResponse('books:catalog', 'search', { q: 'tides' });
    expect(gw.requests).toHaveLength(1);
    expect(again.response).toMatchObject({ cache: 'hit', attempts: 0, status: 200 });
    expect(again.data).toEqual(results[0]);

    pass(1100);
    const after = await pdg.runWithResponse('books:catalog', 'search', { q: 'tides' });
    expect(gw.requests).toHaveLength(2);
    expect(after.response.cache).toBe('miss');
  });

  it('keys by the request: param order and spelled-out defaults do not matter, other values do, the API key is not in it', async () => {
    const gw = await gateway();
    const { seen, hooks } = events();
    const pdg = client(gw.url, createCache(), hooks);
    await pdg.run('books:catalog', 'search', { q: 'tides', limit: 5 });
    await pdg.run('books:catalog', 'search', { limit: 5, q: 'tides', page: 1 });
    expect(gw.requests).toHaveLength(1);
    await pdg.run('books:catalog', 'search', { q: 'tides', limit: 6 });
    expect(gw.requests).toHaveLength(2);
    const key = seen[0]?.key ?? '';
    expect(key).toBe(`pdg:${gw.url}/v1/books:catalog/search?limit=5&page=1&q=tides`);
    expect(key).not.toContain(API_KEY);
  });

  it('a client with another key shares the store: the gateway data is the same for every key', async () => {
    const gw = await gateway();
    const cache = createCache();
    await client(gw.url, cache).run('books:catalog', 'search', { q: 'tides' });
    const other = createClient({ providers: [catalog], apiKey: 'another-key-19ce', baseUrl: gw.url, cache });
    await other.run('books:catalog', 'search', { q: 'tides' });
    expect(gw.requests).toHaveLength(1);
  });

  it('per call: false skips the cache, refresh asks the gateway and stores the answer', async () => {
    const gw = await gateway();
    const pdg = client(gw.url);
    await pdg.run('books:catalog', 'search', { q: 'tides' });
    const skipped = await pdg.runWithResponse('books:catalog', 'search', { q: 'tides' }, { cache: false });
    expect(gw.requests).toHaveLength(2);
    expect(skipped.response.cache).toBeUndefined();
    const refreshed = await pdg.runWithResponse('books:catalog', 'search', { q: 'tides' }, { cache: 'refresh' });
    expect(refreshed.response.cache).toBe('refresh');
    expect(gw.requests).toHaveLength(3);
    const hit = await pdg.runWithResponse('books:catalog', 'search', { q: 'tides' });
    expect(hit.response.cache).toBe('hit');
    expect(gw.requests).toHaveLength(3);
  });

  it('an endpoint with no cache time is not cached unless the call or the cache gives a time; calls in flight still share one request', async () => {
    const gw = await gateway();
    const pdg = client(gw.url);
    const [a, b] = await Promise.all([
      pdg.runWithResponse('books:catalog', 'stock', { id: 'b1' }),
      pdg.runWithResponse('books:catalog', 'stock', { id: 'b1' }),
    ]);
    expect(gw.requests).toHaveLength(1);
    expect([a.response.cache, b.response.cache]).toEqual(['uncached', 'dedupe']);
    await pdg.run('books:catalog', 'stock', { id: 'b1' });
    expect(gw.requests).toHaveLength(2);

    await pdg.run('books:catalog', 'stock', { id: 'b1' }, { cache: { ttlSeconds: 30 } });
    await pdg.run('books:catalog', 'stock', { id: 'b1' }, { cache: { ttlSeconds: 30 } });
    expect(gw.requests).toHaveLength(3);

    const withDefault = client(gw.url, createCache({ defaultTtlSeconds: 30 }));
    await withDefault.run('books:catalog', 'stock', { id: 'b2' });
    await withDefault.run('books:catalog', 'stock', { id: 'b2' });
    expect(gw.requests).toHaveLength(4);
  });

  it('never caches an error', async () => {
    let fail = true;
    const gw = await gateway((_request, response) => {
      if (fail) return json(response, 503, { status: 'error', message: 'upstream down' });
      json(response, 200, { items: [] });
    });
    const pdg = client(gw.url);
    expect((await failure(pdg.run('books:catalog', 'search', { q: 'x' }))).code).toBe('UPSTREAM');
    fail = false;
    await pdg.run('books:catalog', 'search', { q: 'x' });
    expect(gw.requests).toHaveLength(2);
  });

  it('an answer that breaks the schema is an error and is not stored', async () => {
    const gw = await gateway((_request, response) => json(response, 200, { items: [{ id: 7 }] }));
    const pdg = client(gw.url);
    expect((await failure(pdg.run('books:catalog', 'search', { q: 'x' }))).code).toBe('INVALID_RESPONSE');
    expect((await failure(pdg.run('books:catalog', 'search', { q: 'x' }))).code).toBe('INVALID_RESPONSE');
    expect(gw.requests).toHaveLength(2);
  });
});

describe('in-flight dedupe and aborts', () => {
  /**
   * A gateway that answers only when the test says (`answer()`), and records a request abandoned before its
   * answer: a call ends before the answer because of what the test did, never because the machine was slow.
   */
  async function heldGateway() {
    const abandoned: string[] = [];
    const held: ServerResponse[] = [];
    const gw = await gateway((request, response) => {
      held.push(response);
      response.on('close', () => {
        if (!response.writableFinished) abandoned.push(request.url ?? '');
      });
    });
    const answer = () => {
      for (const response of held.splice(0)) {
        if (!response.destroyed) json(response, 200, { items: [{ id: 'b1', title: 'Late' }] });
      }
    };
    /** Waits until the gateway has received `count` requests in all. */
    const received = (count: number) =>
      vi.waitFor(() => expect(gw.requests).toHaveLength(count), { timeout: 60_000, interval: 10 });
    return { gw, abandoned, answer, received };
  }

  it("a caller's abort ends only its own wait; the others get the result from the one request", async () => {
    const { gw, abandoned, answer, received } = await heldGateway();
    const pdg = client(gw.url);
    const leaving = new AbortController();
    const first = pdg.run('books:catalog', 'search', { q: 'late' });
    const second = pdg.run('books:catalog', 'search', { q: 'late' }, { signal: leaving.signal });
    const third = pdg.run('books:catalog', 'search', { q: 'late' });
    await received(1);
    leaving.abort(new Error('the user closed the tab'));
    await expect(second).rejects.toThrow('the user closed the tab');
    answer();
    const [a, c] = await Promise.all([first, third]);
    expect(a.items[0]?.title).toBe('Late');
    expect(c.items[0]?.title).toBe('Late');
    expect(gw.requests).toHaveLength(1);
    expect(abandoned).toEqual([]);
  });

  it('the request is aborted when every waiter has gone, and the next call starts a new one', async () => {
    const { gw, abandoned, answer, received } = await heldGateway();
    const pdg = client(gw.url);
    const controllers = [new AbortController(), new AbortController()];
    const calls = controllers.map((controller) =>
      pdg.run('books:catalog', 'search', { q: 'gone' }, { signal: controller.signal }),
    );
    await received(1);
    controllers[0]?.abort(new Error('first gave up'));
    await expect(calls[0]).rejects.toThrow('first gave up');
    // Room for a wrongly aborted request to show at the gateway (a slow machine only shows it later).
    await sleep(30);
    expect(abandoned).toEqual([]);
    controllers[1]?.abort(new Error('second gave up'));
    await expect(calls[1]).rejects.toThrow('second gave up');
    // The gateway sees the connection close once the client aborts it: waited for, not timed.
    await vi.waitFor(() => expect(abandoned).toHaveLength(1), { timeout: 60_000, interval: 20 });
    const fresh = pdg.run('books:catalog', 'search', { q: 'gone' });
    await received(2);
    answer();
    expect((await fresh).items[0]?.title).toBe('Late');
    expect(gw.requests).toHaveLength(2);
  });

  it("a waiter's own timeout is a TIMEOUT for it alone", async () => {
    const { gw, answer, received } = await heldGateway();
    const pdg = client(gw.url);
    const patient = pdg.run('books:catalog', 'search', { q: 'slow' });
    const hasty = pdg.run('books:catalog', 'search', { q: 'slow' }, { timeout: 50 });
    expect((await failure(hasty)).code).toBe('TIMEOUT');
    await received(1);
    answer();
    expect((await patient).items).toHaveLength(1);
    expect(gw.requests).toHaveLength(1);
  });
});

describe('stores', () => {
  it('a value in a shared (Keyv) store that does not match the schema is a miss, not an error', async () => {
    const gw = await gateway();
    const store = new Keyv();
    const { seen, hooks } = events();
    const pdg = client(gw.url, createCache({ store }), hooks);
    await pdg.run('books:catalog', 'search', { q: 'tides' });
    const key = seen[0]?.key ?? '';
    const stored = JSON.parse(String(await store.get(key)));
    // Another process (an older version, a bug, a hand edit) wrote a body of the wrong shape.
    await store.set(key, JSON.stringify({ ...stored, body: { items: [{ id: 42, title: null }] } }), 60_000);
    const answer = await pdg.runWithResponse('books:catalog', 'search', { q: 'tides' });
    expect(answer.data.items[0]).toEqual({ id: 'b1', title: 'Tides (tides)' });
    expect(answer.response.cache).toBe('miss');
    expect(gw.requests).toHaveLength(2);
    expect(seen.at(-1)).toMatchObject({ outcome: 'miss', reason: 'invalid' });
    // What the gateway answered replaced it.
    expect(await pdg.runWithResponse('books:catalog', 'search', { q: 'tides' })).toMatchObject({
      response: { cache: 'hit' },
    });
    // Text that is not an entry at all is a miss too.
    await store.set(key, 'not json', 60_000);
    await pdg.run('books:catalog', 'search', { q: 'tides' });
    expect(gw.requests).toHaveLength(3);
  });

  it('a store that fails is a miss and the call goes on; the hook is told', async () => {
    const gw = await gateway();
    const broken: CacheStore = {
      get: () => Promise.reject(new Error('connection refused')),
      set: () => Promise.reject(new Error('connection refused')),
      delete: () => undefined,
    };
    const { seen, hooks } = events();
    const pdg = client(gw.url, createCache({ store: broken }), hooks);
    const result = await pdg.run('books:catalog', 'search', { q: 'tides' });
    expect(result.items).toHaveLength(1);
    expect(seen[0]).toMatchObject({ outcome: 'miss', reason: 'store-error' });
    expect(String(seen[0]?.storeError)).toContain('connection refused');
  });

  it('the memory store is bounded by entries and by bytes', async () => {
    const gw = await gateway();
    const pdg = client(gw.url, createCache({ maxEntries: 2 }));
    for (const q of ['a', 'b', 'c', 'a']) await pdg.run('books:catalog', 'search', { q });
    // 'a' was the least recently used when 'c' came in, so it had to be fetched again.
    expect(gw.requests).toHaveLength(4);

    const small = client(gw.url, createCache({ maxBytes: 50 }));
    await small.run('books:catalog', 'search', { q: 'tides' });
    await small.run('books:catalog', 'search', { q: 'tides' });
    // The entry (about 150 bytes of JSON) is larger than the whole store: never kept.
    expect(gw.requests).toHaveLength(6);
  });
});

describe('stale-if-error', () => {
  it('serves an expired entry, marked stale, when the gateway answers 5xx or 429 or is unreachable', async () => {
    let status = 200;
    const gw = await gateway((_request, response) => {
      if (status === 200) return json(response, 200, { items: [{ id: 'b1', title: 'Fresh' }] });
      json(response, status, { status: 'error', message: 'try later' }, { 'retry-after': '30' });
    });
    const { seen, hooks } = events();
    const pdg = client(gw.url, createCache({ staleIfErrorSeconds: 60 }), hooks);
    await pdg.run('books:catalog', 'search', { q: 'tides' });
    pass(1100);
    status = 503;
    const stale = await pdg.runWithResponse('books:catalog', 'search', { q: 'tides' });
    expect(stale.data.items[0]?.title).toBe('Fresh');
    expect(stale.response).toMatchObject({ cache: 'stale', attempts: 0 });
    expect(stale.response.ageSeconds).toBeGreaterThanOrEqual(1);
    status = 429;
    expect((await pdg.runWithResponse('books:catalog', 'search', { q: 'tides' })).response.cache).toBe('stale');
    expect(seen.filter((event) => event.outcome === 'stale')).toHaveLength(2);
    await gw.close();
    expect((await pdg.runWithResponse('books:catalog', 'search', { q: 'tides' })).response.cache).toBe('stale');
  });

  it('without staleIfErrorSeconds, or for a refusal such as 404, the error is thrown', async () => {
    let status = 200;
    const gw = await gateway((_request, response) => {
      if (status === 200) return json(response, 200, { items: [] });
      json(response, status, { status: 'error', message: 'no' });
    });
    const off = client(gw.url);
    const on = client(gw.url, createCache({ staleIfErrorSeconds: 60 }));
    await off.run('books:catalog', 'search', { q: 'x' });
    await on.run('books:catalog', 'search', { q: 'x' });
    pass(1100);
    status = 503;
    expect((await failure(off.run('books:catalog', 'search', { q: 'x' }))).code).toBe('UPSTREAM');
    status = 404;
    expect((await failure(on.run('books:catalog', 'search', { q: 'x' }))).code).toBe('NOT_FOUND');
  });
});

describe('bad input', () => {
  it('refuses a per-call cache option it does not know, and one on a client without a cache', async () => {
    const gw = await gateway();
    const bad = await failure(
      client(gw.url).run('books:catalog', 'search', { q: 'x' }, { cache: 'sometimes' as unknown as 'refresh' }),
    );
    expect(bad.code).toBe('USAGE');
    expect(bad.message).toContain("must be false, 'refresh' or { ttlSeconds, refresh }");
    const negative = await failure(
      client(gw.url).run('books:catalog', 'search', { q: 'x' }, { cache: { ttlSeconds: -1 } }),
    );
    expect(negative.message).toContain('cache.ttlSeconds must be a number of seconds, 0 or more (received -1)');
    const plain = createClient({ providers: [catalog], apiKey: API_KEY, baseUrl: gw.url });
    const noCache = await failure(plain.run('books:catalog', 'search', { q: 'x' }, { cache: 'refresh' }));
    expect(noCache.message).toContain('createClient({ cache: createCache(...) })');
    expect(gw.requests).toHaveLength(0);
  });

  it('refuses options that are not a cache or a rate limit built by their factory', () => {
    const base = { providers: [catalog], apiKey: API_KEY, baseUrl: 'http://127.0.0.1:9' };
    expect(() => createClient({ ...base, cache: { ttl: 60 } as never })).toThrow(
      'createClient({ cache: createCache(...) }), createCache from @pdg/core/cache',
    );
    expect(() => createClient({ ...base, rateLimit: { points: 10, durationSeconds: 1 } as never })).toThrow(
      'createRateLimit from @pdg/core/rate-limit',
    );
    expect(() => createCache({ maxEntries: 0 })).toThrow('maxEntries must be a whole number, 1 or more (received 0)');
    expect(() => createCache({ staleIfErrorSeconds: -5 })).toThrow('staleIfErrorSeconds');
    expect(() => createCache({ store: {} as CacheStore })).toThrow('needs a Keyv instance');
  });
});

describe('cacheKey', () => {
  it('fills in documented defaults and sorts params, whatever order they came in', () => {
    const definition = catalog.endpoints.search;
    const a = cacheKey({ definition, url: new URL('http://g.test/v1/books:catalog/search?q=a&limit=5') });
    const b = cacheKey({ definition, url: new URL('http://g.test/v1/books:catalog/search?limit=5&page=1&q=a') });
    expect(a).toBe(b);
    expect(a).toBe('http://g.test/v1/books:catalog/search?limit=5&page=1&q=a');
  });
});

describe('a shared answer that cannot be copied', () => {
  it('callers that joined a request get the answer that arrived, not NETWORK, when a hook made it uncloneable', async () => {
    const gw = await gateway();
    const pdg = client(gw.url, createCache(), {
      // A hook that adds a method to the body: structuredClone cannot copy it for the callers that joined.
      afterResponse: ({ body }: { body: unknown }) => ({ ...(body as object), describe: () => 'a book list' }),
    } as never);
    const results = await Promise.allSettled(
      Array.from({ length: 3 }, () => pdg.run('books:catalog', 'search', { q: 'copies' })),
    );
    expect(gw.requests).toHaveLength(1);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    for (const result of results) {
      expect((result as PromiseFulfilledResult<{ items: { title: string }[] }>).value.items[0]?.title).toBe(
        'Tides (copies)',
      );
    }
  });
});
