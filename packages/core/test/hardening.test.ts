/** Defects an adversarial run found, each as the behaviour a user would notice. */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { keyRedactor } from '../src/errors/redact.js';
import { createClient, isPdgError, PdgError } from '../src/index.js';
import { json, loopbackPerTest } from './loopback.js';
import { failure } from './pdg-error-of.js';
import { providers } from './providers.js';

const KEY = 'sk_live_SECRETKEY1234567890';
const emptyPage = { page: 1, items: [], hasMore: false, nextPage: null };

const { serve } = loopbackPerTest();

function client(baseUrl: string, options: Partial<Parameters<typeof createClient<typeof providers>>[0]> = {}) {
  return createClient({ providers, apiKey: KEY, baseUrl, retry: { limit: 0, baseDelay: 1 }, ...options });
}

function everyView(value: unknown): string {
  return inspect(value, { depth: Number.POSITIVE_INFINITY }) + JSON.stringify(value) + String(value);
}

describe('beforeRetry never sees the key', () => {
  it('the error handed to beforeRetry is redacted like the thrown one', async () => {
    const server = await serve((_, response) =>
      json(response, 503, { status: 'error', message: `upstream refused ${KEY}`, content: { key: KEY } }),
    );
    const seen: unknown[] = [];
    const pdg = client(server.url, {
      retry: { limit: 1, baseDelay: 1 },
      hooks: { beforeRetry: ({ error }) => void seen.push(error) },
    });
    const error = await failure(pdg.run('jobs:board', 'browse'));
    expect(seen).toHaveLength(1);
    expect(everyView(seen[0])).not.toContain(KEY);
    expect(everyView(error)).not.toContain(KEY);
    expect((seen[0] as PdgError).gatewayMessage).toBe('upstream refused [redacted]');
  });
});

describe('one redaction for every error', () => {
  it('finds the key in content even when the message does not hold it', async () => {
    const server = await serve((_, response) =>
      json(response, 401, { status: 'error', message: 'bad key', content: { echoed: [KEY], [KEY]: 1 } }),
    );
    const error = await failure(client(server.url).run('jobs:board', 'browse'));
    expect(error.code).toBe('AUTH');
    expect(everyView(error)).not.toContain(KEY);
    expect(error.content).toEqual({ echoed: ['[redacted]'], '[redacted]': 1 });
  });
});

