import {
  defineEndpoint,
  defineFixtures,
  defineProvider,
  enumParam,
  integerParam,
  optional,
  pageOf,
  record,
  stringParam,
} from '@pdg/core';
import * as v from 'valibot';

const bookRecord = record({ id: v.string(), title: v.string() });

/** A small provider for testkit's own tests. */
export const books = defineProvider({
  id: 'books:shelf',
  description: 'Books.',
  endpoints: {
    search: defineEndpoint({
      path: 'search',
      description: 'Search books.',
      cacheSeconds: 300,
      paging: pageOf('items', bookRecord).paging,
      params: v.strictObject({
        q: stringParam('title words'),
        sort: optional(enumParam(['relevance', 'newest'], 'order', { default: 'relevance' })),
        limit: optional(integerParam('page size', { min: 1, max: 20, default: 10 })),
        page: optional(integerParam('page', { min: 1 })),
      }),
      response: v.looseObject({ page: v.number(), items: v.array(bookRecord) }),
    }),
    book: defineEndpoint({
      path: 'book',
      pathParam: 'bookId',
      description: 'One book.',
      params: v.strictObject({ bookId: stringParam('book id') }),
      response: record({ id: v.string(), title: v.string() }),
    }),
  },
});

export const fixtures = defineFixtures(books, [
  {
    endpoint: 'search',
    name: 'tides',
    params: { q: 'tides', limit: 2 },
    response: {
      page: 1,
      items: [
        { id: 'b1', title: 'Tides of Glass' },
        { id: 'b2', title: 'Low Tides' },
      ],
    },
  },
  {
    endpoint: 'search',
    name: 'tides-newest',
    params: { q: 'tides', sort: 'newest' },
    response: { page: 1, items: [{ id: 'b2', title: 'Low Tides' }] },
  },
  {
    endpoint: 'book',
    name: 'b1',
    params: { bookId: 'b1' },
    response: { id: 'b1', title: 'Tides of Glass' },
  },
]);
