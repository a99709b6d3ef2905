import { describe, expect, it } from 'vitest';
import type { Hooks } from '../src/index.js';
import { gateway, testClient } from './harness.js';

const emptyPage = { page: 1, items: [], hasMore: false, nextPage: null };

describe('step 8: hooks', () => {
  it('beforeRequest sees the call and can replace the request; afterResponse sees the body', async () => {
    const scope = gateway()
      .matchHeader('x-trace-id', 'trace-1')
      .get('/v1/jobs:board/browse')
      .query({ country: 'SG' })
      .reply(200, emptyPage);
    const log: string[] = [];
    const tracing: Hooks = {
      beforeRequest: ({ provider, endpoint, params, request }) => {
        log.push(`request ${provider} ${endpoint} ${JSON.stringify(params)} ${new URL(request.url).pathname}`);
        const traced = new Request(request);
        traced.headers.set('x-trace-id', 'trace-1');
        return traced;
      },
      afterResponse: ({ response, body, durationMs }) => {
        log.push(`response ${response.status} ${JSON.stringify(body)} ${durationMs >= 0}`);
      },
    };
    await testClient({ hooks: tracing }).run('jobs:board', 'browse', { country: 'SG' });
    expect(scope.isDone()).toBe(true);
    expect(log).toEqual([
      'request jobs:board browse {"country":"SG"} /v1/jobs:board/browse',
      `response 200 ${JSON.stringify(emptyPage)} true`,
    ]);
  });

  it('afterResponse can replace the body before validation', async () => {
    gateway()
      .get('/v1/jobs:board/job/j1')
      .reply(200, { job: { jobId: 'j1', title: 'Nurse' } });
    const unnest: Hooks = { afterResponse: ({ body }) => (body as { job: unknown }).job };
    const job = await testClient({ hooks: unnest }).run('jobs:board', 'job', { jobId: 'j1' });
    expect(job.title).toBe('Nurse');
  });

  it('onError sees every failure, and several hook sets run in order', async () => {
    gateway().get('/v1/jobs:board/job/j1').reply(404, { status: 'error', message: 'gone' });
    const seen: string[] = [];
    const first: Hooks = { onError: ({ error }) => void seen.push(`first ${error.code}`) };
    const second: Hooks = { onError: ({ error }) => void seen.push(`second ${error.code}`) };
    await expect(testClient({ hooks: [first, second] }).run('jobs:board', 'job', { jobId: 'j1' })).rejects.toThrow();
    expect(seen).toEqual(['first NOT_FOUND', 'second NOT_FOUND']);
  });

  it('onError sees INVALID_PARAMS too', async () => {
    const seen: string[] = [];
    const pdg = testClient({ hooks: { onError: ({ error }) => void seen.push(error.code) } });
    // @ts-expect-error jobId is required
    await expect(pdg.run('jobs:board', 'job', {})).rejects.toThrow();
    expect(seen).toEqual(['INVALID_PARAMS']);
  });
});