describe('keys and URLs that cannot be sent safely', () => {
  it.each([
    ['a newline', `${KEY}\n`],
    ['a NUL', `sk_live_\0${KEY}`],
    ['a carriage return', `sk_live_SECRET\rKEY1234`],
  ])('a key with %s is refused by createClient without quoting it', (_, apiKey) => {
    let thrown: unknown;
    try {
      createClient({ providers, apiKey, baseUrl: 'http://127.0.0.1:9' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PdgError);
    const error = thrown as PdgError;
    expect(error.code).toBe('USAGE');
    expect(error.message).toMatch(/apiKey must be printable ASCII/);
    expect(error.message).toMatch(/line break, NUL/);
    expect(`${error.message}${error.stack}${String(error)}`).not.toContain('SECRET');
  });

  it('a base URL with a user name and password is refused without echoing them', () => {
    expect(() => createClient({ providers, apiKey: KEY, baseUrl: 'http://user:hunter2secret@127.0.0.1:9/' })).toThrow(
      /baseUrl must not contain a user name or password \(received "http:\/\/user:\*\*\*@127\.0\.0\.1:9\/"\)/,
    );
    try {
      createClient({ providers, apiKey: KEY, baseUrl: 'http://user:hunter2secret@127.0.0.1:9/' });
    } catch (error) {
      expect(everyView(error)).not.toContain('hunter2secret');
    }
  });

  it('any failure inside a call is a PdgError, seen by onError: a custom fetch that throws', async () => {
    const codes: string[] = [];
    const pdg = client('http://127.0.0.1:9', {
      fetch: () => Promise.reject(new RangeError('proxy agent misconfigured')),
      hooks: { onError: ({ error }) => void codes.push(error.code) },
    });
    const error = await failure(pdg.run('jobs:board', 'browse'));
    expect(error.code).toBe('NETWORK');
    expect(error.message).toContain('proxy agent misconfigured');
    expect(error.cause).toBeInstanceOf(RangeError);
    expect(codes).toEqual(['NETWORK']);
  });

  it('a header value that cannot be sent is USAGE naming the header, never quoting the value; nothing is sent', async () => {
    const server = await serve((_, response) => json(response, 200, emptyPage));
    const error = await failure(
      client(server.url).run('jobs:board', 'browse', {}, { headers: { authorization: 'Bearer a\nb' } }),
    );
    expect(error.code).toBe('USAGE');
    expect(error.message).toContain('the value of "authorization" has a line break');
    expect(everyView(error)).not.toContain('Bearer a');
    expect(server.requests).toHaveLength(0);
  });

  it('a hook that throws makes the call fail with a PdgError carrying the hook error as cause', async () => {
    const server = await serve((_, response) => json(response, 200, emptyPage));
    const hookError = new Error('metrics backend down');
    const pdg = client(server.url, {
      hooks: {
        afterResponse: () => {
          throw hookError;
        },
      },
    });
    const error = await failure(pdg.run('jobs:board', 'browse'));
    expect(error.cause).toBe(hookError);
    expect(error.message).toContain('metrics backend down');
  });
});

/** Answers 200 with a declared length it never delivers, then resets the connection. */
function truncated(response: import('node:http').ServerResponse) {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
  response.write('{"page":1,"items":[');
  setTimeout(() => response.socket?.destroy(), 10);
}

describe('a body cut short is a network failure, retried', () => {
  it('a truncated 2xx body is retried, and the retry succeeds', async () => {
    let calls = 0;
    const server = await serve((_, response) => (++calls === 1 ? truncated(response) : json(response, 200, emptyPage)));
    const page = await client(server.url, { retry: { limit: 2, baseDelay: 1 } }).run('jobs:board', 'browse');
    expect(page.page).toBe(1);
    expect(server.requests).toHaveLength(2);
  });

  it('without retries left, it is NETWORK, retryable', async () => {
    const server = await serve((_, response) => truncated(response));
    const error = await failure(client(server.url, { retry: { limit: 1, baseDelay: 1 } }).run('jobs:board', 'browse'));
    expect(error.code).toBe('NETWORK');
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('broke while the response was being read');
    expect(server.requests).toHaveLength(2);
  });
});

describe('a redirect off the base origin carries none of the caller headers', () => {
  it('only accept (and user-agent) follow; the key, authorization and custom headers do not', async () => {
    const other = await serve((_, response) => json(response, 200, emptyPage));
    const gateway = await serve((_, response) => {
      response.writeHead(302, { location: `${other.url}/landing` });
      response.end();
    });
    const pdg = client(gateway.url, { headers: { 'x-team': 'data', 'user-agent': 'pdg-test' } });
    await pdg.run('jobs:board', 'browse', {}, { headers: { authorization: 'Bearer tok_secret', 'x-custom': '1' } });
    expect(gateway.requests[0]?.headers).toMatchObject({ 'x-api-key': KEY, authorization: 'Bearer tok_secret' });
    const followed = other.requests[0]?.headers ?? {};
    expect(followed.accept).toBe('application/json');
    expect(followed['user-agent']).toBe('pdg-test');
    for (const name of ['x-api-key', 'authorization', 'x-custom', 'x-team']) expect(followed[name]).toBeUndefined();
  });

  it('a same-origin redirect keeps them all', async () => {
    const gateway = await serve((request, response) => {
      if (request.url?.includes('moved')) return json(response, 200, emptyPage);
      response.writeHead(301, { location: '/v1/jobs:board/moved' });
      response.end();
    });
    await client(gateway.url).run('jobs:board', 'browse', {}, { headers: { authorization: 'Bearer t' } });
    expect(gateway.requests[1]?.headers).toMatchObject({ 'x-api-key': KEY, authorization: 'Bearer t' });
  });
});

describe('a PARSE excerpt holds no part of the key', () => {
  it('redacts before cutting, so a key straddling the cut leaves no prefix', async () => {
    // The key starts 10 characters before the 200-character cut.
    const server = await serve((_, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`${'x'.repeat(190)}${KEY}${'y'.repeat(50)}`);
    });
    const error = await failure(client(server.url).run('jobs:board', 'browse'));
    expect(error.code).toBe('PARSE');
    expect(everyView(error)).not.toContain(KEY.slice(0, 10));
    expect(String(error.content)).toContain('[redacted]');
  });
});

describe('a gateway whose paging cycles', () => {
  it('pages() throws INVALID_RESPONSE naming the repeated page after delivering the pages so far', async () => {
    const server = await serve((request, response) => {
      const page = Number(new URL(request.url ?? '', 'http://x').searchParams.get('page') ?? '1');
      const items = [{ jobId: `j${page}`, title: 't' }];
      json(response, 200, { page, items, hasMore: true, nextPage: page === 3 ? 1 : page + 1 });
    });
    const seen: number[] = [];
    const walk = async () => {
      for await (const page of client(server.url).pages('jobs:board', 'browse', {}, { maxPages: 50 }))
        seen.push(page.page);
    };
    const error = await failure(walk());
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toContain('pointed back to page 1');
    expect(seen).toEqual([1, 2, 3]);
    expect(server.requests).toHaveLength(3);
  });

  it('items() throws on a cursor seen before', async () => {
    const next: Record<string, string> = { start: 'c-a', 'c-a': 'c-b', 'c-b': 'c-a' };
    const server = await serve((request, response) => {
      const cursor = new URL(request.url ?? '', 'http://x').searchParams.get('cursor') ?? 'start';
      json(response, 200, {
        ok: true,
        threads: [{ threadId: cursor, title: 't' }],
        hasMore: true,
        nextCursor: next[cursor],
      });
    });
    let items = 0;
    const walk = async () => {
      for await (const _ of client(server.url).items('social-media:board', 'hot', {}, { maxItems: 1000 })) items++;
    };
    const error = await failure(walk());
    expect(error.message).toContain('pointed back to cursor "c-a"');
    expect(items).toBe(3);
  });
});

describe('odd params are INVALID_PARAMS naming the param, and nothing is sent', () => {
  const cases: [string, string, string, unknown, string][] = [
    ['a lone surrogate in a path param', 'jobs:board', 'job', { jobId: 'a\uD800b' }, 'jobId'],
    ['an invalid Date on a loose endpoint', 'jobs:board', 'search', { since: new Date(Number.NaN) }, 'since'],
    ['an array as the params', 'jobs:board', 'search', ['q', 'x'], 'params'],
    ['a Map as the params', 'jobs:board', 'search', new Map([['q', 'x']]), 'params'],
    ['a Date as the params', 'jobs:board', 'browse', new Date(), 'params'],
    ['an object on a loose endpoint', 'jobs:board', 'search', { filter: { a: 1 } }, 'filter'],
    ['a function on a loose endpoint', 'jobs:board', 'search', { q: () => 'secret source' }, 'q'],
    ['NaN on a loose endpoint', 'jobs:board', 'search', { n: Number.NaN }, 'n'],
    ['a lone surrogate in a query value', 'jobs:board', 'search', { q: '\uDC00' }, 'q'],
    ['an object inside a list', 'jobs:board', 'search', { ids: ['a', { b: 1 }] }, 'ids'],
  ];
  it.each(cases)('%s', async (_, provider, endpoint, params, path) => {
    const server = await serve((_request, response) => json(response, 200, {}));
    const untyped = client(server.url) as unknown as { run(p: string, e: string, params: unknown): Promise<unknown> };
    const error = await failure(untyped.run(provider, endpoint, params));
    expect(error.code).toBe('INVALID_PARAMS');
    expect(error.issues.map((issue) => issue.path)).toContain(path);
    expect(error.message).toContain(path);
    expect(server.requests).toHaveLength(0);
  });
});

describe('policy mismatches', () => {
  it('a 429 whose Retry-After exceeds the time left fails at once as RATE_LIMITED with retryAfter', async () => {
    const server = await serve((_, response) =>
      json(response, 429, { status: 'error', message: 'slow down' }, { 'retry-after': '50' }),
    );
    // Retry-After 50 s is under the 60 s cap but past the 30 s left: waiting it out could only end in
    // TIMEOUT, so RATE_LIMITED (not TIMEOUT) shows the call did not wait.
    const error = await failure(
      client(server.url, { retry: { limit: 3, baseDelay: 1 }, timeout: 30_000 }).run('jobs:board', 'browse'),
    );
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryAfter).toBe(50);
    expect(server.requests).toHaveLength(1);
  });

  it('a 3xx without Location is an HTTP error, not a success', async () => {
    const server = await serve((_, response) => json(response, 302, emptyPage));
    const error = await failure(client(server.url).run('jobs:board', 'browse'));
    expect(error.code).toBe('HTTP');
    expect(error.status).toBe(302);
    expect(error.message).toContain('without a Location header');
  });

  it('a redirect to a non-http(s) URL is not followed', async () => {
    const server = await serve((_, response) => {
      response.writeHead(302, { location: `data:application/json,${JSON.stringify(emptyPage)}` });
      response.end();
    });
    const error = await failure(client(server.url).run('jobs:board', 'browse'));
    expect(error.code).toBe('HTTP');
    expect(error.message).toContain('data: URL, which is not followed');
  });

  it.each([
    [501, false, 1],
    [505, false, 1],
    [503, true, 3],
    [500, true, 3],
  ])('HTTP %i: retryable is %s, and it is sent %i time(s) with retry 2', async (status, retryable, sent) => {
    const server = await serve((_, response) => json(response, status, { status: 'error', message: 'no' }));
    const error = await failure(client(server.url, { retry: { limit: 2, baseDelay: 1 } }).run('jobs:board', 'browse'));
    expect(error.retryable).toBe(retryable);
    expect(server.requests).toHaveLength(sent);
  });

  it('HTTP 413 with Retry-After is not retried (ky alone would retry it)', async () => {
    const server = await serve((_, response) => {
      response.writeHead(413, { 'content-type': 'application/json', 'retry-after': '0' });
      response.end(JSON.stringify({ status: 'error', message: 'too large' }));
    });
    const error = await failure(client(server.url, { retry: { limit: 2, baseDelay: 1 } }).run('jobs:board', 'browse'));
    expect(error).toMatchObject({ status: 413, retryable: false });
    expect(server.requests).toHaveLength(1);
  });

  it('408 is TIMEOUT with status 408, retryable and retried', async () => {
    const server = await serve((_, response) => json(response, 408, { status: 'error', message: 'too slow' }));
    const error = await failure(client(server.url, { retry: { limit: 1, baseDelay: 1 } }).run('jobs:board', 'browse'));
    expect(error).toMatchObject({ code: 'TIMEOUT', status: 408, retryable: true });
    expect(server.requests).toHaveLength(2);
  });
});

