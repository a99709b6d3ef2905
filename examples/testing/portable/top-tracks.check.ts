/**
 * The same checks of the app's code, runnable as they are under Node (>= 22.18, which runs TypeScript),
 * Bun and Deno: `node portable/top-tracks.check.ts`, `bun portable/top-tracks.check.ts`,
 * `deno run --allow-read portable/top-tracks.check.ts` (no --allow-net: Deno itself proves nothing
 * reaches the network). No test runner: `node:assert`, and a non-zero exit when a check fails.
 */
import assert from 'node:assert/strict';
import { isPdgError } from '@pdg/core';
import { fixtures } from '@pdg/music-catalogstore/fixtures';
import { mockFetch } from '@pdg/testkit';
import { CatalogUnavailableError, createMusicClient, topTracks } from '../src/top-tracks.ts';

const runtime =
  'Bun' in globalThis
    ? `bun ${(globalThis as unknown as { Bun: { version: string } }).Bun.version}`
    : 'Deno' in globalThis
      ? `deno ${(globalThis as unknown as { Deno: { version: { deno: string } } }).Deno.version.deno}`
      : `node ${process.versions.node}`;

const gateway = mockFetch({ fixtures, baseUrl: 'https://gateway.pdg.test' });
// Every fetch of the process now goes to the gateway; any other URL is refused.
gateway.install();
let checks = 0;
try {
  const pdg = createMusicClient({ apiKey: 'test-key', baseUrl: gateway.baseUrl, retry: 0 });

  const tracks = await topTracks(pdg, 'velvet orbit', 3);
  assert.deepEqual(
    tracks.map((track) => track.title),
    ['Harbour Lights', 'Low Tide Radio', 'Paper Satellites'],
  );
  assert.equal(tracks[0]?.duration, '3:07');
  checks++;

  gateway.fail(
    'music:catalogstore',
    'search',
    { status: 429, message: 'Rate limit exceeded', retryAfter: 30 },
    { times: 1 },
  );
  const busy = await topTracks(pdg, 'velvet orbit', 3).catch((thrown: unknown) => thrown);
  assert.ok(busy instanceof CatalogUnavailableError);
  assert.equal(busy.message, 'The music catalogue is busy. Try again in 30 s.');
  checks++;

  const unmatched = await topTracks(pdg, 'velvet orbit', 5).catch((thrown: unknown) => thrown);
  assert.ok(isPdgError(unmatched) && unmatched.code === 'NOT_FOUND');
  assert.match(
    unmatched.gatewayMessage ?? '',
    /search\/velvet-orbit: GET \/v1\/music:catalogstore\/search\?q=velvet\+orbit&limit=3 \(differs in limit\)/,
  );
  checks++;

  // A request to anything but the gateway is refused before it leaves the process.
  await assert.rejects(fetch('https://example.org/'), /mockFetch: refused GET https:\/\/example\.org\//);
  checks++;

  assert.equal(gateway.requests.length, 4);
  console.log(`ok ${checks} checks on ${runtime}, no network reached`);
} finally {
  gateway.close();
}
