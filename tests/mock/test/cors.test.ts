/**
 * CORS: a web page on another origin calls the mock as a browser would, a preflight `OPTIONS` first (the
 * client sends `x-api-key`), then the GET, whose answer, error or not, the page may read.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { type MockGatewayOptions, type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notes, fixtures as notesFixtures } from './provider.js';

const page = 'http://localhost:5173';
const listPath = '/v1/test:notes/list?limit=2';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request with the headers a browser would send (Node's fetch cannot set `Origin`). */
function send(gateway: RunningMockGateway, method: string, path: string, headers: Record<string, string>) {
  return new Promise<Answer>((resolve, reject) => {
    const request = httpRequest(`${gateway.url}${path}`, { method, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    // Only against a hang: a loaded machine may take seconds to answer.
    request.setTimeout(60_000, () => request.destroy(new Error(`${method} ${path}: no answer within 60 s`)));
    request.on('error', reject);
    request.end();
  });
}

const preflight = (gateway: RunningMockGateway, path = listPath, origin = page, headers = 'x-api-key') =>
  send(gateway, 'OPTIONS', path, {
    origin,
    'access-control-request-method': 'GET',
    'access-control-request-headers': headers,
  });

const get = (gateway: RunningMockGateway, path = listPath, headers: Record<string, string> = {}) =>
  send(gateway, 'GET', path, { origin: page, 'x-api-key': 'made-up-key', ...headers });

const exposed = (answer: Answer) =>
  String(answer.headers['access-control-expose-headers'] ?? '')
    .split(',')
    .map((name) => name.trim());

const gateways: RunningMockGateway[] = [];
async function start(options: Partial<MockGatewayOptions> = {}) {
  const gateway = await startMockGateway({ providers: [notes], fixtures: notesFixtures, ...options });
  gateways.push(gateway);
  return gateway;
}
afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
});

describe('CORS, by default: any origin', () => {
  let gateway: RunningMockGateway;
  beforeAll(async () => {
    gateway = await start();
  });

  it('answers a preflight 204 with the origin, methods, the headers asked for and a max age, before auth', async () => {
    const answer = await preflight(gateway, listPath, page, 'X-Api-Key, x-trace-id');
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect(answer.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, OPTIONS',
      'access-control-max-age': '600',
    });
    const allowed = String(answer.headers['access-control-allow-headers']).split(', ');
    expect(allowed).toEqual(expect.arrayContaining(['accept', 'x-api-key', 'x-pdg-mock-fault', 'x-trace-id']));
    expect(answer.headers['content-type']).toBeUndefined();
  });

  it('answers a preflight on a path it does not serve too: the GET after it gets the 404', async () => {
    expect((await preflight(gateway, '/v1/test:nothing/list')).status).toBe(204);
    const answer = await get(gateway, '/v1/test:nothing/list');
    expect(answer.status).toBe(404);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
  });

  it('puts Access-Control-Allow-Origin and the exposed headers on a 200, a 401, a 400 and a 405', async () => {
    const answers = {
      ok: await get(gateway, '/v1/test:notes/note/n1'),
      noKey: await send(gateway, 'GET', listPath, { origin: page }),
      badParam: await get(gateway, '/v1/test:notes/list?limit=0'),
      badTarget: await get(gateway, '/v1/test:notes/list?q=%zz'),
      post: await send(gateway, 'POST', listPath, { origin: page }),
    };
    expect(Object.values(answers).map((answer) => answer.status)).toEqual([200, 401, 400, 400, 405]);
    for (const [name, answer] of Object.entries(answers)) {
      expect([name, answer.headers['access-control-allow-origin']]).toEqual([name, '*']);
      expect(exposed(answer)).toContain('retry-after');
    }
  });

  it('puts them on injected faults: a 429 with a readable Retry-After, a 503, a malformed body', async () => {
    const busy = await get(gateway, '/v1/test:notes/note/n1', { 'x-pdg-mock-fault': '429;retry-after=7' });
    expect([busy.status, busy.headers['retry-after'], busy.headers['access-control-allow-origin']]).toEqual([
      429,
      '7',
      '*',
    ]);
    expect(exposed(busy)).toEqual(expect.arrayContaining(['retry-after', 'ratelimit-remaining', 'x-ratelimit-reset']));
    const down = await get(gateway, '/v1/test:notes/note/n1', { 'x-pdg-mock-fault': '503' });
    const broken = await get(gateway, '/v1/test:notes/note/n1', { 'x-pdg-mock-fault': 'malformed' });
    expect([down.status, down.headers['access-control-allow-origin']]).toEqual([503, '*']);
    expect([broken.status, broken.headers['access-control-allow-origin']]).toEqual([200, '*']);
  });

  it("puts them on the rate limit's 429; preflights are not counted against the key's limit", async () => {
    const limited = await start({ rateLimit: { requests: 2, windowMs: 60_000 } });
    for (let i = 0; i < 3; i++) expect((await preflight(limited)).status).toBe(204);
    expect((await get(limited)).status).toBe(200);
    expect((await get(limited)).status).toBe(200);
    const refused = await get(limited);
    expect(refused.status).toBe(429);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('puts Access-Control-Allow-Origin on what Node answers on the socket (a request its parser refuses)', async () => {
    const text = await new Promise<string>((resolve) => {
      let received = '';
      const socket = connect(gateway.port, '127.0.0.1', () => socket.write('G E T / HTTP/1.1\r\n\r\n'));
      // Only against a hang: the gateway answers and closes the connection itself.
      const timer = setTimeout(() => socket.destroy(), 60_000);
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => {
        received += chunk;
      });
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(received);
      });
      socket.on('error', () => socket.destroy());
    });
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(text).toMatch(/\r\naccess-control-allow-origin: \*\r\n/);
  });
});

