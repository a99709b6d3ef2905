/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PdgClient } from '@pdg/core';
import { expectTypeOf } from 'vitest';
import type { jobboard } from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof jobboard]>;

// browse: typed job list items; status is a string rather than a closed enum; every param is optional.
const browse = await pdg.run('jobs:jobboard', 'browse', { country: 'SG', jobType: 'FULL_TIME', remote: true });
expectTypeOf(browse.items[0]?.jobId).toEqualTypeOf<string | undefined>();
expectTypeOf(browse.items[0]?.status).toEqualTypeOf<string | undefined>();
expectTypeOf(browse.items[0]?.location?.countryCode).toEqualTypeOf<string | undefined>();
expectTypeOf(browse.page).toEqualTypeOf<number>();
expectTypeOf(browse.count).toEqualTypeOf<number>();
expectTypeOf(browse.hasMore).toEqualTypeOf<boolean>();
expectTypeOf(browse.nextPage).toEqualTypeOf<number | undefined>();
expectTypeOf(browse.total).toEqualTypeOf<number | undefined>();
void pdg.run('jobs:jobboard', 'browse');
void pdg.items('jobs:jobboard', 'browse', { country: 'SG' });

const filters = await pdg.run('jobs:jobboard', 'filters', { country: 'ID', query: 'bandung' });
expectTypeOf(filters.items[0]?.values).toEqualTypeOf<string[] | undefined>();

const freshGrad = await pdg.run('jobs:jobboard', 'fresh-grad-jobs', {
  query: 'analyst',
  minSalary: 3000,
  currency: 'SGD',
});
expectTypeOf(freshGrad.items[0]?.title).toEqualTypeOf<string | undefined>();
expectTypeOf(freshGrad.query).toEqualTypeOf<string | undefined>();
const internships = await pdg.run('jobs:jobboard', 'internships', {
  experience: 'NO_EXPERIENCE',
  postedWithin: 'PAST_WEEK',
});
expectTypeOf(internships.items).not.toBeAny();
const remote = await pdg.run('jobs:jobboard', 'remote-jobs', { jobType: 'CONTRACT', educationLevel: 'DIPLOMA' });
expectTypeOf(remote.items).not.toBeAny();

const job = await pdg.run('jobs:jobboard', 'job', { jobId: '3f0c8a52-6d1e-4b7a-9c2e-5a8d7f1b2c30' });
expectTypeOf(job.requiresResume).toEqualTypeOf<boolean | undefined>();
expectTypeOf(job.company?.isHiring).toEqualTypeOf<boolean | undefined>();
expectTypeOf(job.acceptsForeignApplications).toEqualTypeOf<boolean | undefined>();

const search = await pdg.run('jobs:jobboard', 'search', { query: 'barista', educationLevel: 'HIGH_SCHOOL' });
expectTypeOf(search).toBeUnknown();

// @ts-expect-error 'FREELANCE' is not a job type
void pdg.run('jobs:jobboard', 'browse', { jobType: 'FREELANCE' });
// @ts-expect-error a wrong enum value
void pdg.run('jobs:jobboard', 'browse', { workArrangement: 'ANYWHERE' });
// @ts-expect-error booleans are booleans, not the strings they are sent as
void pdg.run('jobs:jobboard', 'browse', { remote: 'true' });
// @ts-expect-error browse sorts by `newest` or `oldest`; `relevance` is the listings' sort
void pdg.run('jobs:jobboard', 'browse', { sort: 'relevance' });
// @ts-expect-error limit is a number
void pdg.run('jobs:jobboard', 'browse', { limit: '20' });
// @ts-expect-error fresh-grad-jobs pre-binds experience to FRESH_GRAD
void pdg.run('jobs:jobboard', 'fresh-grad-jobs', { experience: 'FRESH_GRAD' });
// @ts-expect-error internships pre-binds jobType to INTERNSHIP
void pdg.run('jobs:jobboard', 'internships', { jobType: 'INTERNSHIP' });
// @ts-expect-error remote-jobs pre-binds workArrangement to REMOTE, though it takes unknown params
void pdg.run('jobs:jobboard', 'remote-jobs', { workArrangement: 'REMOTE' });
// @ts-expect-error 'LOTS' is not an experience level, though remote-jobs takes unknown params
void pdg.run('jobs:jobboard', 'remote-jobs', { experience: 'LOTS', page: 2 });
// @ts-expect-error the filtered listings are not paged: the spec gives them no page param
void pdg.pages('jobs:jobboard', 'internships', { country: 'SG' });
// @ts-expect-error jobId is required
void pdg.run('jobs:jobboard', 'job', {});
// @ts-expect-error the job id is a string
void pdg.run('jobs:jobboard', 'job', { jobId: 42 });
// @ts-expect-error an endpoint the spec does not give
void pdg.run('jobs:jobboard', 'companies', {});
