import { usePdgGateway } from '@pdg/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { websearch } from '../src/index.js';

const { client: pdg, gateway } = usePdgGateway([websearch], fixtures);

describe('search-tools:websearch search', () => {
  it('returns the first page of results, and reports whether more exist', async () => {
    const result = await pdg.run('search-tools:websearch', 'search', { query: 'tide tables harbour town' });
    expect(result.items.map((item) => item.source)).toEqual([
      'tides.example.test',
      'news.example.test',
      'wiki.example.test',
    ]);
    expect([result.hasMore, result.nextPage]).toEqual([true, 2]);
    expect(gateway().requests).toEqual([
      { path: '/v1/search-tools:websearch/search', query: { query: 'tide tables harbour town' } },
    ]);
  });

  it('a search with no results reads nextPage null as undefined', async () => {
    const result = await pdg.run('search-tools:websearch', 'search', { query: 'qzxv wobbleglass lanternfish' });
    expect([result.count, result.hasMore, result.nextPage]).toEqual([0, false, undefined]);
  });
});
