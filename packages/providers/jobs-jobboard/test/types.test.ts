/** Every spec endpoint is callable through run() with typed params and a typed result (checked by `pnpm typecheck`). */
import type { PdgClient } from '@pdg/core';
import { describe, expectTypeOf, it } from 'vitest';
import type { jobboard } from '../src/index.js';

type Client = PdgClient<readonly [typeof jobboard]>;
type Result<T> = Awaited<T>;

describe('jobs:jobboard types', () => {
  it('types every endpoint', () => {
    const calls = (pdg: Client) => ({
      browse: pdg.run('jobs:jobboard', 'browse', { country: 'SG', jobType: 'FULL_TIME', remote: true, limit: 50 }),
      filters: pdg.run('jobs:jobboard', 'filters', { country: 'ID', query: 'bandung' }),
      freshGrad: pdg.run('jobs:jobboard', 'fresh-grad-jobs', { query: 'analyst', minSalary: 3000, currency: 'SGD' }),
      internships: pdg.run('jobs:jobboard', 'internships', { experience: 'NO_EXPERIENCE', postedWithin: 'PAST_WEEK' }),
      remote: pdg.run('jobs:jobboard', 'remote-jobs', { jobType: 'CONTRACT', educationLevel: 'DIPLOMA' }),
      job: pdg.run('jobs:jobboard', 'job', { jobId: '3f0c8a52-6d1e-4b7a-9c2e-5a8d7f1b2c30' }),
      search: pdg.run('jobs:jobboard', 'search', { anything: 'goes' }),
    });
    type Calls = ReturnType<typeof calls>;
    expectTypeOf<Result<Calls['browse']>['items'][number]['jobId']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Result<Calls['filters']>['items'][number]['values']>().toEqualTypeOf<string[] | null | undefined>();
    expectTypeOf<Result<Calls['freshGrad']>['items'][number]['title']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Result<Calls['internships']>['items']>().not.toBeAny();
    expectTypeOf<Result<Calls['remote']>['items']>().not.toBeAny();
    expectTypeOf<Result<Calls['job']>['requiresResume']>().toEqualTypeOf<boolean | null | undefined>();
    expectTypeOf<Result<Calls['search']>>().toBeUnknown();
  });

  it('makes misuse a compile error', () => {
    const misuse = (pdg: Client) => {
      // @ts-expect-error a wrong enum value
      void pdg.run('jobs:jobboard', 'browse', { workArrangement: 'ANYWHERE' });
      // @ts-expect-error limit is a number
      void pdg.run('jobs:jobboard', 'browse', { limit: '20' });
      // @ts-expect-error a missing required param
      void pdg.run('jobs:jobboard', 'job', {});
      // @ts-expect-error an endpoint the spec does not give
      void pdg.run('jobs:jobboard', 'companies', {});
    };
    expectTypeOf(misuse).toBeFunction();
  });
});
