import { isPdgError } from '@pdg/core';
import { usePdgGateway } from '@pdg/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { scholarsearch } from '../src/index.js';

const { client: pdg, gateway } = usePdgGateway([scholarsearch], fixtures);

/** The error a call fails with, or undefined when it succeeds. */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );

const coral = { query: 'coral reef restoration' } as const;

describe('research:scholarsearch search paging', () => {
  it('items() walks the results of the three pages (10, 10, 4), then stops', async () => {
    const ids: (string | undefined)[] = [];
    for await (const result of pdg.items('research:scholarsearch', 'search', coral)) ids.push(result.resultId);
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
    expect(gateway().requests).toEqual([
      { path: '/v1/research:scholarsearch/search', query: { query: 'coral reef restoration' } },
      { path: '/v1/research:scholarsearch/search', query: { query: 'coral reef restoration', page: '2' } },
      { path: '/v1/research:scholarsearch/search', query: { query: 'coral reef restoration', page: '3' } },
    ]);
  });

  it('pages() carries perPage and totalResults on each page; the last has hasMore false', async () => {
    const pages = [];
    for await (const page of pdg.pages('research:scholarsearch', 'search', coral)) pages.push(page);
    expect(pages.map((page) => [page.page, page.count, page.perPage, page.totalResults, page.nextPage])).toEqual([
      [1, 10, 10, 24, 2],
      [2, 10, 10, 24, 3],
      [3, 4, 10, 24, undefined],
    ]);
    expect(pages.at(-1)?.hasMore).toBe(false);
  });

  it('maxItems stops the walk without fetching the page after the last item needed', async () => {
    const results = [];
    for await (const result of pdg.items('research:scholarsearch', 'search', coral, { maxItems: 12 })) {
      results.push(result);
    }
    expect(results).toHaveLength(12);
    expect(gateway().requests).toHaveLength(2);
  });
});

describe('research:scholarsearch search results', () => {
  it('a result without a PDF has an empty pdfUrl and an empty type; with one, type PDF', async () => {
    const { results } = await pdg.run('research:scholarsearch', 'search', coral);
    const withPdf = results.filter((result) => result.type === 'PDF');
    const withoutPdf = results.filter((result) => result.type === '');
    expect(withPdf.length + withoutPdf.length).toBe(results.length);
    expect(withPdf.length).toBeGreaterThan(0);
    expect(withoutPdf.length).toBeGreaterThan(0);
    expect(withPdf.every((result) => result.pdfUrl?.endsWith('.pdf'))).toBe(true);
    expect(withoutPdf.every((result) => result.pdfUrl === '')).toBe(true);
  });

  it('authors are name strings; authorProfiles pair the profiled ones with an authorId', async () => {
    const { results } = await pdg.run('research:scholarsearch', 'search', coral);
    expect(results[0]).toMatchObject({
      authors: ['M Veldhaven', 'K Halvorsenn', 'R Anakoru'],
      authorProfiles: [
        { name: 'M Veldhaven', authorId: 'qT4wVeLdAAAJ' },
        { name: 'R Anakoru', authorId: 'rN2kAnKoAAAJ' },
      ],
    });
    for (const result of results) {
      for (const profile of result.authorProfiles ?? []) expect(result.authors).toContain(profile.name);
    }
  });

  it('counts are numbers', async () => {
    const { results } = await pdg.run('research:scholarsearch', 'search', { ...coral, page: 2 });
    expect(results.every((result) => typeof result.citedByCount === 'number')).toBe(true);
    expect(results.every((result) => typeof result.versions === 'number')).toBe(true);
  });
});

describe('research:scholarsearch search suggestions and filters', () => {
  it('passes didYouMean through; a null totalResults reads as undefined', async () => {
    const result = await pdg.run('research:scholarsearch', 'search', { query: 'corall reef restoraton' });
    expect(result).toMatchObject({ didYouMean: 'coral reef restoration', totalResults: undefined, hasMore: false });
    expect(result.results).toHaveLength(2);
  });

  it('a page without a suggestion reads didYouMean as undefined', async () => {
    const result = await pdg.run('research:scholarsearch', 'search', coral);
    expect(result.didYouMean).toBeUndefined();
  });

  it('sends years as decimal numbers, language as given and patents as the string true', async () => {
    const result = await pdg.run('research:scholarsearch', 'search', {
      query: 'seagrass carbon',
      yearFrom: 2018,
      yearTo: 2023,
      language: 'en',
      patents: 'true',
    });
    expect(gateway().requests).toEqual([
      {
        path: '/v1/research:scholarsearch/search',
        query: { query: 'seagrass carbon', yearFrom: '2018', yearTo: '2023', language: 'en', patents: 'true' },
      },
    ]);
    expect(result.results.every((item) => Number(item.year) >= 2018 && Number(item.year) <= 2023)).toBe(true);
    const patent = result.results.find((item) => item.link?.startsWith('https://patents.example.test/'));
    expect(patent).toMatchObject({ venue: undefined, publisher: undefined, authorProfiles: [] });
  });

  it('sends patents and citations values the spec does not list, and any language form, as given', async () => {
    gateway().reply('research:scholarsearch', 'search', {
      body: { page: 1, count: 0, results: [], hasMore: false, nextPage: null, didYouMean: null, totalResults: 0 },
    });
    await pdg.run('research:scholarsearch', 'search', {
      query: 'reef',
      language: 'pt-BR',
      patents: 'false',
      citations: 'false',
    });
    expect(gateway().requests[0]?.query).toEqual({
      query: 'reef',
      language: 'pt-BR',
      patents: 'false',
      citations: 'false',
    });
  });

  it('refuses patents and citations as booleans: they are string enums, sent as `true`', async () => {
    const error = await failure(
      pdg.run('research:scholarsearch', 'search', { query: 'reef', patents: true, citations: true } as never),
    );
    expect(isPdgError(error) && error.issues.map((issue) => issue.path)).toEqual(['patents', 'citations']);
    expect(gateway().requests).toEqual([]);
  });

  it('refuses page 0 and a page-size param (none is documented), sending nothing', async () => {
    const zero = await failure(pdg.run('research:scholarsearch', 'search', { query: 'reef', page: 0 }));
    expect(isPdgError(zero) && zero.issues.map((issue) => issue.path)).toEqual(['page']);
    const perPage = await failure(pdg.run('research:scholarsearch', 'search', { query: 'reef', perPage: 20 } as never));
    expect(isPdgError(perPage) && perPage.issues.map((issue) => issue.path)).toEqual(['perPage']);
    expect(gateway().requests).toEqual([]);
  });

  it('has the 1-hour cache time of section 8', () => {
    expect(scholarsearch.endpoints.search.cacheSeconds).toBe(3600);
  });
});

describe('research:scholarsearch author', () => {
  it('is callable with any params, sent as query parameters, and returns the body unchecked', async () => {
    const { results } = await pdg.run('research:scholarsearch', 'search', coral);
    const authorId = results[0]?.authorProfiles?.[0]?.authorId ?? '';
    const profile = await pdg.run('research:scholarsearch', 'author', { authorId });
    expect(gateway().requests[1]).toEqual({ path: '/v1/research:scholarsearch/author', query: { authorId } });
    expect(profile).toMatchObject({ name: 'M Veldhaven', hIndex: 19 });
    expect(scholarsearch.endpoints.author.undocumented).toBe(true);
  });
});