describe('a caller or gateway mistake is a PdgError with the code that says whose', () => {
  it("signal: 'x' is USAGE before anything is sent, not a retryable NETWORK", async () => {
    const server = await serve((_, response) => json(response, 200, emptyPage));
    for (const signal of ['x', null, {}]) {
      // @ts-expect-error not an AbortSignal
      const error = await failure(client(server.url).run('jobs:board', 'browse', {}, { signal }));
      expect(error.code).toBe('USAGE');
      expect(error.retryable).toBe(false);
      expect(error.message).toContain('signal must be an AbortSignal');
    }
    expect(server.requests).toHaveLength(0);
  });

  it('a signal from AbortSignal.timeout is accepted', async () => {
    const server = await serve((_, response) => json(response, 200, emptyPage));
    const data = await client(server.url).run('jobs:board', 'browse', {}, { signal: AbortSignal.timeout(60_000) });
    expect(data).toEqual(emptyPage);
  });

  it('headers run() cannot send are USAGE naming the header (the params were fine), not INVALID_PARAMS', async () => {
    const server = await serve((_, response) => json(response, 200, emptyPage));
    const pdg = client(server.url);
    const crlf = await failure(pdg.run('jobs:board', 'browse', {}, { headers: { x: 'a\r\nb' } }));
    expect(crlf.code).toBe('USAGE');
    expect(crlf.message).toContain('The call option headers: the value of "x" has a line break');
    const name = await failure(pdg.run('jobs:board', 'browse', {}, { headers: [['bad header', '1']] }));
    expect(name.code).toBe('USAGE');
    expect(name.message).toContain('"bad header" is not a valid header name');
    expect(server.requests).toHaveLength(0);
  });

  it('headers createClient cannot send throw a USAGE PdgError naming the header, not a bare TypeError', () => {
    const thrown = (headers: HeadersInit) => {
      try {
        createClient({ providers, apiKey: 'k-hdr-1234', baseUrl: 'http://127.0.0.1:9', headers });
      } catch (error) {
        return error;
      }
      throw new Error('createClient accepted the headers');
    };
    const badName = thrown({ 'bad header': 'x' });
    expect(isPdgError(badName) && badName.code).toBe('USAGE');
    expect((badName as Error).message).toContain('createClient headers: "bad header" is not a valid header name');
    const badValue = thrown({ 'x-trace': 'token-abc\r\nx-evil: 1' });
    expect(isPdgError(badValue) && badValue.code).toBe('USAGE');
    expect((badValue as Error).message).toContain('createClient headers: the value of "x-trace" has a line break');
    expect((badValue as Error).message).not.toContain('token-abc');
  });

  it('a 503 body nested 3,000 deep is UPSTREAM, not a raw RangeError', async () => {
    const depth = 3_000;
    const nested = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const server = await serve((_, response) => {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(`{"status":"error","message":"down","content":${nested}}`);
    });
    const error = await failure(client(server.url).run('jobs:board', 'browse'));
    expect(error.code).toBe('UPSTREAM');
    expect(error.status).toBe(503);
  });
});

