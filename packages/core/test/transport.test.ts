import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import nock from 'nock';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backoffDelay, defaultRetryPolicy } from '../src/index.js';
import { failure, gateway, testClient } from './harness.js';
import { API_KEY, BASE_URL } from './providers.js';

const emptyPage = { page: 1, items: [], hasMore: false, nextPage: null };

describe('step 3: headers', () => {
  it('sends x-api-key, accept: application/json and the configured headers', async () => {
    const scope = nock(BASE_URL, {
      reqheaders: { 'x-api-key': API_KEY, accept: 'application/json', 'x-team': 'data', 'x-call': 'one' },
    })
      .get('/v1/jobs:board/browse')
      .reply(200, emptyPage);
    await testClient({ headers: { 'x-team': 'data' } }).run(
      'jobs:board',
      'browse',
      {},
      { headers: { 'x-call': 'one' } },
    );
    expect(scope.isDone()).toBe(true);
  });
});

describe('step 3: retries', () => {
  it('429 with Retry-After is retried after that wait', async () => {
    const times: number[] = [];
    const scope = gateway()
      .get('/v1/jobs:board/browse')
      .reply(() => {
        times.push(performance.now());
        return [429, { status: 'error', message: 'slow down' }, { 'retry-after': '1' }];
      })
      .get('/v1/jobs:board/browse')
      .reply(() => {
        times.push(performance.now());
        return [200, emptyPage];
      });
    const page = await testClient({ retry: 2 }).run('jobs:board', 'browse');
    expect(page.hasMore).toBe(false);
    expect(scope.isDone()).toBe(true);
    const [first = 0, second = 0] = times;
    expect(second - first).toBeGreaterThanOrEqual(950);
  });

  it('429 is retried a bounded number of times, then RATE_LIMITED with retryAfter', async () => {
    let attempts = 0;
    gateway()
      .get('/v1/jobs:board/browse')
      .times(10)
      .reply(() => {
        attempts++;
        return [429, { status: 'error', message: 'slow down' }, { 'retry-after': '0' }];
      });
    const error = await failure(testClient({ retry: 2 }).run('jobs:board', 'browse'));
    expect(attempts).toBe(3);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryAfter).toBe(0);
  });

  it('a Retry-After longer than maxRetryAfter fails at once instead of stalling', async () => {
    let attempts = 0;
    gateway()
      .get('/v1/jobs:board/browse')
      .times(5)
      .reply(() => {
        attempts++;
        return [429, { status: 'error', message: 'quota' }, { 'retry-after': '3600' }];
      });
    const error = await failure(testClient({ retry: { limit: 3, maxRetryAfter: 5_000 } }).run('jobs:board', 'browse'));
    expect(attempts).toBe(1);
    expect(error.retryAfter).toBe(3600);
  });

  it('5xx is retried with backoff, a bounded number of times', async () => {
    const times: number[] = [];
    gateway()
      .get('/v1/jobs:board/browse')
      .times(10)
      .reply(() => {
        times.push(performance.now());
        return [503, { status: 'error', message: 'upstream down' }];
      });
    const retries: string[] = [];
    const pdg = testClient({
      retry: { limit: 3, baseDelay: 40, maxDelay: 1_000 },
      hooks: { beforeRetry: ({ attempt, error }) => void retries.push(`${attempt} ${error.code}`) },
    });
    const error = await failure(pdg.run('jobs:board', 'browse'));
    expect(error.code).toBe('UPSTREAM');
    expect(times).toHaveLength(4);
    expect(retries).toEqual(['1 UPSTREAM', '2 UPSTREAM', '3 UPSTREAM']);
    // Equal jitter: each wait is at least half of 40, 80, 160 ms.
    const waits = times.slice(1).map((time, index) => time - (times[index] ?? 0));
    expect(waits[0]).toBeGreaterThanOrEqual(18);
    expect(waits[1]).toBeGreaterThanOrEqual(38);
    expect(waits[2]).toBeGreaterThanOrEqual(78);
  });

  it('a 5xx followed by a success returns the success', async () => {
    gateway().get('/v1/jobs:board/browse').reply(500, { status: 'error', message: 'boom' });
    gateway().get('/v1/jobs:board/browse').reply(200, emptyPage);
    const page = await testClient({ retry: { limit: 1, baseDelay: 1 } }).run('jobs:board', 'browse');
    expect(page.page).toBe(1);
  });

  it('4xx other than 408 and 429 is not retried', async () => {
    let attempts = 0;
    gateway()
      .get('/v1/jobs:board/browse')
      .times(5)
      .reply(() => {
        attempts++;
        return [404, { status: 'error', message: 'no such thing' }];
      });
    await failure(testClient({ retry: 3 }).run('jobs:board', 'browse'));
    expect(attempts).toBe(1);
  });

  it('retry: 0 per call disables retrying', async () => {
    let attempts = 0;
    gateway()
      .get('/v1/jobs:board/browse')
      .times(5)
      .reply(() => {
        attempts++;
        return [500, { status: 'error', message: 'boom' }];
      });
    await failure(testClient({ retry: 3 }).run('jobs:board', 'browse', {}, { retry: 0 }));
    expect(attempts).toBe(1);
  });

  it('backoff doubles per retry, is capped, and jitters within [nominal/2, nominal]', () => {
    const policy = { ...defaultRetryPolicy, baseDelay: 100, maxDelay: 500 };
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, policy, () => 1))).toEqual([100, 200, 400, 500]);
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, policy, () => 0))).toEqual([50, 100, 200, 250]);
  });
});

