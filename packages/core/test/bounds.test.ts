/**
 * What a call reads and keeps stays bounded whatever the gateway sends: a body's size (counted as it is
 * decompressed), the call's time (reading and processing included), and the depth of a body that is cached.
 * Against a loopback gateway.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createCache } from '../src/cache-entry.js';
import { createClient } from '../src/index.js';
import { json, loopbackPerTest } from './loopback.js';
import { failure } from './pdg-error-of.js';
import { providers } from './providers.js';

const { serve } = loopbackPerTest();

const API_KEY = 'bounds-test-key-4e1f';
const MiB = 1024 * 1024;
const defaultCap = 32 * MiB;

/**
 * 128 MiB of JSON whitespace and then a job, gzipped: about 130 KB on the wire. Gzip members may follow
 * one another in one body, so one compressed MiB of spaces is repeated rather than 128 MiB compressed.
 */
function gzipBomb(): Buffer {
  const mebibyte = gzipSync(Buffer.alloc(MiB, 0x20), { level: 9 });
  const tail = gzipSync('{"jobId":"j1","title":"t"}');
  return Buffer.concat([...Array.from({ length: 128 }, () => mebibyte), tail]);
}

/** A fetch that counts the (decompressed) body bytes the client pulls from each response. */
function countingFetch() {
  const counted = { bytes: 0 };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await globalThis.fetch(input, init);
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        counted.bytes += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body?.pipeThrough(counter) ?? null, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return { fetch, counted };
}

describe('a body size cap (maxBodyBytes)', () => {
  it('a 130 KB gzip answer inflating to 128 MiB fails with the cap error, the read stopped at the 32 MiB default', async () => {
    const bomb = gzipBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const server = await serve((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end(bomb);
    });
    const { fetch, counted } = countingFetch();
    const pdg = createClient({ providers, apiKey: API_KEY, baseUrl: server.url, fetch, timeout: 60_000 });
    const error = await failure(pdg.run('jobs:board', 'job', { jobId: 'j1' }));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toBe(
      `jobs:board job: the response body is larger than maxBodyBytes (${defaultCap} bytes, counted decompressed); reading stopped there. If answers this large are expected, pass a larger maxBodyBytes to createClient or to the call.`,
    );
    expect(error.retryable).toBe(false);
    // The read stopped just past the cap: nowhere near the 128 MiB the body inflates to.
    expect(counted.bytes).toBeGreaterThan(defaultCap);
    expect(counted.bytes).toBeLessThan(defaultCap + 2 * MiB);
    // Not retried: the same answer would come again.
    expect(server.requests).toHaveLength(1);
  });

  it('per call and per client: a body over the cap fails, one under it is read; a bad cap is USAGE', async () => {
    const body = { jobId: 'j1', title: 'x'.repeat(5_000) };
    const server = await serve((_, response) => json(response, 200, body));
    const pdg = createClient({ providers, apiKey: API_KEY, baseUrl: server.url, maxBodyBytes: 1_000 });
    const error = await failure(pdg.run('jobs:board', 'job', { jobId: 'j1' }));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toContain('larger than maxBodyBytes (1000 bytes');
    expect(await pdg.run('jobs:board', 'job', { jobId: 'j1' }, { maxBodyBytes: 10_000 })).toEqual(body);
    const usage = await failure(pdg.run('jobs:board', 'job', { jobId: 'j1' }, { maxBodyBytes: 0 }));
    expect(usage.code).toBe('USAGE');
    expect(usage.message).toContain('maxBodyBytes must be a whole number of bytes, 1 or more (received 0)');
    expect(() => createClient({ providers, apiKey: API_KEY, baseUrl: server.url, maxBodyBytes: Number.NaN })).toThrow(
      'maxBodyBytes must be a whole number of bytes',
    );
  });
});

describe('the timeout covers the whole call', () => {
  it('an answer still being processed when the timeout runs out fails with TIMEOUT, not returned late', async () => {
    const server = await serve((_, response) => json(response, 200, { jobId: 'j1', title: 't' }));
    const pdg = createClient({
      providers,
      apiKey: API_KEY,
      baseUrl: server.url,
      timeout: 200,
      // Processing the answer (here a hook) takes longer than the call's whole timeout.
      hooks: { afterResponse: () => new Promise((resolve) => setTimeout(() => resolve(undefined), 600)) },
    });
    const error = await failure(pdg.run('jobs:board', 'job', { jobId: 'j1' }));
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toContain('within the 200 ms timeout');
  });
});

describe('a body nested thousands deep', () => {
  it('two identical cached calls of a 5,000-deep body both succeed (returned, not stored)', async () => {
    const depth = 5_000;
    const deep = `${'{"n":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const server = await serve((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(`{"jobId":"j1","title":"t","deep":${deep}}`);
    });
    const pdg = createClient({ providers, apiKey: API_KEY, baseUrl: server.url, cache: createCache() });
    for (let call = 1; call <= 2; call++) {
      const { data, response } = await pdg.runWithResponse(
        'jobs:board',
        'job',
        { jobId: 'j1' },
        { cache: { ttlSeconds: 60 } },
      );
      expect(data.jobId).toBe('j1');
      let level = (data as { deep?: unknown }).deep;
      let levels = 0;
      while (typeof level === 'object' && level !== null) {
        level = (level as { n: unknown }).n;
        levels++;
      }
      expect(levels).toBe(depth);
      expect(response.cache).toBe('uncached');
    }
    expect(server.requests).toHaveLength(2);
  });
});

describe('a body read in pieces', () => {
  it('an answer that arrives in several chunks, a character split between two of them, is read whole', async () => {
    const body = { jobId: 'j1', title: 'é'.repeat(50_000) };
    const bytes = Buffer.from(JSON.stringify(body));
    // Odd offsets: each cut falls inside a two-byte character.
    const cuts = [0, 33_333, 66_667, bytes.length];
    const server = await serve((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const send = (index: number) => {
        const piece = bytes.subarray(cuts[index], cuts[index + 1]);
        if (index === cuts.length - 2) response.end(piece);
        else {
          response.write(piece);
          setTimeout(() => send(index + 1), 20);
        }
      };
      send(0);
    });
    const { fetch, counted } = countingFetch();
    const pdg = createClient({ providers, apiKey: API_KEY, baseUrl: server.url, fetch });
    expect(await pdg.run('jobs:board', 'job', { jobId: 'j1' })).toEqual(body);
    expect(counted.bytes).toBe(bytes.length);
  });
});
