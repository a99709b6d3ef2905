/**
 * The options with `@tanstack/query-core`'s own `QueryClient` against the mock gateway: staleTime from the
 * endpoint's documented cache time, no request inside it, infinite queries over a page-numbered and a
 * cursor listing, and invalidation by the key helpers.
 */

import { createClient } from '@pdg/core';
import {
  InfiniteQueryObserver,
  type InfiniteQueryObserverResult,
  isCancelledError,
  QueryClient,
  QueryObserver,
} from '@tanstack/query-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pdgInfiniteQueryOptions, pdgKeys, pdgQueryOptions } from '../src/index.js';
import { providers, startGateway, type TestGateway } from './gateway.js';

let test: TestGateway;
let queryClient: QueryClient;

beforeAll(async () => {
  test = await startGateway();
});
afterAll(() => test.gateway.close());
afterEach(() => {
  queryClient?.clear();
  test.requests.length = 0;
});

const newQueryClient = () => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return queryClient;
};

describe('pdgQueryOptions', () => {
  it("takes staleTime from the endpoint's documented cache time", () => {
    const browse = pdgQueryOptions(test.client, 'jobs:jobboard', 'browse', { country: 'SG' });
    expect(browse.staleTime).toBe(10 * 60 * 1000);
    const search = pdgQueryOptions(test.client, 'search-tools:websearch', 'search', {
      query: 'tide tables harbour town',
    });
    expect(search.staleTime).toBe(15 * 60 * 1000);
  });

  it('leaves staleTime to the config, else to TanStack, for an endpoint without a cache time', () => {
    const none = pdgQueryOptions(test.client, 'jobs:jobboard', 'job', { jobId: 'any' });
    expect('staleTime' in none).toBe(false);
    const given = pdgQueryOptions(test.client, 'jobs:jobboard', 'job', { jobId: 'any' }, { staleTime: 5_000 });
    expect(given.staleTime).toBe(5_000);
    // The documented time wins over the fallback.
    expect(pdgQueryOptions(test.client, 'jobs:jobboard', 'browse', { country: 'SG' }, { staleTime: 1 }).staleTime).toBe(
      600_000,
    );
  });

  it('a second fetchQuery within the cache time sends nothing; after invalidation it asks again', async () => {
    const client = newQueryClient();
    const options = pdgQueryOptions(test.client, 'jobs:jobboard', 'browse', { country: 'SG' });
    const first = await client.fetchQuery(options);
    const second = await client.fetchQuery(pdgQueryOptions(test.client, 'jobs:jobboard', 'browse', { country: 'SG' }));
    expect(test.requests).toEqual(['jobs:jobboard browse']);
    expect(second).toBe(first);
    expect(first.items.length).toBeGreaterThan(0);
    await client.invalidateQueries({ queryKey: pdgKeys.endpoint('jobs:jobboard', 'browse') });
    await client.fetchQuery(options);
    expect(test.requests).toEqual(['jobs:jobboard browse', 'jobs:jobboard browse']);
  });

  it('an endpoint without a cache time is fetched again by default (TanStack staleTime 0)', async () => {
    const client = newQueryClient();
    const search = await test.client.run('jobs:jobboard', 'browse', { country: 'SG', limit: 1 });
    const jobId = search.items[0]?.jobId;
    expect(typeof jobId).toBe('string');
    test.requests.length = 0;
    const options = pdgQueryOptions(test.client, 'jobs:jobboard', 'job', { jobId: jobId as string });
    await client.fetchQuery(options);
    await client.fetchQuery(options);
    expect(test.requests).toEqual(['jobs:jobboard job', 'jobs:jobboard job']);
  });

  it("keys on the call's identity: params in any order, defaults spelled out or not, are one query", () => {
    const a = pdgQueryOptions(test.client, 'jobs:jobboard', 'browse', { country: 'SG', remote: true, page: undefined });
    const b = pdgQueryOptions(test.client, 'jobs:jobboard', 'browse', { remote: true, country: 'SG', page: 1 });
    expect(a.queryKey).toEqual([
      'pdg',
      'jobs:jobboard',
      'browse',
      {
        request: expect.stringMatching(/\/v1\/jobs:jobboard\/browse\?.*country=SG/),
        key: expect.stringMatching(/^key-/),
      },
    ]);
    expect(JSON.stringify(a.queryKey)).toBe(JSON.stringify(b.queryKey));
    expect(JSON.stringify(a.queryKey)).not.toContain('test-key-tanstack-7c1d');
  });

  it("passes the query's signal to the call: cancelling the query aborts the request", async () => {
    const signals: AbortSignal[] = [];
    const pdg = createClient({
      providers,
      apiKey: 'test-key-tanstack-7c1d',
      baseUrl: test.gateway.url,
      retry: 0,
      fetch: (input, init) => {
        const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
        if (signal) signals.push(signal);
        return fetch(input, init);
      },
    });
    const client = newQueryClient();
    const options = pdgQueryOptions(
      pdg,
      'jobs:jobboard',
      'browse',
      { country: 'SG' },
      { call: { headers: { 'x-pdg-mock-fault': 'latency=60000' } } },
    );
    const fetching = client.fetchQuery(options);
    // Bounded only against a hang: the answer is held a minute, so the cancel below always comes first.
    for (let tries = 0; test.requests.length === 0 && tries < 6000; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(false);
    await client.cancelQueries({ queryKey: options.queryKey });
    const thrown = await fetching.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isCancelledError(thrown)).toBe(true);
    expect(signals[0]?.aborted).toBe(true);
  });

  it("a provider the client lacks, or a misspelt endpoint, throws core's own message", () => {
    // @ts-expect-error not a provider of this client
    expect(() => pdgQueryOptions(test.client, 'music:catalogstore', 'search', { q: 'x' })).toThrow(
      'Unknown provider "music:catalogstore". This client has: jobs:jobboard, search-tools:websearch, social-media:forum.',
    );
    // @ts-expect-error not an endpoint of the job board
    expect(() => pdgQueryOptions(test.client, 'jobs:jobboard', 'brwose', {})).toThrow(
      'Unknown endpoint "brwose" of jobs:jobboard. Did you mean browse? Endpoints: ',
    );
  });
});

