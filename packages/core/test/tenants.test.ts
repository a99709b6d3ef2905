/**
 * Callers sharing one cache and one request in flight: what one caller's key or settings bring about never
 * reaches another caller. Against a loopback gateway; two clients with different keys share a cache the
 * way a server handling several tenants does.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createCache } from '../src/cache-entry.js';
import type { ClientCache } from '../src/call/layers.js';
import { createClient, defineEndpoint, defineProvider, type PdgClient, record, stringParam } from '../src/index.js';
import { json, loopbackPerTest } from './loopback.js';
import { failure } from './pdg-error-of.js';

const { serve } = loopbackPerTest();

const VALID = 'tenant-valid-key-31aa';
const REVOKED = 'tenant-revoked-key-98cd';

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

type Client = PdgClient<readonly [typeof catalog]>;

function client(baseUrl: string, cache: ClientCache, apiKey: string, retry = 0): Client {
  return createClient({ providers: [catalog], apiKey, baseUrl, cache, retry: { limit: retry, baseDelay: 20 } });
}

const answer = { items: [{ id: 'b1', title: 'Tides' }] };
const later = (ms: number, then: () => void) => void setTimeout(then, ms);

describe('a failure about one key is not handed to a caller with another key', () => {
  it("the revoked key's AUTH stays its own: the valid key sends its own request and gets the answer", async () => {
    const server = await serve((request, response) => {
      const key = request.headers['x-api-key'];
      // The revoked key's answer comes late enough that the valid key's call joins it.
      if (key === REVOKED) later(300, () => json(response, 401, { status: 'error', message: 'key revoked' }));
      else json(response, 200, answer);
    });
    const cache = createCache();
    const revoked = client(server.url, cache, REVOKED);
    const valid = client(server.url, cache, VALID);
    const first = revoked.run('books:catalog', 'search', { q: 'tides' });
    const second = valid.runWithResponse('books:catalog', 'search', { q: 'tides' });
    expect((await failure(first)).code).toBe('AUTH');
    const { data, response } = await second;
    expect(data).toEqual(answer);
    expect(response.cache).toBe('miss');
    // One request per key; the two are in flight together, so either may reach the gateway first.
    expect(server.requests.map((request) => request.headers['x-api-key']).sort()).toEqual([REVOKED, VALID].sort());
  });

  it("one key's 429 is its own too; two callers with the same key still share one request and its failure", async () => {
    const server = await serve((request, response) => {
      if (request.headers['x-api-key'] === REVOKED) {
        later(300, () => json(response, 429, { status: 'error', message: 'slow down' }, { 'retry-after': '30' }));
      } else json(response, 200, answer);
    });
    const cache = createCache();
    const limited = client(server.url, cache, REVOKED);
    const sameKey = client(server.url, cache, REVOKED);
    const other = client(server.url, cache, VALID);
    const calls = [
      limited.run('books:catalog', 'search', { q: 'tides' }),
      sameKey.run('books:catalog', 'search', { q: 'tides' }),
      other.run('books:catalog', 'search', { q: 'tides' }),
    ];
    expect((await failure(calls[0] as Promise<unknown>)).code).toBe('RATE_LIMITED');
    expect((await failure(calls[1] as Promise<unknown>)).code).toBe('RATE_LIMITED');
    expect(await calls[2]).toEqual(answer);
    expect(server.requests.map((request) => request.headers['x-api-key']).sort()).toEqual([REVOKED, VALID].sort());
  });
});

describe('each caller sharing a request keeps its own deadline and retry policy', () => {
  it('a 1 s caller times out at 1 s quoting 1000 ms; the 10 s caller gets the answer that came after 2 s', async () => {
    const server = await serve((_, response) => later(2000, () => json(response, 200, answer)));
    const pdg = client(server.url, createCache(), VALID);
    const short = pdg.run('books:catalog', 'search', { q: 'tides' }, { timeout: 1000 });
    const long = pdg.runWithResponse('books:catalog', 'search', { q: 'tides' }, { timeout: 10_000 });
    const error = await failure(short);
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toContain('within the 1000 ms timeout');
    const { data, response } = await long;
    expect(data).toEqual(answer);
    expect(response.cache).toBe('dedupe');
    expect(server.requests).toHaveLength(1);
  });

  it("a joiner with its own retry policy is not ended by the first caller's retry: 0", async () => {
    let n = 0;
    const server = await serve((_, response) => {
      n++;
      // The first two requests fail with 503 (after a moment, so the second caller arrives meanwhile).
      if (n <= 2) later(200, () => json(response, 503, { status: 'error', message: 'busy' }));
      else json(response, 200, answer);
    });
    const cache = createCache();
    const impatient = client(server.url, cache, VALID, 0);
    const patient = client(server.url, cache, VALID, 2);
    const first = impatient.run('books:catalog', 'search', { q: 'tides' });
    const second = patient.run('books:catalog', 'search', { q: 'tides' });
    expect((await failure(first)).code).toBe('UPSTREAM');
    expect(await second).toEqual(answer);
    expect(server.requests).toHaveLength(3);
  });
});
