import { defineEndpoint, defineFixtures, defineProvider, record, stringParam } from '@pdg/core';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ProviderWorld, renumber } from '../src/answers/world.js';

const item = record({ bookId: v.string(), title: v.string(), shelf: v.string() });
const shelf = defineProvider({
  id: 'test:shelf',
  description: 'Books.',
  endpoints: {
    list: defineEndpoint({
      path: 'list',
      description: 'Books.',
      params: v.strictObject({}),
      response: v.looseObject({ items: v.array(item) }),
    }),
    book: defineEndpoint({
      path: 'book',
      pathParam: 'bookId',
      description: 'One book.',
      params: v.strictObject({ bookId: stringParam('id') }),
      response: item,
    }),
  },
});

const books = [
  { bookId: 'b7', title: 'Tide Tables', shelf: 'sea' },
  { bookId: 'lighthouse', title: 'Lamp Rooms', shelf: 'sea' },
];
const fixtures = defineFixtures(shelf, [
  { endpoint: 'list', name: 'all', params: {}, response: { items: books } },
  { endpoint: 'book', name: 'b7', params: { bookId: 'b7' }, response: books[0] },
]);

describe('ProviderWorld', () => {
  const world = new ProviderWorld(shelf, fixtures);

  it('keys an endpoint by its path param and finds its ids where fields carry that name', () => {
    expect(world.keyed()).toEqual([{ endpoint: 'book', key: 'bookId' }]);
    expect([...world.ids('book').keys()]).toEqual(['b7', 'lighthouse']);
  });

  it('undoes the renumbering of a long listing, in the form the id had (digits stay digits)', () => {
    for (const [original, round] of [
      ['b7', 2],
      ['b7', 13],
      ['lighthouse', 3],
    ] as const) {
      const copy = renumber(
        books.find((book) => book.bookId === original),
        round,
      ) as { bookId: string };
      expect(copy.bookId).not.toBe(original);
      if (/\d$/.test(original)) expect(copy.bookId).toMatch(/\d$/);
      expect(world.lookup('book', copy.bookId)?.source).toMatchObject({ bookId: copy.bookId });
    }
    expect(renumber({ id: 41 }, 2)).toEqual({ id: 2_000_041 });
    expect(world.lookup('book', 'b8')).toBeUndefined();
    expect(world.lookup('book', 'lighthouse-x')).toBeUndefined();
  });

  it('filters on fields the items carry, ignores params no item carries, and matches text on titles', () => {
    expect(world.filter(books, { shelf: 'sea' })).toHaveLength(2);
    expect(world.filter(books, { shelf: 'attic' })).toEqual([]);
    expect(world.filter(books, { colour: 'red' })).toHaveLength(2);
    expect(world.filter(books, { q: 'lamp' })).toEqual([books[1]]);
    expect(world.filter(books, { q: 'lamp tide' })).toEqual([]);
  });
});