describe('pdgInfiniteQueryOptions', () => {
  /** Every page of an infinite query, fetched as a page would: next page after next page until there is none. */
  async function allPages<T>(options: Parameters<QueryClient['fetchInfiniteQuery']>[0]): Promise<T[]> {
    const client = newQueryClient();
    const observer = new InfiniteQueryObserver(client, options as never);
    const unsubscribe = observer.subscribe(() => {});
    try {
      let result = (await observer.refetch()) as InfiniteQueryObserverResult;
      for (let guard = 0; result.hasNextPage && guard < 500; guard++) result = await observer.fetchNextPage();
      expect(result.hasNextPage).toBe(false);
      expect(result.status).toBe('success');
      return (result.data as { pages: T[] }).pages;
    } finally {
      unsubscribe();
    }
  }

  it("walks the SG job listing page by page to the listing's total, no job twice", async () => {
    const options = pdgInfiniteQueryOptions(test.client, 'jobs:jobboard', 'browse', { country: 'SG', limit: 4 });
    expect(options.initialPageParam).toBe(1);
    expect(options.staleTime).toBe(600_000);
    const pages = await allPages<{ items: { jobId?: string }[]; total?: number }>(options as never);
    const ids = pages.flatMap((page) => page.items.map((job) => job.jobId));
    const total = pages[0]?.total;
    expect(typeof total).toBe('number');
    // The SG listing the fixtures describe: 9 jobs, so three pages of four.
    expect(total).toBe(9);
    expect(pages).toHaveLength(3);
    expect(ids).toHaveLength(total as number);
    expect(new Set(ids).size).toBe(ids.length);
    // The same listing as core's own walk.
    const walked: unknown[] = [];
    for await (const job of test.client.items('jobs:jobboard', 'browse', { country: 'SG', limit: 4 }))
      walked.push(job.jobId);
    expect(ids).toEqual(walked);
  });

  it('walks a cursor listing to its end, no item twice, as core walks it', async () => {
    const options = pdgInfiniteQueryOptions(test.client, 'social-media:forum', 'hot', { limit: 3 });
    expect(options.initialPageParam).toBeUndefined();
    const pages = await allPages<{ threads: { threadId?: string }[]; nextCursor?: string | null }>(options as never);
    const ids = pages.flatMap((page) => page.threads.map((thread) => thread.threadId));
    const walked: unknown[] = [];
    for await (const thread of test.client.items('social-media:forum', 'hot', { limit: 3 }))
      walked.push(thread.threadId);
    expect(pages.length).toBeGreaterThan(2);
    expect(ids).toEqual(walked);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('refuses an endpoint that is not paged, with the message pages() gives', () => {
    expect(() =>
      // @ts-expect-error `job` is not paged
      pdgInfiniteQueryOptions(test.client, 'jobs:jobboard', 'job', { jobId: 'x' }),
    ).toThrow('jobs:jobboard job is not a paged endpoint; call it with run().');
  });

  it('ends rather than loops when a page points back', () => {
    const jobs = pdgInfiniteQueryOptions(test.client, 'jobs:jobboard', 'browse', {});
    const hot = pdgInfiniteQueryOptions(test.client, 'social-media:forum', 'hot', {});
    const next = (options: typeof jobs | typeof hot, page: object, at: unknown, before: unknown[]) =>
      options.getNextPageParam(page as never, [], at as never, before as never);
    expect(next(jobs, { items: [], hasMore: true, nextPage: 2, page: 2 }, 2, [1, 2])).toBeUndefined();
    expect(next(jobs, { items: [], hasMore: true, nextPage: null, page: 2 }, 2, [1, 2])).toBe(3);
    expect(next(jobs, { items: [], hasMore: false, nextPage: 3 }, 2, [1, 2])).toBeUndefined();
    expect(next(hot, { threads: [], hasMore: true, nextCursor: 'c1' }, 'c2', [undefined, 'c1', 'c2'])).toBeUndefined();
    expect(next(hot, { threads: [], hasMore: true, nextCursor: 'c3' }, 'c2', [undefined, 'c1', 'c2'])).toBe('c3');
  });
});

describe('pdgKeys', () => {
  it("invalidating a provider's key refetches its queries only", async () => {
    const client = newQueryClient();
    const browse = pdgQueryOptions(test.client, 'jobs:jobboard', 'browse', { country: 'SG' });
    const search = pdgQueryOptions(test.client, 'search-tools:websearch', 'search', {
      query: 'tide tables harbour town',
    });
    const jobs = pdgInfiniteQueryOptions(test.client, 'jobs:jobboard', 'browse', { country: 'SG', limit: 5 });
    // Observed, as a mounted component's queries are: invalidation refetches the active ones.
    const observed = [new QueryObserver(client, browse), new QueryObserver(client, search)];
    const infinite = new InfiniteQueryObserver(client, jobs as never);
    const stops = [...observed.map((observer) => observer.subscribe(() => {})), infinite.subscribe(() => {})];
    try {
      await Promise.all([...observed.map((observer) => observer.refetch()), infinite.refetch()]);
      test.requests.length = 0;
      await client.invalidateQueries({ queryKey: pdgKeys.provider('jobs:jobboard') });
      // The job board's plain and infinite queries, each once; the web search not at all.
      expect(test.requests.sort()).toEqual(['jobs:jobboard browse', 'jobs:jobboard browse']);
      expect(client.getQueryState(search.queryKey)?.dataUpdateCount).toBe(1);
      expect(client.getQueryState(browse.queryKey)?.dataUpdateCount).toBe(2);
    } finally {
      for (const stop of stops) stop();
    }
  });

  it('nests: all, provider, endpoint, query', () => {
    expect(pdgKeys.all()).toEqual(['pdg']);
    expect(pdgKeys.provider('jobs:jobboard')).toEqual(['pdg', 'jobs:jobboard']);
    expect(pdgKeys.endpoint('jobs:jobboard', 'browse')).toEqual(['pdg', 'jobs:jobboard', 'browse']);
    const infinite = pdgInfiniteQueryOptions(test.client, 'jobs:jobboard', 'browse', { country: 'SG' });
    const plain = pdgKeys.query(test.client, 'jobs:jobboard', 'browse', { country: 'SG' });
    expect(infinite.queryKey).toEqual([...plain, 'infinite']);
    expect(pdgQueryOptions(test.client, 'jobs:jobboard', 'browse', { country: 'SG' }).queryKey).toEqual(plain);
  });
});
