/** `GET /openapi.json`: the OpenAPI 3.1 document of the providers the mock serves, with the mock as its server. */

import { type MockRequestInfo, openApiPath, type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { catalogstore } from '@pdg/music-catalogstore';
import { fixtures as catalogstoreFixtures } from '@pdg/music-catalogstore/fixtures';
import { toOpenApi } from '@pdg/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notes, fixtures as notesFixtures } from './provider.js';

let gateway: RunningMockGateway;
const seen: MockRequestInfo[] = [];
const providers = [catalogstore, notes];

beforeAll(async () => {
  gateway = await startMockGateway({
    providers,
    fixtures: [...catalogstoreFixtures, ...notesFixtures],
    apiKeys: ['garden-key'],
    rateLimit: { requests: 1, windowMs: 60_000 },
    onRequest: (request) => seen.push(request),
  });
});
afterAll(async () => {
  await gateway.close();
});

describe('GET /openapi.json', () => {
  it('answers the OpenAPI 3.1 document of the providers served, with the mock gateway as its server', async () => {
    const response = await fetch(`${gateway.url}/openapi.json`);
    expect(openApiPath).toBe('/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const document = (await response.json()) as ReturnType<typeof toOpenApi>;
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: gateway.url }]);
    expect(Object.keys(document.paths)).toEqual([
      '/v1/music:catalogstore/search',
      '/v1/test:notes/list',
      '/v1/test:notes/feed',
      '/v1/test:notes/note/{noteId}',
    ]);
    expect(document).toEqual(JSON.parse(JSON.stringify(toOpenApi(providers, { serverUrl: gateway.url }))));
  });

  it('is public: no API key, past the rate limit, and the same text every time', async () => {
    const [first, second] = await Promise.all([
      fetch(`${gateway.url}/openapi.json`),
      fetch(`${gateway.url}/openapi.json`),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await first.text()).toBe(await second.text());
    // The gateway's own endpoints still want a key.
    const call = await fetch(`${gateway.url}/v1/music:catalogstore/search?q=velvet+orbit`);
    expect(call.status).toBe(401);
  });

  it('is told to onRequest like any request, with no provider or endpoint', () => {
    const asked = seen.filter((request) => request.url === '/openapi.json');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0]).not.toHaveProperty('provider');
    expect(asked[0]?.hasApiKey).toBe(false);
  });

  it('refuses other methods with 405 and the error envelope', async () => {
    const response = await fetch(`${gateway.url}/openapi.json`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(await response.json()).toEqual({ status: 'error', message: 'Only GET is served: GET /openapi.json.' });
  });
});