describe('CORS restricted to some origins', () => {
  let gateway: RunningMockGateway;
  beforeAll(async () => {
    gateway = await start({ cors: { origins: [page, 'https://app.example.test/'] } });
  });

  it('names an allowed origin back, with Vary: Origin, on the preflight and on the answer', async () => {
    const first = await preflight(gateway);
    expect(first.headers).toMatchObject({ 'access-control-allow-origin': page, vary: 'Origin' });
    const answer = await get(gateway);
    expect([answer.status, answer.headers['access-control-allow-origin'], answer.headers.vary]).toEqual([
      200,
      page,
      'Origin',
    ]);
    // Written with a trailing slash in the option, matched as the origin a browser sends.
    const second = await send(gateway, 'GET', listPath, { origin: 'https://app.example.test', 'x-api-key': 'k' });
    expect(second.headers['access-control-allow-origin']).toBe('https://app.example.test');
  });

  it('gives another origin no Access-Control-Allow-Origin, so its browser refuses the answer', async () => {
    const other = 'http://localhost:8080';
    const first = await preflight(gateway, listPath, other);
    expect(first.status).toBe(204);
    expect(first.headers['access-control-allow-origin']).toBeUndefined();
    expect(first.headers['access-control-allow-headers']).toBeUndefined();
    const answer = await send(gateway, 'GET', listPath, { origin: other, 'x-api-key': 'k' });
    expect([answer.status, answer.headers['access-control-allow-origin'], answer.headers.vary]).toEqual([
      200,
      undefined,
      'Origin',
    ]);
  });
});

describe('CORS off', () => {
  it('sends no CORS headers, and OPTIONS is a 405 like any method but GET', async () => {
    const gateway = await start({ cors: false });
    const answer = await get(gateway);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const refused = await preflight(gateway);
    expect(refused.status).toBe(405);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the cors option, checked', () => {
  it.each([
    [{ origins: ['*'] }, 'cors.origins[0] is "*": for any origin, pass cors: true instead of a list.'],
    [
      { origins: [page, 'http://localhost:5173/app'] },
      'cors.origins[1] must be an origin such as "http://localhost:5173" (scheme, host and port, no path): use "http://localhost:5173" (received "http://localhost:5173/app").',
    ],
    [
      { origins: ['localhost:5173'] },
      'cors.origins[0] must be an http or https origin, such as "http://localhost:5173" (received "localhost:5173").',
    ],
    [
      { origins: ['not an origin'] },
      'cors.origins[0] must be an origin such as "http://localhost:5173" (scheme, host and port, no path) (received "not an origin").',
    ],
    [
      { origins: 'http://localhost:5173' },
      'cors must be true (any origin), false (no CORS headers) or { origins: [...] }, such as { origins: ["http://localhost:5173"] }.',
    ],
  ])('refuses %j before listening', async (cors, message) => {
    const options = { providers: [notes], fixtures: notesFixtures, cors } as unknown as MockGatewayOptions;
    await expect(startMockGateway(options)).rejects.toThrow(new TypeError(message));
  });
});
