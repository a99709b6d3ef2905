/**
 * Type tests: `pnpm typecheck` compiles this file, so a broken inference fails the build; vitest runs it
 * too, so each expectation is also a live call against a stubbed gateway.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { ItemOf, ParamsOf, ResultOf } from '../src/index.js';
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
