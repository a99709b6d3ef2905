// The smallest real use of pdg: one provider with one endpoint, one call. Bundled by size.ts.
import { createClient, defineEndpoint, defineProvider, integerParam, optional, record, stringParam } from '@pdg/core';
import * as v from 'valibot';

const shelf = defineProvider({
  id: 'books:shelf',
  description: 'Books.',
  endpoints: {
    search: defineEndpoint({
      path: 'search',
      description: 'Search books.',
      params: v.strictObject({
        q: stringParam('words'),
        limit: optional(integerParam('page size', { min: 1, max: 50 })),
      }),
      response: v.looseObject({ items: v.array(record({ id: v.string(), title: v.string() })) }),
    }),
  },
});

const pdg = createClient({ providers: [shelf] });
console.log(await pdg.run('books:shelf', 'search', { q: 'tides', limit: 5 }));
