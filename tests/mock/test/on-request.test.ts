/** `onRequest`: every request the mock receives is told to the test, with what was asked and never the key. */
import { createClient } from '@pdg/core';
import { type MockRequestInfo, type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notes, fixtures as notesFixtures } from './provider.js';

// Made-up keys: what the test checks is that they appear nowhere in what the observer is given.
const key = 'made-up-key-0f3a9c2e';
const sdkKey = 'made-up-sdk-key-77b1d4';

const seen: MockRequestInfo[] = [];
let gateway: RunningMockGateway;

beforeAll(async () => {
  gateway = await startMockGateway({
    providers: [notes],
    fixtures: notesFixtures,
    rateLimit: { requests: 3, windowMs: 60_000 },
    onRequest: (request) => seen.push(request),
  });
});
afterAll(async () => {
  await gateway.close();
});
beforeEach(() => {
  seen.length = 0;
});

describe('onRequest', () => {
  it('is told of a request through fetch: method, path and query as sent, provider, endpoint, headers', async () => {
    const before = Date.now();
    const response = await fetch(`${gateway.url}/v1/test:notes/list?topic=garden&limit=2`, {
      headers: { 'x-api-key': key, 'x-trace-id': 'trace-123' },
    });
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(1);
    const [request] = seen as [MockRequestInfo];
    expect(request).toMatchObject({
      method: 'GET',
      url: '/v1/test:notes/list?topic=garden&limit=2',
      provider: 'test:notes',
      endpoint: 'list',
      hasApiKey: true,
    });
    expect(request.receivedAt).toBeGreaterThanOrEqual(before);
    expect(request.receivedAt).toBeLessThanOrEqual(Date.now());
    expect(request.headers['x-trace-id']).toBe('trace-123');
    expect(request.headers.host).toBe(new URL(gateway.url).host);
    expect(Object.keys(request.headers)).not.toContain('x-api-key');
    expect(JSON.stringify(seen)).not.toContain(key);
  });

  it('is told of a call through the SDK, the endpoint by its name and the path id in the url', async () => {
    const pdg = createClient({ providers: [notes], apiKey: sdkKey, baseUrl: gateway.url, retry: 0 });
    expect((await pdg.run('test:notes', 'note', { noteId: 'n1' })).noteId).toBe('n1');
    expect(seen.map(({ url, provider, endpoint }) => ({ url, provider, endpoint }))).toEqual([
      { url: '/v1/test:notes/note/n1', provider: 'test:notes', endpoint: 'note' },
    ]);
    expect(JSON.stringify(seen)).not.toContain(sdkKey);
  });

  it('is told of every request, those refused too: no key, no route, a bad target, past the rate limit', async () => {
    const send = (path: string, headers: Record<string, string> = { 'x-api-key': key }) =>
      fetch(`${gateway.url}${path}`, { headers }).then((response) => response.status);
    const limitedKey = 'made-up-limited-key-5e21';
    const statuses = [
      await send('/v1/test:notes/note/n1', {}),
      await send('/v1/test:nothing/list'),
      await send('/v1/test:notes/list?topic=%zz'),
    ];
    // The gateway allows 3 requests a minute per key: a fresh key's fourth is refused.
    for (let count = 0; count < 4; count++) {
      statuses.push(await send('/v1/test:notes/note/n1', { 'x-api-key': limitedKey }));
    }
    expect(statuses).toEqual([401, 404, 400, 200, 200, 200, 429]);
    expect(seen).toHaveLength(7);
    expect(seen.map(({ hasApiKey, provider, endpoint }) => [hasApiKey, provider, endpoint])).toEqual([
      [false, 'test:notes', 'note'],
      [true, undefined, undefined],
      [true, undefined, undefined],
      ...[1, 2, 3, 4].map(() => [true, 'test:notes', 'note']),
    ]);
    expect(seen[2]?.url).toBe('/v1/test:notes/list?topic=%zz');
    expect(JSON.stringify(seen)).not.toContain('made-up');
  });

  it('an observer that throws: that request is a 500 saying so, and the gateway goes on', async () => {
    const throwing = await startMockGateway({
      providers: [notes],
      fixtures: notesFixtures,
      onRequest: () => {
        throw new Error('observer broke');
      },
    });
    try {
      const response = await fetch(`${throwing.url}/v1/test:notes/note/n1`, { headers: { 'x-api-key': key } });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        status: 'error',
        message: 'Mock gateway error: the onRequest observer threw (observer broke); fix it, or catch in it.',
      });
      const again = await fetch(`${throwing.url}/v1/test:notes/note/n1`, { headers: { 'x-api-key': key } });
      expect(again.status).toBe(500);
      expect(throwing.requestCount).toBe(2);
    } finally {
      await throwing.close();
    }
  });
});
