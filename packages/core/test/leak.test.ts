/**
 * The API key never leaves the pipeline, whatever fails. A loopback gateway echoes the key in its
 * reason phrase, headers, body and redirect Locations; for every error code, every outlet is searched:
 * the error's message, stack, String(), JSON, util.inspect, its whole cause chain, every hook's
 * arguments, and anything written to the console.
 *
 * The one legitimate place for the key is the `x-api-key` header of the Request handed to
 * `beforeRequest`: that request goes to the key's own origin, and a hook may need to sign or replace it.
 */
import type { ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, type Hooks, isPdgError, type PdgErrorCode } from '../src/index.js';
import { type Loopback, loopback } from './loopback.js';
import { providers } from './providers.js';

const KEY = 'sk_live_SECRETKEY1234567890';
/** A prefix long enough to be the key's and nothing else's: catches a key cut in half. */
const KEY_PART = KEY.slice(0, 10);

let gateway: Loopback;
let elsewhere: Loopback;

function echo(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  response.writeHead(status, `Echo ${KEY}`, {
    'content-type': 'application/json',
    'x-echo': KEY,
    'set-cookie': `session=${KEY}`,
    ...headers,
  });
  response.end(body);
}

const envelope = (message: string) =>
  JSON.stringify({ status: 'error', message: `${message}: ${KEY}`, content: { key: KEY, [KEY]: [KEY] } });

beforeAll(async () => {
  elsewhere = await loopback((request, response) =>
    echo(response, 401, envelope(`you sent ${request.headers['x-api-key'] ?? 'no key'}`)),
  );
  gateway = await loopback((request, response) => {
    const mode = new URL(request.url ?? '', 'http://x').searchParams.get('country');
    switch (mode) {
      case 'auth':
        return echo(response, 401, envelope('invalid key'));
      case 'content-only':
        return echo(response, 403, JSON.stringify({ status: 'error', message: 'forbidden', content: { key: KEY } }));
      case 'rate':
        return echo(response, 429, envelope('slow down'), { 'retry-after': '0' });
      case 'missing':
        return echo(response, 404, envelope('not found'));
      case 'bad':
        return echo(response, 422, envelope('bad request'));
      case 'upstream':
        return echo(response, 502, envelope('upstream failed'));
      case 'teapot':
        return echo(response, 418, `I am a teapot, ${KEY}`);
      case 'nolocation':
        return echo(response, 302, envelope('moved'));
      case 'slow':
        return;
      case 'gateway-timeout':
        return echo(response, 408, envelope('too slow'));
      case 'reset':
        response.writeHead(200, `Echo ${KEY}`, { 'content-length': '500', 'x-echo': KEY });
        response.write(`{"page":1,"items":["${KEY}`);
        return setTimeout(() => response.socket?.destroy(), 10);
      case 'unreachable':
        return echo(response, 307, '', { location: `http://127.0.0.1:9/${KEY}?key=${KEY}` });
      case 'away':
        return echo(response, 302, '', { location: `${elsewhere.url}/${KEY}?key=${KEY}` });
      case 'parse':
        return echo(response, 200, `${'<'.repeat(190)}${KEY}${'>'.repeat(100)}`);
      case 'shape':
        return echo(response, 200, JSON.stringify({ page: KEY, items: [{ jobId: KEY }], hasMore: KEY, [KEY]: 1 }));
      case 'error-envelope':
        return echo(response, 200, envelope('Upstream failed'));
      default:
        return echo(response, 200, JSON.stringify({ page: 1, items: [], hasMore: false, nextPage: null }));
    }
  });
});

afterAll(async () => {
  await Promise.all([gateway.close(), elsewhere.close()]);
});

/** Every string view of a value an application might log. */
function views(value: unknown): string[] {
  const out = [inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true })];
  try {
    out.push(JSON.stringify(value) ?? '');
  } catch {
    // A value that cannot be serialised has no JSON view to search.
  }
  if (value instanceof Error) {
    out.push(value.message, value.stack ?? '', String(value));
    let cause: unknown = value.cause;
    for (let depth = 0; cause !== undefined && depth < 10; depth++) {
      out.push(...views(cause));
      cause = cause instanceof Error ? cause.cause : undefined;
    }
  }
  if (value instanceof Response || value instanceof Request) {
    out.push(value.url, [...value.headers].join('\n'));
    if (value instanceof Response) out.push(value.statusText);
  }
  return out;
}

interface Case {
  readonly code: PdgErrorCode;
  readonly why: string;
  readonly endpoint?: 'browse' | 'job' | 'search';
  readonly params: Record<string, unknown>;
  readonly timeout?: number;
}

