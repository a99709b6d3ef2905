import { createClient } from '@pdg/core';
import { type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { catalogstore } from '@pdg/music-catalogstore';
import { fixtures as catalogstoreFixtures } from '@pdg/music-catalogstore/fixtures';
import { pdgErrorOf } from '@pdg/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notes, fixtures as notesFixtures } from './provider.js';

let gateway: RunningMockGateway;
const providers = [catalogstore, notes] as const;

beforeAll(async () => {
  gateway = await startMockGateway({ providers, fixtures: [...catalogstoreFixtures, ...notesFixtures] });
});
afterAll(async () => {
  await gateway.close();
});

const client = (options: { retry?: number; apiKey?: string } = {}) =>
  createClient({ providers, apiKey: options.apiKey ?? 'any-key', baseUrl: gateway.url, retry: options.retry ?? 0 });

/** A raw request, past the client's own checks, as another HTTP client would send it. */
async function get(path: string, headers: Record<string, string> = { 'x-api-key': 'any-key' }) {
  const response = await fetch(`${gateway.url}${path}`, { headers });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe('the mock gateway over loopback HTTP', () => {
  it('listens on 127.0.0.1 on a free port', () => {
    expect(gateway.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answers with the fixture that matches, in its envelope, through the SDK', async () => {
    const result = await client().run('music:catalogstore', 'search', { q: 'velvet orbit', limit: 3 });
    expect(result.items.map((item) => item.title)).toEqual(['Harbour Lights', 'Static Bloom', 'Low Tide Radio']);
  });

  it('picks the fixture that best matches the params', async () => {
    const result = await client().run('music:catalogstore', 'search', {
      q: 'neon harbour',
      type: 'album',
      country: 'GB',
    });
    expect(result.items[0]?.type).toBe('album');
  });

  it('answers a detail by its path id, and 404 for an id it does not have', async () => {
    expect(await client().run('test:notes', 'note', { noteId: 'n1' })).toEqual({ noteId: 'n1', text: 'Note 1' });
    const error = await pdgErrorOf(client().run('test:notes', 'note', { noteId: 'nope' }));
    expect([error.code, error.gatewayMessage]).toEqual([
      'NOT_FOUND',
      'Not found: no note for noteId "nope". noteId values that exist: n1, n2, n3, n4, g1.',
    ]);
  });

  it('requires x-api-key: without one, a 401 error envelope', async () => {
    const { status, body } = await get('/v1/test:notes/note/n1', {});
    expect(status).toBe(401);
    expect(body).toEqual({ status: 'error', message: 'Missing API key: send it in the x-api-key header.' });
  });

  it('accepts only the configured keys when keys are configured', async () => {
    const strict = await startMockGateway({ providers, fixtures: notesFixtures, apiKeys: ['key-a'] });
    try {
      const bad = createClient({ providers, apiKey: 'key-b', baseUrl: strict.url, retry: 0 });
      expect((await pdgErrorOf(bad.run('test:notes', 'note', { noteId: 'n1' }))).code).toBe('AUTH');
      const good = createClient({ providers, apiKey: 'key-a', baseUrl: strict.url, retry: 0 });
      expect((await good.run('test:notes', 'note', { noteId: 'n1' })).noteId).toBe('n1');
    } finally {
      await strict.close();
    }
  });

  it('answers an unknown provider or endpoint with a 404 error envelope that lists what exists', async () => {
    const provider = await get('/v1/test:nothing/list');
    expect(provider.status).toBe(404);
    expect(provider.body.message).toBe(
      'Unknown provider "test:nothing". This gateway serves: music:catalogstore, test:notes.',
    );
    const endpoint = await get('/v1/test:notes/archive');
    expect(endpoint.status).toBe(404);
    expect(endpoint.body.message).toBe('Unknown endpoint "archive" of test:notes. Its endpoints: list, feed, note.');
  });

  it('answers invalid params with a 400 error envelope naming the param and the rule', async () => {
    const missing = await get('/v1/music:catalogstore/search?limit=5');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Invalid params: q is required.');
    const tooMany = await get('/v1/music:catalogstore/search?q=x&limit=500');
    expect(tooMany.body.message).toBe('Invalid params: limit must be at most 50 (received 500).');
    const notANumber = await get('/v1/music:catalogstore/search?q=x&limit=five');
    expect(notANumber.body.message).toBe('Invalid params: limit must be number (received "five").');
  });

  it('sends Cache-Control max-age from the documented cache time, and none where none is documented', async () => {
    const listed = await get('/v1/test:notes/list?limit=2');
    expect(listed.headers.get('cache-control')).toBe('public, max-age=600');
    const searched = await get('/v1/music:catalogstore/search?q=velvet+orbit&limit=3');
    expect(searched.headers.get('cache-control')).toBeNull();
  });
});

describe('paging across pages made from the fixtures', () => {
  it('a request a fixture records is answered as recorded: its pages are the listing', async () => {
    const first = await get('/v1/test:notes/list?limit=2');
    expect(first.body).toEqual(notesFixtures.find((fixture) => fixture.name === 'page-1')?.response);
    const second = await get('/v1/test:notes/list?limit=2&page=2');
    expect(second.body).toEqual(notesFixtures.find((fixture) => fixture.name === 'page-2')?.response);
    // The page after the recorded ones goes on from them: the other notes the fixtures list (g1, listed for
    // topic=garden, is a note of the unfiltered listing too), then copies with ids of their own.
    const third = await get('/v1/test:notes/list?limit=2&page=3');
    expect(third.body).toMatchObject({ page: 3, count: 2, hasMore: true, nextPage: 4, total: null });
    expect((third.body.items as { noteId: string }[]).map((item) => item.noteId)).toEqual(['g1', 'n102']);
  });

  it('page-numbered, other page sizes: page, count, hasMore, nextPage and total are consistent', async () => {
    const first = await get('/v1/test:notes/list?limit=5');
    expect(first.body).toMatchObject({ page: 1, count: 5, hasMore: true, nextPage: 2, total: null });
    expect(first.body.items).toEqual([
      { noteId: 'n1', text: 'Note 1' },
      { noteId: 'n2', text: 'Note 2' },
      { noteId: 'n3', text: 'Note 3' },
      { noteId: 'n4', text: 'Note 4' },
      { noteId: 'g1', text: 'Tomatoes' },
    ]);
    const last = await get('/v1/test:notes/list?limit=5&page=50');
    expect(last.body).toMatchObject({ page: 50, count: 5, hasMore: false, nextPage: null });
    const beyond = await get('/v1/test:notes/list?limit=5&page=51');
    expect(beyond.body).toMatchObject({ page: 51, count: 0, items: [], hasMore: false, nextPage: null });
  });

  it('items() walks hundreds of distinct items and ends at hasMore: false', async () => {
    const ids = new Set<string>();
    let count = 0;
    for await (const item of client().items('test:notes', 'list', { limit: 40 })) {
      count++;
      ids.add(String(item.noteId));
    }
    expect(count).toBe(250);
    expect(ids.size).toBe(250);
  });

  it("cursor: nextCursor leads through the listing; a fixture's own cursor is followed; any other is refused", async () => {
    let pages = 0;
    let total = 0;
    for await (const page of client().pages('test:notes', 'feed', { limit: 50 })) {
      pages++;
      total += page.notes.length;
    }
    expect([pages, total]).toEqual([5, 250]);
    // The feed lists the same notes as the list (one listing per kind of record): after the 3 items before
    // the fixture's cursor c2 comes the list's fourth note.
    const recorded = await get('/v1/test:notes/feed?cursor=c2');
    expect(recorded.status).toBe(200);
    expect((recorded.body.notes as unknown[])[0]).toEqual({ noteId: 'n4', text: 'Note 4' });
    const foreign = await get('/v1/test:notes/feed?cursor=zz9');
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain('cursor "zz9" is not a cursor of /v1/test:notes/feed');
  });

  it('a listing narrowed by params is made from the fixtures of that listing only, as long as they say', async () => {
    const garden = await get('/v1/test:notes/list?topic=garden&limit=5');
    expect(garden.body).toMatchObject({ page: 1, count: 1, total: 1, hasMore: false, nextPage: null });
    const ids = (garden.body.items as { noteId: string }[]).map((item) => item.noteId);
    expect(ids).toEqual(['g1']);
  });
});

describe('faults on demand', () => {
  it('per request: 429 with Retry-After, 5xx, a malformed body, latency', async () => {
    const limited = await get('/v1/test:notes/note/n1', { 'x-api-key': 'k', 'x-pdg-mock-fault': '429;retry-after=7' });
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '7']);
    const down = await get('/v1/test:notes/note/n1', { 'x-api-key': 'k', 'x-pdg-mock-fault': '503' });
    expect(down.status).toBe(503);
    const pdg = createClient({
      providers,
      apiKey: 'k',
      baseUrl: gateway.url,
      retry: 0,
      headers: { 'x-pdg-mock-fault': 'malformed' },
    });
    expect((await pdgErrorOf(pdg.run('test:notes', 'note', { noteId: 'n1' }))).code).toBe('PARSE');
    const started = performance.now();
    const slow = await get('/v1/test:notes/note/n1', { 'x-api-key': 'k', 'x-pdg-mock-fault': 'latency=150' });
    expect(slow.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('a fault header it does not know is refused with the accepted forms', async () => {
    const bad = await get('/v1/test:notes/note/n1', { 'x-api-key': 'k', 'x-pdg-mock-fault': 'explode' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('accepted: a 4xx/5xx status');
  });

  it('per server: a request-rate limit per key answers 429 with Retry-After', async () => {
    const limited = await startMockGateway({
      providers,
      fixtures: notesFixtures,
      rateLimit: { requests: 2, windowMs: 60_000 },
    });
    try {
      const pdg = createClient({ providers, apiKey: 'key-1', baseUrl: limited.url, retry: 0 });
      await pdg.run('test:notes', 'note', { noteId: 'n1' });
      await pdg.run('test:notes', 'note', { noteId: 'n1' });
      const error = await pdgErrorOf(pdg.run('test:notes', 'note', { noteId: 'n1' }));
      expect(error.code).toBe('RATE_LIMITED');
      expect(error.retryAfter).toBeGreaterThan(50);
      const other = createClient({ providers, apiKey: 'key-2', baseUrl: limited.url, retry: 0 });
      expect((await other.run('test:notes', 'note', { noteId: 'n1' })).noteId).toBe('n1');
    } finally {
      await limited.close();
    }
  });

  it('per server: each answer to a counted key says its rate limit and a request id, read by the client', async () => {
    const limited = await startMockGateway({
      providers,
      fixtures: notesFixtures,
      rateLimit: { requests: 2, windowMs: 60_000 },
    });
    try {
      const pdg = createClient({ providers, apiKey: 'key-1', baseUrl: limited.url, retry: 0 });
      const first = await pdg.runWithResponse('test:notes', 'note', { noteId: 'n1' });
      expect(first.response.headers.ratelimit).toMatch(/^limit=2, remaining=1, reset=(59|60)$/);
      expect(first.response.rateLimit).toEqual({ limit: 2, remaining: 1, resetSeconds: expect.any(Number) });
      expect(first.response.requestId).toMatch(/^[0-9a-f-]{36}$/);
      const second = await pdg.runWithResponse('test:notes', 'note', { noteId: 'n1' });
      expect(second.response.rateLimit?.remaining).toBe(0);
      expect(second.response.requestId).not.toBe(first.response.requestId);
      const error = await pdgErrorOf(pdg.run('test:notes', 'note', { noteId: 'n1' }));
      expect(error.rateLimit).toMatchObject({ limit: 2, remaining: 0 });
      expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
      // A gateway without a limit sends a request id alone.
      const plain = await client().runWithResponse('test:notes', 'note', { noteId: 'n1' });
      expect(plain.response.rateLimit).toBeUndefined();
      expect(plain.response.requestId).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await limited.close();
    }
  });

  it('per server: the request past the limit in a window is a 429 with Retry-After; the next window opens', async () => {
    const limited = await startMockGateway({
      providers,
      fixtures: notesFixtures,
      // Under a second, so Retry-After rounds up to 1.
      rateLimit: { requests: 2, windowMs: 900 },
    });
    const call = async (key: string) => {
      const response = await fetch(`${limited.url}/v1/test:notes/note/n1`, { headers: { 'x-api-key': key } });
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
    };
    // The gateway's windows go by its clock (Date.now), held still here and moved by the test: the three
    // calls fall in one window however slow the machine, and the next opens exactly when the window ends.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const opened = Date.now();
      expect((await call('key-1')).status).toBe(200);
      expect((await call('key-1')).status).toBe(200);
      const refused = await call('key-1');
      expect(refused.status).toBe(429);
      // Whole seconds, rounded up: a window shorter than a second says 1.
      expect(refused.retryAfter).toBe('1');
      expect(refused.body).toEqual({ status: 'error', message: 'Rate limit exceeded for this API key.' });
      vi.setSystemTime(opened + 899);
      expect((await call('key-1')).status).toBe(429);
      vi.setSystemTime(opened + 900);
      const next = await call('key-1');
      expect([next.status, next.retryAfter]).toEqual([200, null]);
    } finally {
      vi.useRealTimers();
      await limited.close();
    }
  });

  it('a rate limit that is not two whole numbers of at least 1 is refused before listening', async () => {
    for (const rateLimit of [
      { requests: 0, windowMs: 1_000 },
      { requests: 2.5, windowMs: 1_000 },
      { requests: 5, windowMs: Number.NaN },
    ]) {
      await expect(startMockGateway({ providers, fixtures: notesFixtures, rateLimit })).rejects.toThrow(
        /^rateLimit\.(requests|windowMs) must be a whole number of at least 1 \(received (0|2\.5|NaN)\)/,
      );
    }
  });
});

describe("the SDK's retry policy against the mock's faults", () => {
  it('two 503s then success: retry 2 succeeds after three requests', async () => {
    const before = gateway.requestCount;
    gateway.addFault({ status: 503, times: 2, provider: 'test:notes' });
    const pdg = createClient({ providers, apiKey: 'k', baseUrl: gateway.url, retry: { limit: 2, baseDelay: 10 } });
    expect((await pdg.run('test:notes', 'note', { noteId: 'n1' })).noteId).toBe('n1');
    expect(gateway.requestCount - before).toBe(3);
  });

  it('two 503s: retry 1 fails with UPSTREAM after two requests', async () => {
    const before = gateway.requestCount;
    gateway.addFault({ status: 503, times: 2, provider: 'test:notes' });
    const pdg = createClient({ providers, apiKey: 'k', baseUrl: gateway.url, retry: { limit: 1, baseDelay: 10 } });
    const error = await pdgErrorOf(pdg.run('test:notes', 'note', { noteId: 'n1' }));
    expect(error.code).toBe('UPSTREAM');
    expect(gateway.requestCount - before).toBe(2);
    gateway.clearFaults();
  });

  it('a 429 with Retry-After: 1 is waited out, then the call succeeds', async () => {
    gateway.addFault({ status: 429, retryAfter: 1, times: 1, provider: 'test:notes' });
    const pdg = createClient({ providers, apiKey: 'k', baseUrl: gateway.url, retry: 1 });
    const started = performance.now();
    expect((await pdg.run('test:notes', 'note', { noteId: 'n1' })).noteId).toBe('n1');
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('429 on every request: retry 2 gives up with RATE_LIMITED after three requests', async () => {
    const before = gateway.requestCount;
    gateway.addFault({ status: 429, retryAfter: 0, times: 3, provider: 'test:notes' });
    const pdg = createClient({ providers, apiKey: 'k', baseUrl: gateway.url, retry: { limit: 2, baseDelay: 10 } });
    const error = await pdgErrorOf(pdg.run('test:notes', 'note', { noteId: 'n1' }));
    expect([error.code, error.retryAfter]).toEqual(['RATE_LIMITED', 0]);
    expect(gateway.requestCount - before).toBe(3);
  });
});
