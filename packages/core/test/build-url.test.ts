import { describe, expect, it } from 'vitest';
import { buildUrl, isPdgError } from '../src/index.js';
import { gateway, testClient } from './harness.js';
import { jobs, music } from './providers.js';

/** The job detail endpoint, whose id is the last path segment. */
const job = { provider: 'jobs:board', endpoint: 'job', definition: jobs.endpoints.job };

describe('step 2: the URL', () => {
  it('is {baseUrl}/v1/{provider}/{endpoint} with only the params the caller passed', () => {
    const url = buildUrl({
      baseUrl: 'https://gw.test/',
      provider: 'music:tunes',
      endpoint: 'search',
      definition: music.endpoints.search,
      params: { q: 'daft punk', limit: 5, explicit: false, tags: ['house', 'french'], page: undefined },
    });
    expect(url.href).toBe(
      'https://gw.test/v1/music:tunes/search?q=daft+punk&limit=5&explicit=false&tags=house%2Cfrench',
    );
  });

  it('keeps a base URL path prefix', () => {
    const url = buildUrl({ ...job, baseUrl: 'https://gw.test/api', params: { jobId: 'abc' } });
    expect(url.pathname).toBe('/api/v1/jobs:board/job/abc');
  });

  it.each([
    ['a/b', 'a%2Fb'],
    ['x?admin=1', 'x%3Fadmin%3D1'],
    ['x#frag', 'x%23frag'],
    ['../../admin', '..%2F..%2Fadmin'],
    ['a..b', 'a..b'],
  ])('a path param containing %j stays inside one path segment', (value, encoded) => {
    const url = buildUrl({ ...job, baseUrl: 'https://gw.test', params: { jobId: value } });
    expect(url.pathname).toBe(`/v1/jobs:board/job/${encoded}`);
    expect(url.search).toBe('');
    expect(url.hash).toBe('');
    expect(decodeURIComponent(url.pathname.split('/').at(-1) ?? '')).toBe(value);
  });

  it.each(['..', '.', ''])('a path param of %j, which no URL can keep as a segment, is refused', (value) => {
    let error: unknown;
    try {
      buildUrl({ ...job, baseUrl: 'https://gw.test', params: { jobId: value } });
    } catch (thrown) {
      error = thrown;
    }
    expect(isPdgError(error) && error.code).toBe('INVALID_PARAMS');
    expect(isPdgError(error) && error.issues[0]?.path).toBe('jobId');
  });

  it('a path param with / ? # .. is sent to the gateway as one segment', async () => {
    const scope = gateway().get('/v1/jobs:board/job/..%2Fadmin%3Fx%3D1%23y').reply(200, { jobId: 'j', title: 't' });
    const job = await testClient().run('jobs:board', 'job', { jobId: '../admin?x=1#y' });
    expect(job.jobId).toBe('j');
    expect(scope.isDone()).toBe(true);
  });
});
