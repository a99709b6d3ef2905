/**
 * The testkit (nock, in-process) and the mock gateway (loopback HTTP) answer from fixtures through the
 * same responder (`@pdg/mock/responder`), so a call gets the same status and body from either.
 */
import { createClient, isPdgError } from '@pdg/core';
import { endpointsOf } from '@pdg/core/face';
import { type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { catalogstore } from '@pdg/music-catalogstore';
import { fixtures as catalogstoreFixtures } from '@pdg/music-catalogstore/fixtures';
import { mockGateway } from '@pdg/testkit/nock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notes, fixtures as notesFixtures } from './provider.js';

const providers = [catalogstore, notes] as const;
const fixtures = [...catalogstoreFixtures, ...notesFixtures];
const testkitUrl = 'https://gateway.pdg.test';
let server: RunningMockGateway;
let worldServer: RunningMockGateway;

beforeAll(async () => {
  server = await startMockGateway({ providers, fixtures, world: false });
  worldServer = await startMockGateway({ providers, fixtures });
});
afterAll(async () => {
  await server.close();
  await worldServer.close();
});

/** What a call settles with: the result, or the error's code, status and gateway message. */
async function outcome(baseUrl: string, [provider, endpoint, params]: Call): Promise<unknown> {
  const client = createClient({ providers, apiKey: 'any-key', baseUrl, retry: 0 });
  try {
    return { result: await endpointsOf(client).run(provider, endpoint, params) };
  } catch (error) {
    if (!isPdgError(error)) throw error;
    return { error: [error.code, error.status, error.gatewayMessage] };
  }
}

type Call = [provider: string, endpoint: string, params: Record<string, unknown>];

const calls: Call[] = [
  // Recorded exactly by a fixture.
  ['music:catalogstore', 'search', { q: 'velvet orbit', limit: 3 }],
  ['music:catalogstore', 'search', { q: 'neon harbour', type: 'album', country: 'GB' }],
  ['test:notes', 'list', { limit: 2, page: 2 }],
  ['test:notes', 'feed', {}],
  ['test:notes', 'note', { noteId: 'n1' }],
  // Another page size or page of a recorded listing, or a recorded cursor.
  ['music:catalogstore', 'search', { q: 'velvet orbit', limit: 7 }],
  ['test:notes', 'list', { limit: 4, page: 3 }],
  ['test:notes', 'list', { topic: 'garden', limit: 3 }],
  ['test:notes', 'feed', { cursor: 'c2', limit: 2 }],
  // Nothing matches.
  ['music:catalogstore', 'search', { q: 'no such band' }],
  ['test:notes', 'note', { noteId: 'n404' }],
  ['test:notes', 'feed', { cursor: 'not-a-cursor' }],
];

describe.each([
  { mode: 'strict (world: false)', world: false },
  { mode: 'as one world (world: true, the mock gateway default)', world: true },
])('the testkit and the mock gateway answer a call the same way, $mode', ({ world }) => {
  for (const call of calls) {
    it(`${call[0]} ${call[1]} ${JSON.stringify(call[2])}`, async () => {
      const gateway = world ? worldServer : server;
      const nockGateway = mockGateway({ fixtures, baseUrl: testkitUrl, world });
      try {
        const served = gateway.requestCount;
        const fromTestkit = await outcome(testkitUrl, call);
        const fromServer = await outcome(gateway.url, call);
        expect(fromServer).toEqual(fromTestkit);
        // Each answered the call itself: one request reached the server, one the nock interceptor.
        expect([gateway.requestCount - served, nockGateway.requests.length]).toEqual([1, 1]);
      } finally {
        nockGateway.close();
      }
    });
  }
});

describe('the testkit and the mock gateway, recorded calls', () => {
  it('answers a recorded call with the very fixture, through both', async () => {
    const nockGateway = mockGateway({ fixtures, baseUrl: testkitUrl });
    try {
      const recorded = catalogstoreFixtures.find((fixture) => fixture.name === 'album-gb');
      if (!recorded) throw new Error('the album-gb fixture of music:catalogstore is missing');
      const call: Call = ['music:catalogstore', 'search', { q: 'neon harbour', type: 'album', country: 'GB' }];
      const expected = { result: (recorded.response as { content: unknown }).content };
      expect(await outcome(testkitUrl, call)).toEqual(expected);
      expect(await outcome(server.url, call)).toEqual(expected);
    } finally {
      nockGateway.close();
    }
  });
});
