// The one-call client with the opt-in layers: a response cache (in memory) and a rate limit. Bundled by run.ts.
import { createClient, defineEndpoint, defineProvider, integerParam, optional, record, stringParam } from '@pdg/core';
import { createCache } from '@pdg/core/cache';
import { createRateLimit } from '@pdg/core/rate-limit';
import * as v from 'valibot';

const shelf = defineProvider({
  id: 'books:shelf',
  description: 'Books.',
  endpoints: {
    search: defineEndpoint({
      path: 'search',
      description: 'Search books.',
      cacheSeconds: 120,
      params: v.strictObject({
        q: stringParam('words'),
        limit: optional(integerParam('page size', { min: 1, max: 50 })),
      }),
      response: v.looseObject({ items: v.array(record({ id: v.string(), title: v.string() })) }),
    }),
  },
});

const pdg = createClient({
  providers: [shelf],
  cache: createCache(),
  rateLimit: createRateLimit({ points: 10, durationSeconds: 1 }),
});
console.log(await pdg.run('books:shelf', 'search', { q: 'tides', limit: 5 }));
