import { isPdgError } from '@pdg/core';
import { usePdgGateway } from '@pdg/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { jobboard } from '../src/index.js';

const { client: pdg, gateway } = usePdgGateway([jobboard], fixtures);

/** The error a call fails with, or undefined when it succeeds. */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );

describe('jobs:jobboard browse', () => {
  it('items() walks every page, following nextPage to the last one', async () => {
    const titles: (string | undefined)[] = [];
    for await (const job of pdg.items('jobs:jobboard', 'browse', { country: 'SG', limit: 3 })) titles.push(job.title);
    expect(titles).toHaveLength(9);
    expect(new Set(titles).size).toBe(9);
    expect(titles[0]).toBe('Junior Data Analyst');
    expect(gateway().requests.map((request) => request.query)).toEqual([
      { country: 'SG', limit: '3' },
      { country: 'SG', limit: '3', page: '2' },
      { country: 'SG', limit: '3', page: '3' },
    ]);
  });

  it('items() stops at maxItems without fetching the next page', async () => {
    const jobIds: (string | undefined)[] = [];
    for await (const job of pdg.items('jobs:jobboard', 'browse', { country: 'SG', limit: 3 }, { maxItems: 4 })) {
      jobIds.push(job.jobId);
    }
    expect(jobIds).toHaveLength(4);
    expect(gateway().requests).toHaveLength(2);
  });

  it('the last page reads nextPage null as undefined', async () => {
    const result = await pdg.run('jobs:jobboard', 'browse', { country: 'SG', limit: 3, page: 3 });
    expect(result).toMatchObject({ page: 3, hasMore: false, nextPage: undefined });
  });

  it('sends booleans as true/false, and only the params given', async () => {
    const result = await pdg.run('jobs:jobboard', 'browse', {
      country: 'ID',
      remote: true,
      openOnly: false,
      sort: 'oldest',
    });
    expect(gateway().requests).toEqual([
      {
        path: '/v1/jobs:jobboard/browse',
        query: { country: 'ID', remote: 'true', openOnly: 'false', sort: 'oldest' },
      },
    ]);
    expect(result.items.every((job) => job.isRemote === true && job.workArrangement === 'REMOTE')).toBe(true);
  });

  it('refuses a country that is not a 2-letter code, sending nothing', async () => {
    const error = await failure(pdg.run('jobs:jobboard', 'browse', { country: 'SGP' }));
    expect(isPdgError(error) && error.issues).toEqual([
      { path: 'country', message: 'must be a 2-letter country code (received "SGP")' },
    ]);
    expect(gateway().requests).toEqual([]);
  });
});

describe('jobs:jobboard filtered listings', () => {
  it('refuses minSalary without currency, naming currency, sending nothing', async () => {
    for (const endpoint of ['fresh-grad-jobs', 'internships'] as const) {
      const error = await failure(pdg.run('jobs:jobboard', endpoint, { country: 'SG', minSalary: 3000 }));
      expect(isPdgError(error) && error.code).toBe('INVALID_PARAMS');
      expect(isPdgError(error) && error.issues).toEqual([
        { path: 'currency', message: expect.stringContaining('must be given when minSalary is given') },
      ]);
    }
    expect(gateway().requests).toEqual([]);
  });

  it('sends minSalary with its currency; a null total reads as undefined', async () => {
    const result = await pdg.run('jobs:jobboard', 'fresh-grad-jobs', {
      query: 'analyst',
      country: 'SG',
      minSalary: 3000,
      currency: 'SGD',
      sort: 'latest',
    });
    expect(gateway().requests[0]?.query).toMatchObject({ minSalary: '3000', currency: 'SGD' });
    expect(result).toMatchObject({ query: 'analyst', total: undefined });
    expect(result.items.map((job) => job.workExperience?.min)).toEqual([0, 0]);
  });

  it('refuses the param each listing pre-binds at run time, sending nothing', async () => {
    const calls = [
      ['fresh-grad-jobs', { experience: 'FRESH_GRAD' }, 'experience'],
      ['internships', { jobType: 'INTERNSHIP' }, 'jobType'],
      ['remote-jobs', { workArrangement: 'REMOTE' }, 'workArrangement'],
    ] as const;
    for (const [endpoint, params, name] of calls) {
      const error = await failure(pdg.run('jobs:jobboard', endpoint, params as never));
      expect(isPdgError(error) && error.code, endpoint).toBe('INVALID_PARAMS');
      expect(isPdgError(error) && error.issues.map((issue) => issue.path), endpoint).toEqual([name]);
    }
    expect(gateway().requests).toEqual([]);
  });

  it('remote-jobs sends params it does not document as given', async () => {
    await pdg.run('jobs:jobboard', 'remote-jobs', {
      country: 'ID',
      jobType: 'CONTRACT',
      experience: 'ONE_TO_THREE_YEARS',
      sort: 'latest',
    });
    expect(gateway().requests).toEqual([
      {
        path: '/v1/jobs:jobboard/remote-jobs',
        query: { country: 'ID', jobType: 'CONTRACT', experience: 'ONE_TO_THREE_YEARS', sort: 'latest' },
      },
    ]);
  });

  it('remote-jobs still checks the params it documents', async () => {
    const params = { experience: 'LOTS', page: 2 };
    const error = await failure(pdg.run('jobs:jobboard', 'remote-jobs', params as never));
    expect(isPdgError(error) && error.issues.map((issue) => issue.path)).toEqual(['experience']);
    expect(gateway().requests).toEqual([]);
  });

  it('are not paged: the spec gives them no page param', async () => {
    const pages = pdg.pages('jobs:jobboard', 'internships' as never, { country: 'SG' } as never);
    await expect(pages.next()).rejects.toThrow('jobs:jobboard internships is not a paged endpoint');
    expect(gateway().requests).toEqual([]);
  });
});

describe('jobs:jobboard job', () => {
  it('sends the job id as the last path segment and returns the detail', async () => {
    const [first] = (await pdg.run('jobs:jobboard', 'browse', { country: 'SG', limit: 3 })).items;
    const job = await pdg.run('jobs:jobboard', 'job', { jobId: first?.jobId ?? '' });
    expect(gateway().requests[1]?.path).toBe(`/v1/jobs:jobboard/job/${first?.jobId}`);
    expect(job).toMatchObject({ jobId: first?.jobId, title: first?.title, isPublic: true, requiresResume: true });
    expect(job.company?.displayName).toBe('Tidewater Analytics');
  });

  it('accepts a location holding only the country code; a null logo reads as undefined', async () => {
    const job = await pdg.run('jobs:jobboard', 'job', { jobId: '24d6497e-48e7-4cd9-a618-15de01b02e4c' });
    expect(job.location).toEqual({ countryCode: 'ID' });
    expect(job.company?.logo).toBeUndefined();
  });
});
