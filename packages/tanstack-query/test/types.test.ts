/**
 * Type tests: `pnpm typecheck` compiles this file, so a broken inference fails it; vitest runs it too.
 * The data of each query is the endpoint's result type, read from the client.
 */
import type { ResultOf } from '@pdg/core';
import { createClient } from '@pdg/core';
import type { jobboard } from '@pdg/jobs-jobboard';
import type { forum } from '@pdg/social-media-forum';
import { type InfiniteData, QueryClient } from '@tanstack/query-core';
import { describe, expectTypeOf, it } from 'vitest';
import { pdgInfiniteQueryOptions, pdgQueryOptions } from '../src/index.js';
import { providers } from './gateway.js';

const client = createClient({ providers, apiKey: 'test-key-types-0000', baseUrl: 'http://127.0.0.1:9' });
type Browse = ResultOf<typeof jobboard.endpoints.browse>;
type Hot = ResultOf<typeof forum.endpoints.hot>;

describe('types', () => {
  it("a query's data is the endpoint's result", () => {
    const options = pdgQueryOptions(client, 'jobs:jobboard', 'browse', { country: 'SG' });
    expectTypeOf(options.queryFn).returns.resolves.toEqualTypeOf<Browse>();
    const queryClient = new QueryClient();
    expectTypeOf(queryClient.fetchQuery(options)).resolves.toEqualTypeOf<Browse>();
    expectTypeOf(queryClient.getQueryData(options.queryKey)).toEqualTypeOf<Browse | undefined>();
    expectTypeOf<Browse['items'][number]['jobId']>().toEqualTypeOf<string | undefined>();
  });

  it("an infinite query's pages are the endpoint's result, its page param a number or a cursor", () => {
    const jobs = pdgInfiniteQueryOptions(client, 'jobs:jobboard', 'browse', { country: 'SG' });
    expectTypeOf(jobs.initialPageParam).toEqualTypeOf<number>();
    const queryClient = new QueryClient();
    expectTypeOf(queryClient.getQueryData(jobs.queryKey)).toEqualTypeOf<InfiniteData<Browse, number> | undefined>();
    const hot = pdgInfiniteQueryOptions(client, 'social-media:forum', 'hot', {});
    expectTypeOf(hot.initialPageParam).toEqualTypeOf<string | undefined>();
    expectTypeOf(queryClient.fetchInfiniteQuery(hot)).resolves.toEqualTypeOf<InfiniteData<Hot, string | undefined>>();
  });

  it('refuses params the endpoint does not take', () => {
    const never = () => {
      // @ts-expect-error `jobId` is required
      pdgQueryOptions(client, 'jobs:jobboard', 'job', {});
      // @ts-expect-error a number where a string is documented
      pdgQueryOptions(client, 'jobs:jobboard', 'browse', { country: 42 });
    };
    expectTypeOf(never).toBeFunction();
  });
});
