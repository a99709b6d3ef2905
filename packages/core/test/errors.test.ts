import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { isPdgError, PdgError, type PdgErrorCode, pdgError, usageError } from '../src/index.js';
import { failure, gateway, testClient } from './harness.js';
import { API_KEY } from './providers.js';

const browse = () => testClient().run('jobs:board', 'browse', { country: 'SG' });

describe('step 5: each error code from its HTTP status', () => {
  it.each<[number, PdgErrorCode, boolean]>([
    [401, 'AUTH', false],
    [403, 'AUTH', false],
    [429, 'RATE_LIMITED', true],
    [404, 'NOT_FOUND', false],
    [400, 'BAD_REQUEST', false],
    [422, 'BAD_REQUEST', false],
    [500, 'UPSTREAM', true],
    [502, 'UPSTREAM', true],
    [503, 'UPSTREAM', true],
    [418, 'HTTP', false],
    [409, 'HTTP', false],
  ])(
    'HTTP %i gives %s (retryable: %s) with the gateway message, content, provider and endpoint',
    async (status, code, retryable) => {
      gateway()
        .get('/v1/jobs:board/browse')
        .query(true)
        .reply(status, { status: 'error', message: `failure ${status}`, content: { hint: 'detail' } });
      const error = await failure(browse());
      expect(error).toBeInstanceOf(PdgError);
      expect(error).toMatchObject({
        code,
        status,
        retryable,
        gatewayMessage: `failure ${status}`,
        content: { hint: 'detail' },
        provider: 'jobs:board',
        endpoint: 'browse',
      });
      expect(error.message).toBe(`jobs:board browse failed (${code}, HTTP ${status}): failure ${status}`);
    },
  );

  it('429 carries retryAfter from the Retry-After header', async () => {
    gateway()
      .get('/v1/jobs:board/browse')
      .query(true)
      .reply(429, { status: 'error', message: 'rate limit exceeded' }, { 'retry-after': '7' });
    const error = await failure(browse());
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryAfter).toBe(7);
    expect(error.message).toContain('retry after 7s');
  });

  it('a 5xx HTML error page is still UPSTREAM, with an excerpt as the message', async () => {
    gateway().get('/v1/jobs:board/browse').query(true).reply(502, '<html>Bad gateway</html>', {
      'content-type': 'text/html',
    });
    const error = await failure(browse());
    expect(error.code).toBe('UPSTREAM');
    expect(error.gatewayMessage).toBe('<html>Bad gateway</html>');
  });
});

describe('step 5: an error envelope on HTTP 200', () => {
  it.each<[string, PdgErrorCode]>([
    ['Invalid API key', 'AUTH'],
    ['Rate limit exceeded, slow down', 'RATE_LIMITED'],
    ['Upstream source failed to respond', 'UPSTREAM'],
    ['Job not found', 'NOT_FOUND'],
  ])('"%s" gives %s', async (message, code) => {
    gateway().get('/v1/jobs:board/browse').query(true).reply(200, { status: 'error', message });
    const error = await failure(browse());
    expect(error.code).toBe(code);
    expect(error.status).toBe(200);
    expect(error.gatewayMessage).toBe(message);
  });
});

describe('step 4: bodies that are not JSON', () => {
  it('malformed JSON on a 2xx gives PARSE with the status and an excerpt', async () => {
    gateway().get('/v1/jobs:board/browse').query(true).reply(200, '{"page": 1, "items": [', {
      'content-type': 'application/json',
    });
    const error = await failure(browse());
    expect(error.code).toBe('PARSE');
    expect(error.status).toBe(200);
    expect(error.message).toContain('HTTP 200');
    expect(error.message).toContain('{\\"page\\": 1, \\"items\\": [');
  });

  it('an HTML body on a 2xx gives PARSE', async () => {
    gateway().get('/v1/jobs:board/browse').query(true).reply(200, '<!doctype html><p>maintenance</p>');
    const error = await failure(browse());
    expect(error.code).toBe('PARSE');
    expect(error.content).toBe('<!doctype html><p>maintenance</p>');
  });

  it('a long body is cut to a short excerpt', async () => {
    gateway()
      .get('/v1/jobs:board/browse')
      .query(true)
      .reply(200, `<p>${'x'.repeat(5000)}</p>`);
    const error = await failure(browse());
    expect(error.message.length).toBeLessThan(400);
  });
});

describe('network failures', () => {
  it('a refused connection gives NETWORK', async () => {
    const pdg = testClient({ baseUrl: 'http://127.0.0.1:9' });
    const { default: nock } = await import('nock');
    nock.enableNetConnect('127.0.0.1:9');
    try {
      const error = await failure(pdg.run('jobs:board', 'browse', {}));
      expect(error.code).toBe('NETWORK');
      expect(error.retryable).toBe(true);
      expect(error.message).toContain('could not reach http://127.0.0.1:9');
    } finally {
      nock.disableNetConnect();
    }
  });
});