describe('step 3: timeout and abort', () => {
  // A real loopback server that answers only after a minute, so a call that ends sooner was ended by the
  // client's own timer or signal.
  let server: Server;
  let slowUrl = '';
  beforeAll(async () => {
    nock.enableNetConnect('127.0.0.1');
    server = createServer((request, response) => {
      const timer = setTimeout(() => response.end(JSON.stringify(emptyPage)), 60_000);
      request.on('close', () => clearTimeout(timer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    slowUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    nock.disableNetConnect();
  });
  const slowClient = (options: Parameters<typeof testClient>[0] = {}) => testClient({ baseUrl: slowUrl, ...options });

  it('a per-call timeout gives TIMEOUT', async () => {
    const error = await failure(slowClient().run('jobs:board', 'browse', {}, { timeout: 100 }));
    expect(error.code).toBe('TIMEOUT');
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('100 ms');
  });

  it('the timeout covers retries and their backoff', async () => {
    gateway().get('/v1/jobs:board/browse').times(10).reply(503, { status: 'error', message: 'down' });
    const error = await failure(
      testClient({ retry: { limit: 5, baseDelay: 400 } }).run('jobs:board', 'browse', {}, { timeout: 300 }),
    );
    expect(error.code).toBe('TIMEOUT');
  });

  it('an aborted signal stops the call with the signal reason', async () => {
    const controller = new AbortController();
    const call = slowClient().run('jobs:board', 'browse', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('an already-aborted signal sends nothing', async () => {
    const scope = gateway().get('/v1/jobs:board/browse').reply(200, emptyPage);
    const reason = new Error('caller gave up');
    await expect(testClient().run('jobs:board', 'browse', {}, { signal: AbortSignal.abort(reason) })).rejects.toBe(
      reason,
    );
    expect(scope.isDone()).toBe(false);
  });

  it('an abort during retry backoff stops the retries', async () => {
    let attempts = 0;
    const controller = new AbortController();
    gateway()
      .get('/v1/jobs:board/browse')
      .times(5)
      .reply(() => {
        attempts++;
        // Aborted once the first 503 is on its way, not after a fixed time: the first request has been
        // answered however slow the machine, and the backoff (250 ms at least) has not run out.
        setTimeout(() => controller.abort(), 0);
        return [503, { status: 'error', message: 'down' }];
      });
    const call = testClient({ retry: { limit: 4, baseDelay: 500 } }).run(
      'jobs:board',
      'browse',
      {},
      {
        signal: controller.signal,
      },
    );
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(attempts).toBe(1);
  });
});

describe('step 3: redirects', () => {
  it('a redirect to another origin never carries x-api-key', async () => {
    gateway().get('/v1/jobs:board/browse').reply(302, '', { location: 'https://elsewhere.test/landing' });
    // badheaders: this interceptor does not match (and the call fails) if x-api-key is present.
    const other = nock('https://elsewhere.test', { badheaders: ['x-api-key'] })
      .get('/landing')
      .reply(200, emptyPage);
    const page = await testClient().run('jobs:board', 'browse');
    expect(other.isDone()).toBe(true);
    expect(page.page).toBe(1);
  });

  it('a same-origin redirect still works, with the key', async () => {
    gateway().get('/v1/jobs:board/browse').reply(301, '', { location: '/v1/jobs:board/browse-v2' });
    const moved = gateway().get('/v1/jobs:board/browse-v2').reply(200, emptyPage);
    await testClient().run('jobs:board', 'browse');
    expect(moved.isDone()).toBe(true);
  });

  it('a redirect loop ends with an HTTP error', async () => {
    gateway().get('/v1/jobs:board/browse').times(10).reply(302, '', { location: '/v1/jobs:board/browse' });
    const error = await failure(testClient().run('jobs:board', 'browse'));
    expect(error.code).toBe('HTTP');
    expect(error.message).toContain('redirects');
  });
});

describe('the call timer ends with the call', () => {
  it('no timer is left behind by calls that ended, answered or failed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let answered = 0;
      const client = testClient({
        timeout: 30_000,
        fetch: async () => {
          answered++;
          return answered % 2 === 0
            ? new Response(JSON.stringify(emptyPage), { headers: { 'content-type': 'application/json' } })
            : new Response(JSON.stringify({ status: 'error', message: 'Not found' }), { status: 404 });
        },
      });
      for (let call = 0; call < 20; call++) await client.run('jobs:board', 'browse', {}).catch(() => undefined);
      expect(answered).toBe(20);
      // Each call set a 30 s timer; every one was cleared when its call ended, none waits to fire.
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
