import {
  cursorPageOf,
  defineEndpoint,
  defineFixtures,
  defineProvider,
  integerParam,
  optional,
  pageOf,
  record,
  stringParam,
} from '@pdg/core';
import * as v from 'valibot';

const note = record({ noteId: v.string(), text: v.string() });

/** A small provider for the mock's tests: a page-numbered list, a cursor feed and a detail by id. */
export const notes = defineProvider({
  id: 'test:notes',
  description: 'Notes.',
  endpoints: {
    list: defineEndpoint({
      path: 'list',
      description: 'Notes, page by page.',
      cacheSeconds: 600,
      paging: pageOf('items', note).paging,
      params: v.strictObject({
        topic: optional(stringParam('topic')),
        page: optional(integerParam('page', { min: 1 })),
        limit: optional(integerParam('page size', { min: 1, max: 100 })),
      }),
      response: v.looseObject({
        page: v.number(),
        count: v.number(),
        items: v.array(note),
        total: v.nullish(v.number()),
        hasMore: v.boolean(),
        nextPage: v.nullable(v.number()),
      }),
    }),
    feed: defineEndpoint({
      path: 'feed',
      description: 'Notes by cursor.',
      paging: cursorPageOf('notes', note).paging,
      params: v.strictObject({
        cursor: optional(stringParam('a prior nextCursor')),
        limit: optional(integerParam('page size', { min: 1 })),
      }),
      response: v.looseObject({
        notes: v.array(note),
        hasMore: v.boolean(),
        nextCursor: v.nullish(v.string()),
      }),
    }),
    note: defineEndpoint({
      path: 'note',
      pathParam: 'noteId',
      description: 'One note.',
      params: v.strictObject({ noteId: stringParam('note id') }),
      response: note,
    }),
  },
});

const n = (id: number) => ({ noteId: `n${id}`, text: `Note ${id}` });

export const fixtures = defineFixtures(notes, [
  {
    endpoint: 'list',
    name: 'page-1',
    params: { limit: 2 },
    // The list's length is left open (no total, and more after the last recorded page): the mock makes it
    // `listingSize` long.
    response: { page: 1, count: 2, items: [n(1), n(2)], total: null, hasMore: true, nextPage: 2 },
  },
  {
    endpoint: 'list',
    name: 'page-2',
    params: { limit: 2, page: 2 },
    response: { page: 2, count: 2, items: [n(3), n(4)], total: null, hasMore: true, nextPage: 3 },
  },
  {
    endpoint: 'list',
    name: 'topic-garden',
    params: { topic: 'garden' },
    response: {
      page: 1,
      count: 1,
      items: [{ noteId: 'g1', text: 'Tomatoes' }],
      total: 1,
      hasMore: false,
      nextPage: null,
    },
  },
  {
    endpoint: 'feed',
    name: 'first',
    params: {},
    response: { notes: [n(1), n(2), n(3)], hasMore: true, nextCursor: 'c2' },
  },
  {
    endpoint: 'note',
    name: 'n1',
    params: { noteId: 'n1' },
    response: n(1),
  },
]);
