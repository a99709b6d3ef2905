import { isPdgError } from '@pdg/core';
import { fixtures } from '@pdg/music-catalogstore/fixtures';
import { type MockFetch, mockFetch } from '@pdg/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogUnavailableError, createMusicClient, topTracks } from '../src/top-tracks.js';

const baseUrl = 'https://gateway.pdg.test';
// retry: 0 so a refusal reaches the code under test at once, instead of after the client's backoff.
const pdg = createMusicClient({ apiKey: 'test-key', baseUrl, retry: 0 });
let gateway: MockFetch;

// install() puts the gateway's fetch in place of the global one for the test: the app's client is answered
// from the fixtures, and any other request is refused, so these tests cannot reach the network.
beforeEach(() => {
  gateway = mockFetch({ fixtures, baseUrl });
  gateway.install();
});
afterEach(() => gateway.close());

const searchPath = '/v1/music:catalogstore/search';

describe('topTracks, answered from the catalogstore fixtures', () => {
  // The `velvet-orbit` fixture answers { q: 'velvet orbit', limit: 3 } with three tracks, the second
  // explicit; `velvet-orbit-page-2` answers page 2 with two more, the last without a preview.
  it('leaves explicit tracks out and reads the next page to fill the list', async () => {
    const tracks = await topTracks(pdg, 'velvet orbit', 3);
    expect(tracks).toEqual([
      {
        title: 'Harbour Lights',
        album: 'Neon Harbour',
        duration: '3:07',
        previewUrl: 'https://audio.example.test/preview/4101.m4a',
      },
      {
        title: 'Low Tide Radio',
        album: 'Neon Harbour',
        duration: '3:22',
        previewUrl: 'https://audio.example.test/preview/4103.m4a',
      },
      {
        title: 'Paper Satellites',
        album: 'Neon Harbour',
        duration: '3:29',
        previewUrl: 'https://audio.example.test/preview/4104.m4a',
      },
    ]);
    expect(gateway.requests).toEqual([
      { path: searchPath, query: { q: 'velvet orbit', limit: '3' } },
      { path: searchPath, query: { q: 'velvet orbit', limit: '3', page: '2' } },
    ]);
  });

  it('keeps explicit tracks when asked, and then one page is enough', async () => {
    const tracks = await topTracks(pdg, 'velvet orbit', 3, { includeExplicit: true });
    expect(tracks.map((track) => track.title)).toEqual(['Harbour Lights', 'Static Bloom', 'Low Tide Radio']);
    expect(gateway.requests).toHaveLength(1);
  });

  it('refuses a count the catalogue cannot serve, sending nothing', async () => {
    await expect(topTracks(pdg, 'velvet orbit', 0)).rejects.toThrow('count must be a whole number from 1 to 50');
    expect(gateway.requests).toEqual([]);
  });
});

describe('topTracks, answered with bodies the test supplies (gateway.reply)', () => {
  it('shows a track without duration or preview as such', async () => {
    gateway.reply('music:catalogstore', 'search', {
      body: {
        status: 'success',
        message: 'OK',
        content: { page: 1, count: 1, items: [{ type: 'track', title: 'Untimed Demo', durationMs: null }] },
      },
    });
    expect(await topTracks(pdg, 'demo tapes', 1)).toEqual([
      { title: 'Untimed Demo', album: undefined, duration: undefined, previewUrl: undefined },
    ]);
  });

  it('stops after a short page: no tracks found is an empty list', async () => {
    gateway.reply(
      'music:catalogstore',
      'search',
      { body: { status: 'success', message: 'OK', content: { page: 1, count: 0, items: [] } } },
      { query: { q: 'zzqx no such band' } },
    );
    expect(await topTracks(pdg, 'zzqx no such band', 5)).toEqual([]);
    expect(gateway.requests).toHaveLength(1);
  });
});

describe('topTracks, when the gateway refuses (gateway.fail)', () => {
  it('a bad API key becomes a message the user can act on', async () => {
    gateway.fail('music:catalogstore', 'search', { status: 401, message: 'Invalid API key' });
    const error = await topTracks(pdg, 'velvet orbit', 3).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(CatalogUnavailableError);
    expect((error as CatalogUnavailableError).message).toBe(
      'The music catalogue refused our API key. Check that PDG_API_KEY is set to a valid key.',
    );
    const cause = (error as Error).cause;
    expect(isPdgError(cause) && cause.code).toBe('AUTH');
  });

  it('a rate limit says when to try again', async () => {
    gateway.fail('music:catalogstore', 'search', { status: 429, message: 'Rate limit exceeded', retryAfter: 30 });
    const error = await topTracks(pdg, 'velvet orbit', 3).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(CatalogUnavailableError);
    expect((error as CatalogUnavailableError).message).toBe('The music catalogue is busy. Try again in 30 s.');
    expect((error as CatalogUnavailableError).retryAfterSeconds).toBe(30);
  });

  it('an upstream failure is passed on as the PdgError it is', async () => {
    gateway.fail('music:catalogstore', 'search', { status: 502, message: 'Upstream source failed' });
    const error = await topTracks(pdg, 'velvet orbit', 3).catch((thrown: unknown) => thrown);
    expect(isPdgError(error) && [error.code, error.gatewayMessage]).toEqual(['UPSTREAM', 'Upstream source failed']);
  });

  it('fails only the requests it is scoped to: here the second page', async () => {
    gateway.fail(
      'music:catalogstore',
      'search',
      { status: 429, message: 'Rate limit exceeded' },
      { query: { page: 2 } },
    );
    const error = await topTracks(pdg, 'velvet orbit', 3).catch((thrown: unknown) => thrown);
    expect((error as CatalogUnavailableError).message).toBe('The music catalogue is busy. Try again in a minute.');
    expect(gateway.requests.map((request) => request.query.page)).toEqual([undefined, '2']);
  });
});

describe('a call no fixture answers', () => {
  it('fails with a message naming the request and the closest fixtures', async () => {
    const error = await topTracks(pdg, 'velvet orbit', 5).catch((thrown: unknown) => thrown);
    expect(isPdgError(error) && error.code).toBe('NOT_FOUND');
    expect(isPdgError(error) && error.gatewayMessage).toContain(
      'No fixture matches GET /v1/music:catalogstore/search?q=velvet+orbit&limit=5.',
    );
    expect(isPdgError(error) && error.gatewayMessage).toContain(
      'search/velvet-orbit: GET /v1/music:catalogstore/search?q=velvet+orbit&limit=3 (differs in limit)',
    );
    expect(gateway.unmatched).toEqual([{ path: searchPath, query: { q: 'velvet orbit', limit: '5' } }]);
  });
});
