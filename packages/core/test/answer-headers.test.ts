/**
 * The request id and rate limit of an answer, on `runWithResponse`'s `response` and on a `PdgError`, for each
 * header form a gateway sends: the IETF `RateLimit` field (both drafts' forms), its older separate `RateLimit-*` fields, and
 * `X-RateLimit-*` (with a reset in seconds or as an epoch time).
 */
import { describe, expect, it } from 'vitest';
import { answerInfo } from '../src/errors/answer-headers.js';
import { failure, gateway, testClient } from './harness.js';

const job = { jobId: 'j1', title: 'Welder', company: 'Acme Works' };

/** Each header form, the headers sent and what the SDK reads from them. */
const forms: ReadonlyArray<{ name: string; headers: Record<string, string>; expected: Record<string, unknown> }> = [
  {
    name: 'RateLimit (structured, limit=, remaining=, reset=) and x-request-id',
    headers: { ratelimit: 'limit=10, remaining=3, reset=5', 'x-request-id': 'req-structured-1' },
    expected: { requestId: 'req-structured-1', rateLimit: { limit: 10, remaining: 3, resetSeconds: 5 } },
  },
  {
    name: 'RateLimit-Limit/-Remaining/-Reset and request-id',
    headers: {
      'ratelimit-limit': '100',
      'ratelimit-remaining': '99',
      'ratelimit-reset': '30',
      'request-id': 'req-separate-2',
    },
    expected: { requestId: 'req-separate-2', rateLimit: { limit: 100, remaining: 99, resetSeconds: 30 } },
  },
  {
    name: 'RateLimit and RateLimit-Policy as the newer IETF draft writes them ("default";r=;t= and q=)',
    headers: { ratelimit: '"default";r=7;t=20', 'ratelimit-policy': '"default";q=50;w=60', 'x-request-id': 'req-4' },
    expected: { requestId: 'req-4', rateLimit: { limit: 50, remaining: 7, resetSeconds: 20 } },
  },
  {
    name: 'X-RateLimit-* with the reset in seconds',
    headers: { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '12' },
    expected: { rateLimit: { limit: 60, remaining: 0, resetSeconds: 12 } },
  },
];