const cases: Case[] = [
  { code: 'INVALID_PARAMS', why: 'the key as a wrong-typed param', params: { page: KEY } },
  { code: 'INVALID_PARAMS', why: 'the key as an unknown param', params: { [KEY]: KEY } },
  {
    code: 'INVALID_PARAMS',
    why: 'the key in a lone-surrogate path param',
    endpoint: 'job',
    params: { jobId: `${KEY}\uD800` },
  },
  { code: 'INVALID_RESPONSE', why: 'a wrong shape echoing the key', params: { country: 'shape' } },
  { code: 'AUTH', why: '401', params: { country: 'auth' } },
  { code: 'AUTH', why: '403 with the key in content only', params: { country: 'content-only' } },
  { code: 'AUTH', why: 'a redirect to another origin echoing the key', params: { country: 'away' } },
  { code: 'RATE_LIMITED', why: '429, retried', params: { country: 'rate' } },
  { code: 'NOT_FOUND', why: '404', params: { country: 'missing' } },
  { code: 'BAD_REQUEST', why: '422', params: { country: 'bad' } },
  { code: 'UPSTREAM', why: '502, retried', params: { country: 'upstream' } },
  { code: 'UPSTREAM', why: 'an error envelope on a 200', params: { country: 'error-envelope' } },
  { code: 'HTTP', why: '418 with a text body', params: { country: 'teapot' } },
  { code: 'HTTP', why: '302 without Location', params: { country: 'nolocation' } },
  { code: 'TIMEOUT', why: 'no answer within the timeout', params: { country: 'slow' }, timeout: 300 },
  { code: 'TIMEOUT', why: '408, retried', params: { country: 'gateway-timeout' } },
  { code: 'NETWORK', why: 'a reset mid-body, retried', params: { country: 'reset' } },
  { code: 'NETWORK', why: 'a redirect to a closed port named with the key', params: { country: 'unreachable' } },
  { code: 'PARSE', why: 'a non-JSON body with the key across the excerpt cut', params: { country: 'parse' } },
];

describe('the API key in no outlet, for every error code', () => {
  it('covers every code', () => {
    const codes = new Set(cases.map((each) => each.code));
    expect([...codes].sort()).toEqual(
      [
        'INVALID_PARAMS',
        'INVALID_RESPONSE',
        'AUTH',
        'RATE_LIMITED',
        'NOT_FOUND',
        'BAD_REQUEST',
        'UPSTREAM',
        'HTTP',
        'TIMEOUT',
        'NETWORK',
        'PARSE',
      ].sort(),
    );
  });

  it.each(cases)('$code: $why', async ({ code, endpoint = 'browse', params, timeout }) => {
    const outlets: { readonly where: string; readonly value: unknown }[] = [];
    const requests: Request[] = [];
    const hooks: Hooks = {
      beforeRequest: ({ request, ...context }) => {
        requests.push(request);
        outlets.push({ where: 'beforeRequest context', value: context });
      },
      beforeRetry: (context) => void outlets.push({ where: 'beforeRetry', value: context }),
      afterResponse: ({ response, body, ...context }) => {
        outlets.push({ where: 'afterResponse response', value: response });
        outlets.push({ where: 'afterResponse body', value: body });
        outlets.push({ where: 'afterResponse context', value: context });
      },
      onError: (context) => void outlets.push({ where: 'onError', value: context }),
    };
    const logged = (['log', 'info', 'warn', 'error', 'debug', 'trace'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation(() => undefined),
    );
    const pdg = createClient({
      providers,
      apiKey: KEY,
      baseUrl: gateway.url,
      hooks,
      retry: { limit: 1, baseDelay: 1 },
      ...(timeout === undefined ? {} : { timeout }),
    });
    const untyped = pdg as unknown as { run(p: string, e: string, params: unknown): Promise<unknown> };
    const thrown = await untyped.run('jobs:board', endpoint, params).then(
      () => undefined,
      (error: unknown) => error,
    );
    for (const spy of logged) {
      outlets.push({ where: 'console', value: spy.mock.calls });
      spy.mockRestore();
    }

    expect(isPdgError(thrown)).toBe(true);
    expect((thrown as { code: string }).code).toBe(code);
    outlets.push({ where: 'thrown error', value: thrown });
    expect(outlets.some((outlet) => outlet.where === 'onError')).toBe(true);
    for (const { where, value } of outlets) {
      for (const view of views(value)) expect(view, `${where} leaks the key`).not.toContain(KEY_PART);
    }
    for (const request of requests) {
      expect(request.headers.get('x-api-key')).toBe(KEY);
      expect(new URL(request.url).origin).toBe(gateway.url);
      const others = [...request.headers].filter(([name]) => name !== 'x-api-key');
      expect(JSON.stringify(others) + request.url).not.toContain(KEY_PART);
    }
  });

  it('the key is never sent off its origin, even when a redirect names it', async () => {
    const before = elsewhere.requests.length;
    const pdg = createClient({ providers, apiKey: KEY, baseUrl: gateway.url, retry: 0 });
    await pdg.run('jobs:board', 'browse', { country: 'away' }).catch(() => undefined);
    const followed = elsewhere.requests.slice(before);
    expect(followed).toHaveLength(1);
    expect(followed[0]?.headers['x-api-key']).toBeUndefined();
  });
});