describe('the API key never leaks into an error', () => {
  it('appears in no error message, stack, toJSON() or inspect output, even when the gateway echoes it', async () => {
    gateway()
      .get('/v1/jobs:board/browse')
      .query(true)
      .reply(401, { status: 'error', message: `Invalid key ${API_KEY}`, content: { key: API_KEY, nested: [API_KEY] } });
    const error = await failure(browse());
    expect(error.code).toBe('AUTH');
    const views = [
      error.message,
      error.stack ?? '',
      JSON.stringify(error),
      inspect(error, { depth: 10 }),
      String(error),
    ];
    for (const view of views) expect(view).not.toContain(API_KEY);
    expect(error.gatewayMessage).toBe('Invalid key [redacted]');
  });

  it('is absent from PARSE and NETWORK errors too', async () => {
    gateway().get('/v1/jobs:board/browse').query(true).reply(200, `not json ${API_KEY}`);
    const parse = await failure(browse());
    expect(JSON.stringify(parse) + parse.stack).not.toContain(API_KEY);
  });
});

describe('PdgError', () => {
  it('is recognised across copies of core by its Symbol.for marker', () => {
    const foreign = Object.assign(new Error('from another copy'), { code: 'AUTH' });
    Object.defineProperty(foreign, Symbol.for('@pdg/core/PdgError'), { value: true });
    expect(isPdgError(foreign)).toBe(true);
    expect(foreign instanceof PdgError).toBe(true);
    expect(new Error('plain') instanceof PdgError).toBe(false);
  });
});

describe('the builders other packages build their errors with', () => {
  it('pdgError makes a PdgError of the given fields, ending the message with "Nothing was sent." when asked', () => {
    const issues = [{ path: 'fields', message: 'must be a list' }];
    const before = pdgError({
      code: 'INVALID_PARAMS',
      provider: 'jobs:board',
      endpoint: 'browse',
      issues,
      message: 'Invalid arguments for pdg_call: fields must be a list.',
      nothingSent: true,
    });
    expect(before).toBeInstanceOf(PdgError);
    expect(before.message).toBe('Invalid arguments for pdg_call: fields must be a list. Nothing was sent.');
    expect(before).toMatchObject({ code: 'INVALID_PARAMS', provider: 'jobs:board', endpoint: 'browse', issues });
    expect(before.retryable).toBe(false);
    expect('nothingSent' in before.toJSON()).toBe(false);
    const after = pdgError({ code: 'UPSTREAM', status: 503, message: 'upstream failed' });
    expect(after.message).toBe('upstream failed');
    expect(after.retryable).toBe(true);
  });

  it('usageError makes a USAGE error about the call it names, or about none', () => {
    const named = usageError('jobs:board browse is not paged.', { provider: 'jobs:board', endpoint: 'browse' });
    expect(named).toMatchObject({ code: 'USAGE', provider: 'jobs:board', endpoint: 'browse', retryable: false });
    expect(named.message).toBe('jobs:board browse is not paged.');
    expect(usageError('No API key.')).toMatchObject({ code: 'USAGE', provider: undefined, endpoint: undefined });
  });
});

describe('one error story: every failure from createClient, run, pages and items is a PdgError', () => {
  it('setting up the client or the call wrongly is a USAGE PdgError, not retryable', async () => {
    const { createClient, isPdgError: recognised } = await import('../src/index.js');
    const { providers, API_KEY, BASE_URL } = await import('./providers.js');
    const failures: unknown[] = [];
    const capture = async (attempt: () => unknown) => {
      try {
        await attempt();
        failures.push('no error');
      } catch (error) {
        failures.push(error);
      }
    };
    await capture(() => createClient({ providers, apiKey: API_KEY, baseUrl: '' }));
    await capture(() => createClient({ providers, apiKey: '', baseUrl: BASE_URL }));
    await capture(() => createClient({ providers, apiKey: API_KEY, baseUrl: BASE_URL, timeout: -1 }));
    await capture(() => createClient({ providers, apiKey: API_KEY, baseUrl: BASE_URL, retry: -1 }));
    const pdg = createClient({ providers, apiKey: API_KEY, baseUrl: BASE_URL });
    // @ts-expect-error the client has no such provider
    await capture(() => pdg.run('music:nope', 'search', {}));
    // @ts-expect-error the provider has no such endpoint
    await capture(() => pdg.run('jobs:board', 'nope', {}));
    // @ts-expect-error job is not paged
    await capture(() => pdg.items('jobs:board', 'job', { jobId: 'j1' }).next());
    await capture(() => pdg.items('jobs:board', 'browse', {}, { maxItems: -1 }).next());
    // @ts-expect-error a damaged checkpoint
    await capture(() => pdg.items('jobs:board', 'browse', {}, { resume: { taken: 'x' } }).next());
    expect(failures.map((error) => recognised(error) && error.code)).toEqual(Array(9).fill('USAGE'));
    expect(failures.every((error) => recognised(error) && !error.retryable)).toBe(true);
    expect(failures.map((error) => (error as Error).message)).toContainEqual(
      expect.stringContaining('Unknown provider "music:nope"'),
    );
  });
});