describe('requestId and rateLimit on a result', () => {
  for (const form of forms) {
    it(`reads ${form.name}`, async () => {
      gateway().get('/v1/jobs:board/job/j1').reply(200, job, form.headers);
      const { response } = await testClient().runWithResponse('jobs:board', 'job', { jobId: 'j1' });
      expect({ requestId: response.requestId, rateLimit: response.rateLimit }).toEqual({
        requestId: undefined,
        rateLimit: undefined,
        ...form.expected,
      });
    });
  }

  it('reads X-RateLimit-Reset given as an epoch time as seconds from now', async () => {
    const resetAt = Math.floor(Date.now() / 1000) + 90;
    gateway()
      .get('/v1/jobs:board/job/j1')
      .reply(200, job, { 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': String(resetAt) });
    const { response } = await testClient().runWithResponse('jobs:board', 'job', { jobId: 'j1' });
    expect(response.rateLimit?.remaining).toBe(7);
    // 90 s ahead when sent; a slow machine may have spent some of them.
    expect(response.rateLimit?.resetSeconds).toBeGreaterThan(30);
    expect(response.rateLimit?.resetSeconds).toBeLessThanOrEqual(90);
  });

  it('leaves both absent when the gateway sends neither', async () => {
    gateway().get('/v1/jobs:board/job/j1').reply(200, job);
    const { response } = await testClient().runWithResponse('jobs:board', 'job', { jobId: 'j1' });
    expect('requestId' in response).toBe(false);
    expect('rateLimit' in response).toBe(false);
  });
});

describe('requestId and rateLimit on a PdgError', () => {
  for (const form of forms) {
    it(`reads ${form.name} from a 429, and tells them in toJSON()`, async () => {
      gateway()
        .get('/v1/jobs:board/job/j1')
        .reply(429, { status: 'error', message: 'Rate limit exceeded' }, { ...form.headers, 'retry-after': '2' });
      const error = await failure(testClient().run('jobs:board', 'job', { jobId: 'j1' }));
      expect(error.code).toBe('RATE_LIMITED');
      expect({ requestId: error.requestId, rateLimit: error.rateLimit }).toEqual({
        requestId: undefined,
        rateLimit: undefined,
        ...form.expected,
      });
      const json = JSON.parse(JSON.stringify(error));
      expect(json.rateLimit).toEqual(form.expected.rateLimit);
      expect(json.requestId).toBe(form.expected.requestId);
    });
  }

  it('carries the request id of a 2xx whose body is not the documented shape', async () => {
    gateway().get('/v1/jobs:board/job/j1').reply(200, { jobId: 42 }, { 'x-request-id': 'req-bad-shape' });
    const error = await failure(testClient().run('jobs:board', 'job', { jobId: 'j1' }));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.requestId).toBe('req-bad-shape');
  });

  it('carries neither when the failed answer sent neither', async () => {
    gateway().get('/v1/jobs:board/job/j1').reply(404, { status: 'error', message: 'Not found' });
    const error = await failure(testClient().run('jobs:board', 'job', { jobId: 'j1' }));
    expect(error.requestId).toBeUndefined();
    expect(error.rateLimit).toBeUndefined();
  });
});

describe('debug lines', () => {
  it('show the request id and the rate limit of each answer', async () => {
    gateway().get('/v1/jobs:board/job/j1').reply(200, job, forms[0]?.headers);
    const lines: string[] = [];
    await testClient({ debug: (line) => lines.push(line) }).run('jobs:board', 'job', { jobId: 'j1' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/ request-id=req-structured-1 ratelimit\(limit=10 remaining=3 resetSeconds=5\)$/);
  });
});

describe('answerInfo', () => {
  it('takes a partial rate limit as it came, and ignores what is not a count', () => {
    const headers = new Headers({ 'x-ratelimit-remaining': '4', 'x-ratelimit-limit': 'many' });
    expect(answerInfo(headers)).toEqual({ rateLimit: { remaining: 4 } });
    expect(answerInfo(new Headers({ ratelimit: 'remaining=-1' }))).toEqual({});
  });

  it('leaves out every field that is not digits alone (a fraction, hex, an exponent, a sign, too large to be exact)', () => {
    const notCounts = ['2.5', '0x10', '1e1', '+3', '-0', '1_000', '²', 'Infinity', '', ' ', '9007199254740993'];
    for (const text of notCounts) {
      for (const prefix of ['x-ratelimit', 'ratelimit']) {
        const headers = new Headers({
          [`${prefix}-limit`]: text,
          [`${prefix}-remaining`]: text,
          [`${prefix}-reset`]: text,
        });
        expect(answerInfo(headers), `${prefix}-* = ${JSON.stringify(text)}`).toEqual({});
      }
      const structured = new Headers({ ratelimit: `limit=${text}, remaining=${text}, reset=${text}` });
      expect(answerInfo(structured), `RateLimit: limit=${text}`).toEqual({});
    }
  });

  it('keeps the counts among fields that are not, with the spaces a header puts around them', () => {
    const headers = new Headers({ ratelimit: 'limit=10, remaining=2.5, reset= 7 ', 'x-ratelimit-remaining': '4' });
    // remaining comes from the first form that has it (RateLimit's 2.5): not a count, so it is left out.
    expect(answerInfo(headers)).toEqual({ rateLimit: { limit: 10, resetSeconds: 7 } });
    expect(answerInfo(new Headers({ 'x-ratelimit-remaining': '007' }))).toEqual({ rateLimit: { remaining: 7 } });
  });

  it('prefers x-request-id over request-id', () => {
    expect(answerInfo(new Headers({ 'x-request-id': 'a', 'request-id': 'b' }))).toEqual({ requestId: 'a' });
  });
});
