/**
 * `/docs/`: a site the gateway is given (`docs`), made on the first request under `/docs`, served without
 * a key, gzipped for browsers that take it. A gateway given none answers `/docs` like any unknown path.
 */
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import {
  docsPath,
  type MockDocsGateway,
  type MockDocsSite,
  type MockRequestInfo,
  type RunningMockGateway,
  startMockGateway,
} from '@pdg/mock';
import { catalogstore } from '@pdg/music-catalogstore';
import { fixtures } from '@pdg/music-catalogstore/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const page = new TextEncoder().encode(`<!doctype html><title>reference</title>${'<p>endpoint</p>'.repeat(200)}`);
const made: MockDocsGateway[] = [];
const asked: string[] = [];
const site: MockDocsSite = {
  file: async (path) => {
    asked.push(path);
    if (path === '' || path === 'index.html') return { type: 'text/html; charset=utf-8', body: page };
    if (path === 'renderer/app.js')
      return { type: 'text/javascript; charset=utf-8', body: new TextEncoder().encode('1;'), immutable: true };
    if (path === 'broken') throw new Error('the disk is gone');
    return undefined;
  },
};

let gateway: RunningMockGateway;
const seen: MockRequestInfo[] = [];
beforeAll(async () => {
  gateway = await startMockGateway({
    providers: [catalogstore],
    fixtures,
    apiKeys: ['the-only-key'],
    rateLimit: { requests: 1, windowMs: 60_000 },
    onRequest: (info) => seen.push(info),
    docs: (running) => {
      made.push(running);
      return site;
    },
  });
});
afterAll(async () => {
  await gateway.close();
});

/** A GET as a plain HTTP client sends it, with the headers given (fetch would add its own accept-encoding). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const sent = request(`${gateway.url}${path}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      });
      sent.on('error', reject);
      sent.end();
    },
  );
}

describe('GET /docs/', () => {
  it('is made nowhere until asked for', () => {
    expect(docsPath).toBe('/docs');
    expect(made).toEqual([]);
  });

  it('sends /docs to /docs/, keeping the query, so the page finds its files', async () => {
    const answer = await get('/docs?theme=dark');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('/docs/?theme=dark');
  });

  it("serves the site's page with no key, no rate limit and no fault, made once with this gateway's URL, providers and fixtures", async () => {
    for (let time = 0; time < 3; time++) {
      const answer = await get('/docs/', { [`x-pdg-mock-fault`]: 'status=503' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.body).toEqual(Buffer.from(page));
    }
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ url: gateway.url, providers: [catalogstore], fixtures });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/docs/', hasApiKey: false });
  });

  it('gzips what is worth it for a client that takes gzip, and lets browsers keep the immutable files', async () => {
    const zipped = await get('/docs/index.html', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.byteLength);
    expect(zipped.body.byteLength).toBeLessThan(page.byteLength);
    expect(gunzipSync(zipped.body)).toEqual(Buffer.from(page));
    const refused = await get('/docs/index.html', { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    const small = await get('/docs/renderer/app.js', { 'accept-encoding': 'gzip' });
    expect([small.headers['content-encoding'], small.body.toString()]).toEqual([undefined, '1;']);
    expect(small.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('HEAD has the headers and no body; other methods are a 405', async () => {
    const head = await get('/docs/', {}, 'HEAD');
    expect([head.status, head.headers['content-length'], head.body.byteLength]).toEqual([
      200,
      String(page.byteLength),
      0,
    ]);
    const post = await get('/docs/', {}, 'POST');
    expect(post.status).toBe(405);
    expect(JSON.parse(post.body.toString())).toEqual({ status: 'error', message: 'Only GET is served: GET /docs/.' });
  });

  it('a path the site does not have is a 404; a site that fails is a 500 saying why', async () => {
    const missing = await get('/docs/nothing-here.js');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body.toString()).message).toBe(
      'No such file in the site at /docs/: /docs/nothing-here.js.',
    );
    const broken = await get('/docs/broken');
    expect(broken.status).toBe(500);
    expect(JSON.parse(broken.body.toString()).message).toBe(
      'Mock gateway error: the site at /docs could not be served: the disk is gone',
    );
    expect(asked).toContain('nothing-here.js');
  });

  it('leaves the API as it was: /docsx and the endpoints still need their key', async () => {
    expect((await get('/docsx')).status).toBe(404);
    expect((await get('/v1/music:catalogstore/search?q=x')).status).toBe(401);
  });
});

describe('a gateway given no site', () => {
  it('answers /docs/ as the unknown path it is', async () => {
    const plain = await startMockGateway({ providers: [catalogstore], fixtures });
    try {
      const response = await fetch(`${plain.url}/docs/`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { status: string }).status).toBe('error');
    } finally {
      await plain.close();
    }
  });
});
