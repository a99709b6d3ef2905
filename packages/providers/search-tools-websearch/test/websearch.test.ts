import { isPdgError, toArray } from '@pdg/core';
import { usePdgGateway } from '@pdg/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { websearch } from '../src/index.js';

const { client: pdg, gateway } = usePdgGateway([websearch], fixtures);

const path = '/v1/search-tools:websearch/search';
const query = 'tide tables harbour town';

describe('search-tools:websearch search', () => {
  it('run() returns the first page, without sending a page param, and says whether more exist', async () => {
    const result = await pdg.run('search-tools:websearch', 'search', { query });
    expect(result.items.map((item) => item.source)).toEqual([
      'tides.example.test',
      'news.example.test',
      'wiki.example.test',
    ]);
    expect([result.page, result.count, result.hasMore, result.nextPage]).toEqual([1, 3, true, 2]);
    expect(gateway().requests).toEqual([{ path, query: { query } }]);
  });

  it('run() with page: nextPage fetches the next page', async () => {
    const first = await pdg.run('search-tools:websearch', 'search', { query });
    const second = await pdg.run('search-tools:websearch', 'search', { query, page: first.nextPage });
    expect([second.page, second.nextPage]).toEqual([2, 3]);
    expect(gateway().requests.at(-1)).toEqual({ path, query: { query, page: '2' } });
  });

  it('items() walks every page, sending page 2 and 3, and stops at hasMore: false', async () => {
    const titles: string[] = [];
    for await (const item of pdg.items('search-tools:websearch', 'search', { query })) titles.push(item.title ?? '');
    expect(titles).toHaveLength(8);
    expect(titles.at(-1)).toBe('Harbour notices - Example District Council');
    expect(gateway().requests.map((request) => request.query.page)).toEqual([undefined, '2', '3']);
  });

  it('pages() honours maxPages', async () => {
    const pages = await toArray(pdg.pages('search-tools:websearch', 'search', { query }, { maxPages: 2 }));
    expect(pages.map((page) => [page.page, page.count])).toEqual([
      [1, 3],
      [2, 3],
    ]);
  });

  it('a gateway that ignored page would answer page 1 again: the walk stops with INVALID_RESPONSE, not a loop', async () => {
    const [first] = fixtures.filter((fixture) => fixture.params.query === query && fixture.params.page === undefined);
    gateway().reply('search-tools:websearch', 'search', { body: first?.response }, { query: { page: '2' } });
    const seen: number[] = [];
    const error = await (async () => {
      for await (const page of pdg.pages('search-tools:websearch', 'search', { query })) seen.push(page.page);
    })().catch((thrown: unknown) => thrown);
    // The repeated page ends the walk before it is handed out: no item reaches the caller twice.
    expect(seen).toEqual([1]);
    expect(isPdgError(error) && [error.code, error.issues]).toEqual([
      'INVALID_RESPONSE',
      [{ path: 'items', message: 'sent the same 3 items as the page before, under a new page number' }],
    ]);
    expect(gateway().requests).toHaveLength(2);
  });

  it('params are loose: a page param under another name would be sent as given; page itself is checked', async () => {
    gateway().reply('search-tools:websearch', 'search', { body: { page: 2, count: 0, items: [], hasMore: false } });
    await pdg.run('search-tools:websearch', 'search', { query, p: 2 });
    expect(gateway().requests[0]?.query).toEqual({ query, p: '2' });
    const error = await pdg
      .run('search-tools:websearch', 'search', { query, page: 0 })
      .catch((thrown: unknown) => thrown);
    expect(isPdgError(error) && error.issues).toEqual([{ path: 'page', message: 'must be at least 1 (received 0)' }]);
    expect(gateway().requests).toHaveLength(1);
  });

  it('a search with no results reads nextPage null as undefined', async () => {
    const result = await pdg.run('search-tools:websearch', 'search', { query: 'qzxv wobbleglass lanternfish' });
    expect([result.count, result.items, result.hasMore, result.nextPage]).toEqual([0, [], false, undefined]);
  });
});