describe('debug output is bounded per line', () => {
  it('a 5 MB param writes a debug line of a few kilobytes, not megabytes', async () => {
    const lines: string[] = [];
    const pdg = createClient({
      providers,
      apiKey: KEY,
      baseUrl: 'https://gateway.pdg.test',
      debug: (line) => lines.push(line),
      fetch: async () => Response.json(emptyPage),
    });
    await pdg.run('jobs:board', 'search', { q: 'x'.repeat(5_000_000) });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.length).toBeLessThan(3_000);
    expect(lines[0]).toMatch(/^pdg GET https:\/\/gateway\.pdg\.test\/v1\/jobs:board\/search\?q=x+… 200 /);
  });
});

describe('whether a body holds the key, as a hook sees it', () => {
  const redactor = keyRedactor(KEY);
  it('finds it in an array item, an object key, deep, or cut before a mark; not elsewhere', () => {
    expect(redactor.holdsKey({ items: [{ a: 'x' }, { b: ['y', `see ${KEY}`] }] })).toBe(true);
    expect(redactor.holdsKey({ items: [{ [`k${KEY}`]: 1 }] })).toBe(true);
    expect(redactor.holdsKey({ note: `${KEY.slice(0, 9)}…` })).toBe(true);
    let deep: unknown = KEY;
    for (let depth = 0; depth < 5_000; depth++) deep = [deep];
    expect(redactor.holdsKey(deep)).toBe(true);
    // An ellipsis after a word that is not the key's start, the key's start not before a mark, indices.
    expect(redactor.holdsKey({ items: ['a word…', KEY.slice(0, 9), { n: 1, ok: true, none: null }] })).toBe(false);
    expect(redactor.holdsKey(Array.from({ length: 30 }, (_, index) => index))).toBe(false);
  });

  it('an afterResponse hook gets the key redacted whether the body writes it plainly, escaped or cut', async () => {
    // The key's characters as JSON escapes (\u0073…), the key plainly in a field's name, the key's start cut.
    const escaped = [...KEY].map((character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const bodies = [
      `{"page":1,"items":[{"note":"${escaped}"}],"hasMore":false,"nextPage":null}`,
      `{"page":1,"items":[{"${KEY}":1}],"hasMore":false,"nextPage":null}`,
      `{"page":1,"items":[{"note":"${KEY.slice(0, 9)}…"}],"hasMore":false,"nextPage":null}`,
      JSON.stringify({ ...emptyPage, items: [{ note: 'nothing secret…', path: 'a\\b' }] }),
    ];
    for (const [index, text] of bodies.entries()) {
      const server = await serve((_, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(text);
      });
      const seen: unknown[] = [];
      await client(server.url, { hooks: { afterResponse: ({ body }) => void seen.push(body) } }).run(
        'jobs:board',
        'browse',
      );
      const shown = JSON.stringify(seen[0]);
      expect(shown, `body ${index}`).not.toContain(KEY.slice(0, 9));
      expect(shown.includes('[redacted]'), `body ${index}`).toBe(index < 3);
    }
  });
});
