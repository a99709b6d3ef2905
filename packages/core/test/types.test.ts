/**
 * Type tests: `pnpm typecheck` compiles this file, so a broken inference fails the build; vitest runs it
 * too, so each expectation is also a live call against a stubbed gateway.
 */

import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineEndpoint, type ItemOf, type ParamsOf, type ResultOf, record, unlisted } from '../src/index.js';
import { gateway, testClient } from './harness.js';
import type { jobs } from './providers.js';

describe('run() is typed from the providers passed to createClient', () => {
  it('infers the result type of an endpoint', async () => {
    gateway().get('/v1/jobs:board/job/j1').reply(200, { jobId: 'j1', title: 'Nurse' });
    const job = await testClient().run('jobs:board', 'job', { jobId: 'j1' });
    expectTypeOf(job.jobId).toEqualTypeOf<string | undefined>();
    expectTypeOf(job).toHaveProperty('title');
  });

  it('types params: required, optional, enums, open enums', () => {
    type SearchParams = ParamsOf<typeof import('./providers.js').music.endpoints.search>;
    expectTypeOf<SearchParams['type']>().toEqualTypeOf<'track' | 'album' | 'artist' | undefined>();
    expectTypeOf<SearchParams['q']>().toEqualTypeOf<string>();
    type BrowseParams = ParamsOf<typeof jobs.endpoints.browse>;
    expectTypeOf<'auto'>().toExtend<NonNullable<BrowseParams['mode']>>();
    expectTypeOf<'anything-else'>().toExtend<NonNullable<BrowseParams['mode']>>();
  });

  it('types the items of a paged endpoint by its declared array', () => {
    expectTypeOf<ItemOf<typeof jobs.endpoints.browse>['jobId']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ResultOf<typeof jobs.endpoints.search>>().toEqualTypeOf<unknown>();
  });

  it('turns misuse into compile errors', () => {
    const pdg = testClient();
    const never = () => {
      // @ts-expect-error unknown provider id
      void pdg.run('music:nope', 'search', { q: 'x' });
      // @ts-expect-error unknown endpoint of a known provider
      void pdg.run('jobs:board', 'nope', {});
      // @ts-expect-error missing required param
      void pdg.run('jobs:board', 'job', {});
      // @ts-expect-error params required when the endpoint has a required param
      void pdg.run('jobs:board', 'job');
      // @ts-expect-error wrong enum value
      void pdg.run('music:tunes', 'search', { q: 'x', type: 'song' });
      // @ts-expect-error wrong param type
      void pdg.run('music:tunes', 'search', { q: 'x', limit: '5' });
      // @ts-expect-error unknown param
      void pdg.run('music:tunes', 'search', { q: 'x', qq: 'y' });
      // @ts-expect-error pages() only takes paged endpoints
      void pdg.pages('jobs:board', 'job', { jobId: 'x' });
      // Params may be left out when none is required.
      void pdg.run('jobs:board', 'browse');
    };
    expectTypeOf(never).toBeFunction();
  });
});

describe('result types name the documented fields only', () => {
  it('makes a misspelt field a compile error, at the top, in records and in the items of a walk', async () => {
    gateway().get('/v1/jobs:board/job/j1').reply(200, { jobId: 'j1', title: 'Nurse', salary: 'unlisted' });
    const job = await testClient().run('jobs:board', 'job', { jobId: 'j1' });
    // @ts-expect-error `titel` is not a documented field of a job
    void job.titel;
    expectTypeOf(job).not.toHaveProperty('salary');
    expectTypeOf(job).toEqualTypeOf<{ readonly jobId?: string | undefined; readonly title?: string | undefined }>();
    type Browse = ResultOf<typeof jobs.endpoints.browse>;
    expectTypeOf<keyof Browse>().toEqualTypeOf<'page' | 'items' | 'hasMore' | 'nextPage'>();
    expectTypeOf<keyof ItemOf<typeof jobs.endpoints.browse>>().toEqualTypeOf<'jobId' | 'title'>();
    const typo = (page: Browse) =>
      // @ts-expect-error `titel` is not a documented field of a job, read through the page's item array
      page.items[0]?.titel;
    expectTypeOf(typo).toBeFunction();
  });

  it('keeps the undocumented fields at run time, read with unlisted() as unknown', async () => {
    gateway().get('/v1/jobs:board/job/j1').reply(200, { jobId: 'j1', title: 'Nurse', salary: '40k' });
    const job = await testClient().run('jobs:board', 'job', { jobId: 'j1' });
    const salary = unlisted(job, 'salary');
    expectTypeOf(salary).toEqualTypeOf<unknown>();
    expect(salary).toBe('40k');
    expect(unlisted(job, 'bonus')).toBeUndefined();
    expect(unlisted(job, 'title')).toBe('Nurse');
  });

  it('keeps a map whose keys are data, a typed rest, and an unknown response as they are', () => {
    const endpoint = defineEndpoint({
      path: 'rates',
      description: 'Rates.',
      params: v.strictObject({}),
      response: v.looseObject({
        rates: v.record(v.string(), v.number()),
        row: v.record(v.string(), v.unknown()),
        tags: v.objectWithRest({ main: v.string() }, v.number()),
        items: v.array(record({ id: v.string() })),
      }),
    });
    type Rates = ResultOf<typeof endpoint>;
    expectTypeOf<Rates['rates']>().toEqualTypeOf<{ [key: string]: number }>();
    expectTypeOf<Rates['row']>().toEqualTypeOf<{ [key: string]: unknown }>();
    expectTypeOf<Rates['tags']['other']>().toEqualTypeOf<number>();
    expectTypeOf<keyof Rates>().toEqualTypeOf<'rates' | 'row' | 'tags' | 'items'>();
    expectTypeOf<Rates['items'][number]>().toEqualTypeOf<{ readonly id?: string | undefined }>();
    expectTypeOf<ResultOf<typeof jobs.endpoints.search>>().toEqualTypeOf<unknown>();
  });

  it('keeps a value a transformation made (a Date) as it is', () => {
    const endpoint = defineEndpoint({
      path: 'dated',
      description: 'Dated.',
      params: v.strictObject({}),
      response: v.looseObject({
        at: v.pipe(
          v.string(),
          v.transform((text) => new Date(text)),
        ),
      }),
    });
    expectTypeOf<ResultOf<typeof endpoint>>().toEqualTypeOf<{ at: Date }>();
  });
});
