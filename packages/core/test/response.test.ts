import { describe, expect, it } from 'vitest';
import { failure, gateway, testClient } from './harness.js';

const track = { title: 'One More Time', trackId: 101, isExplicit: false };

describe('step 6: the envelope', () => {
  it('is unwrapped: the result is its content', async () => {
    gateway()
      .get('/v1/music:tunes/search')
      .query({ q: 'daft punk' })
      .reply(200, { status: 'success', message: 'ok', content: { page: 1, count: 1, items: [track] } });
    const result = await testClient().run('music:tunes', 'search', { q: 'daft punk' });
    expect(result).toEqual({ page: 1, count: 1, items: [track] });
    expect(result.items[0]?.title).toBe('One More Time');
  });

  it('a body without the envelope, where one is declared, is INVALID_RESPONSE', async () => {
    gateway().get('/v1/music:tunes/search').query(true).reply(200, { page: 1, items: [] });
    const error = await failure(testClient().run('music:tunes', 'search', { q: 'x' }));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toContain('envelope');
  });
});

describe('step 7: response validation', () => {
  it("validate: 'strict' rejects a wrong shape with INVALID_RESPONSE naming the path", async () => {
    gateway()
      .get('/v1/music:tunes/search')
      .query(true)
      .reply(200, {
        status: 'success',
        message: 'ok',
        content: { page: 1, count: 1, items: [track, { ...track, trackId: 'one-hundred' }] },
      });
    const error = await failure(testClient().run('music:tunes', 'search', { q: 'x' }));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.issues).toEqual([{ path: 'items[1].trackId', message: 'expected number, received "one-hundred"' }]);
    expect(error.message).toContain('items[1].trackId');
    expect(error.message).toContain("validate: 'off'");
  });

  it("validate: 'off' returns the body as is", async () => {
    const content = { page: 1, count: 1, items: [{ ...track, trackId: 'one-hundred' }] };
    gateway().get('/v1/music:tunes/search').query(true).reply(200, { status: 'success', message: 'ok', content });
    const result = await testClient().run('music:tunes', 'search', { q: 'x' }, { validate: 'off' });
    expect(result).toEqual(content);
  });

  it("validate: 'off' on the client applies to every call", async () => {
    gateway().get('/v1/jobs:board/job/j1').reply(200, { jobId: 42 });
    const result = await testClient({ validate: 'off' }).run('jobs:board', 'job', { jobId: 'j1' });
    expect(result).toEqual({ jobId: 42 });
  });

  it('unknown response fields pass through', async () => {
    gateway()
      .get('/v1/music:tunes/search')
      .query(true)
      .reply(200, {
        status: 'success',
        message: 'ok',
        content: { page: 1, count: 1, items: [{ ...track, bpm: 123 }], servedBy: 'edge-2' },
      });
    const result = await testClient().run('music:tunes', 'search', { q: 'x' });
    expect(result.items[0]).toMatchObject({ bpm: 123 });
    expect(result).toMatchObject({ servedBy: 'edge-2' });
  });

  it('fields without a value may be null or omitted, and both read as undefined', async () => {
    gateway().get('/v1/jobs:board/job/j1').reply(200, { jobId: 'j1', title: null });
    gateway().get('/v1/jobs:board/job/j2').reply(200, { jobId: 'j2' });
    const withNull = await testClient().run('jobs:board', 'job', { jobId: 'j1' });
    const omitted = await testClient().run('jobs:board', 'job', { jobId: 'j2' });
    expect([withNull.title, omitted.title]).toEqual([undefined, undefined]);
    expect(JSON.stringify(withNull)).toBe('{"jobId":"j1"}');
  });

  it("validate: 'off' returns the body as sent, nulls included", async () => {
    gateway().get('/v1/jobs:board/job/j1').reply(200, { jobId: 'j1', title: null });
    const result = await testClient().run('jobs:board', 'job', { jobId: 'j1' }, { validate: 'off' });
    expect(result).toEqual({ jobId: 'j1', title: null });
  });
});
