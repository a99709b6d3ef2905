import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { stringParam, validateParams } from '../src/index.js';
import { failure, gateway, testClient } from './harness.js';

describe('step 1: params are validated before anything is sent', () => {
  it('invalid params give INVALID_PARAMS naming the param and the rule, and no request is made', async () => {
    const scope = gateway().get(/.*/).reply(200, {});
    const pdg = testClient();
    const error = await failure(pdg.run('music:tunes', 'search', { q: 'daft punk', limit: 100 }));
    expect(error.code).toBe('INVALID_PARAMS');
    expect(error.issues).toEqual([{ path: 'limit', message: 'must be at most 50 (received 100)' }]);
    expect(error.message).toContain('limit must be at most 50 (received 100)');
    expect(error.message).toContain('Nothing was sent');
    expect(scope.isDone()).toBe(false);
  });

  it('an empty value is reported once, not once per rule it breaks', () => {
    const endpoint = {
      description: 'x',
      params: v.strictObject({ id: stringParam({ pattern: /^tt\d+$/, patternMessage: 'must be a title id' }) }),
      response: v.unknown(),
    };
    let issues: unknown;
    try {
      validateParams({ provider: 'movie:titles', endpoint: 'title', definition: endpoint, params: { id: '' } });
    } catch (error) {
      issues = (error as { issues: unknown }).issues;
    }
    expect(issues).toEqual([{ path: 'id', message: 'must not be empty (received "")' }]);
  });

  it('a missing required param is named as required', async () => {
    const pdg = testClient();
    // @ts-expect-error q is required
    const error = await failure(pdg.run('music:tunes', 'search', { limit: 5 }));
    expect(error.issues).toEqual([{ path: 'q', message: 'is required' }]);
  });

  it('a value outside a closed enum lists the accepted values', async () => {
    const pdg = testClient();
    // @ts-expect-error 'song' is not one of the enum's values
    const error = await failure(pdg.run('music:tunes', 'search', { q: 'x', type: 'song' }));
    expect(error.issues[0]).toEqual({
      path: 'type',
      message: 'must be one of "track", "album", "artist" (received "song")',
    });
  });

  it('a wrong type says what was expected', async () => {
    const pdg = testClient();
    // @ts-expect-error limit is a number
    const error = await failure(pdg.run('music:tunes', 'search', { q: 'x', limit: '5' }));
    expect(error.issues[0]).toEqual({ path: 'limit', message: 'must be number (received "5")' });
  });

  it('a fractional value for a whole-number param is refused', async () => {
    const pdg = testClient();
    const error = await failure(pdg.run('music:tunes', 'search', { q: 'x', limit: 2.5 }));
    expect(error.issues[0]?.message).toBe('must be a whole number (received 2.5)');
  });

  it('an unknown param (a typo) is refused with the accepted names', async () => {
    const pdg = testClient();
    // @ts-expect-error qq is not a param
    const error = await failure(pdg.run('music:tunes', 'search', { q: 'x', qq: 'y' }));
    expect(error.issues[0]).toEqual({
      path: 'qq',
      message: 'is not a param of this endpoint (accepted: q, type, limit, page, explicit, tags)',
    });
  });

  it('every broken rule is reported at once', async () => {
    const pdg = testClient();
    // @ts-expect-error two rules broken
    const error = await failure(pdg.run('music:tunes', 'search', { limit: 0 }));
    expect(error.issues.map((issue) => issue.path).sort()).toEqual(['limit', 'q']);
  });

  it('an open enum accepts values beyond the named ones', async () => {
    const scope = gateway().get('/v1/jobs:board/browse').query({ mode: 'headless' }).reply(200, {
      page: 1,
      items: [],
      hasMore: false,
      nextPage: null,
    });
    await testClient().run('jobs:board', 'browse', { mode: 'headless' });
    expect(scope.isDone()).toBe(true);
  });

  it('an undocumented endpoint takes any params', async () => {
    const scope = gateway().get('/v1/jobs:board/search').query({ keyword: 'nurse', level: '3' }).reply(200, { any: 1 });
    const result = await testClient().run('jobs:board', 'search', { keyword: 'nurse', level: 3 });
    expect(result).toEqual({ any: 1 });
    expect(scope.isDone()).toBe(true);
  });
});
