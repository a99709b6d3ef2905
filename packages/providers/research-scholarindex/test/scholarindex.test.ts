import { isPdgError } from '@pdg/core';
import { usePdgGateway } from '@pdg/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { scholarindex } from '../src/index.js';

const { client: pdg, gateway } = usePdgGateway([scholarindex], fixtures);

/** The error a call fails with, or undefined when it succeeds. */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );

const mangrove = { query: 'mangrove', field: 'title', pdfOnly: 'true', yearFrom: 2018 } as const;

describe('research:scholarindex documents', () => {
  it('items() walks the three pages of 10, 10 and 4 documents, then stops', async () => {
    const ids: (string | undefined)[] = [];
    for await (const item of pdg.items('research:scholarindex', 'documents', mangrove)) ids.push(item.documentId);
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
    expect(gateway().requests.map((request) => request.query)).toEqual([
      { query: 'mangrove', field: 'title', pdfOnly: 'true', yearFrom: '2018' },
      { query: 'mangrove', field: 'title', pdfOnly: 'true', yearFrom: '2018', page: '2' },
      { query: 'mangrove', field: 'title', pdfOnly: 'true', yearFrom: '2018', page: '3' },
    ]);
  });

  it('echoes the filters; a null echo (publisher, yearTo) reads as undefined', async () => {
    const result = await pdg.run('research:scholarindex', 'documents', { ...mangrove, page: 3 });
    expect(result).toMatchObject({
      page: 3,
      count: 4,
      limit: 10,
      hasMore: false,
      nextPage: undefined,
      field: 'title',
      pdfOnly: 'true',
      yearFrom: 2018,
      publisher: undefined,
      yearTo: undefined,
    });
    expect(result.items.every((item) => item.title?.toLowerCase().includes('mangrove'))).toBe(true);
    expect(result.items.every((item) => (item.year ?? 0) >= 2018 && item.downloadUrl)).toBe(true);
  });

  it('sends field and pdfOnly values the spec does not list, as given (open enums)', async () => {
    gateway().reply('research:scholarindex', 'documents', {
      body: { page: 1, count: 0, items: [], hasMore: false, nextPage: null, field: 'abstract', pdfOnly: 'false' },
    });
    const result = await pdg.run('research:scholarindex', 'documents', {
      query: 'mangrove',
      field: 'abstract',
      pdfOnly: 'false',
    });
    expect(result).toMatchObject({ field: 'abstract', pdfOnly: 'false', items: [] });
    expect(gateway().requests).toEqual([
      {
        path: '/v1/research:scholarindex/documents',
        query: { query: 'mangrove', field: 'abstract', pdfOnly: 'false' },
      },
    ]);
  });

  it('refuses pdfOnly as a boolean: it is a string enum, sent as `true`', async () => {
    const error = await failure(pdg.run('research:scholarindex', 'documents', { query: 'x', pdfOnly: true } as never));
    expect(isPdgError(error) && error.issues.map((issue) => issue.path)).toEqual(['pdfOnly']);
    expect(gateway().requests).toEqual([]);
  });

  it('takes no page-size param: the spec documents none', async () => {
    const error = await failure(pdg.run('research:scholarindex', 'documents', { query: 'x', limit: 5 } as never));
    expect(isPdgError(error) && error.issues.map((issue) => issue.path)).toEqual(['limit']);
    expect(gateway().requests).toEqual([]);
  });
});

describe('research:scholarindex document', () => {
  it('opens a document from a listing by its documentId, sent as the path segment', async () => {
    const { items } = await pdg.run('research:scholarindex', 'documents', mangrove);
    const second = items.find((item) => item.documentId === '2841043');
    expect(second).toBeDefined();
    const detail = await pdg.run('research:scholarindex', 'document', { documentId: second?.documentId ?? '' });
    expect(gateway().requests[1]?.path).toBe(`/v1/research:scholarindex/document/${second?.documentId}`);
    expect(detail).toMatchObject({ title: second?.title, doi: second?.doi, journalTitle: second?.journalTitle });
    expect(detail.authors?.map((author) => author.affiliation)).toEqual(
      second?.authors?.map(() => 'Universitas Pesisir Samudra Raya'),
    );
    expect(detail.journal?.areas?.map((area) => area.name)).toEqual([
      'Earth & Marine Science',
      'Environmental Science',
    ]);
  });

  it('reads a null DOI, a null affiliation and a null journal website as undefined', async () => {
    const { items } = await pdg.run('research:scholarindex', 'documents-by-title', { query: 'padi sawah' });
    const withoutDoi = items.find((item) => item.doi === undefined);
    const detail = await pdg.run('research:scholarindex', 'document', { documentId: withoutDoi?.documentId ?? '' });
    expect(detail.doi).toBeUndefined();
    expect(detail.authors?.[1]).toMatchObject({ affiliation: undefined });
    expect(detail.journal?.website).toBeUndefined();
    expect(detail.journal?.journalId).toBe('15077');
  });

  it('URL-encodes the document id: a slash cannot change the path', async () => {
    gateway().reply('research:scholarindex', 'document', { body: { documentId: '../areas' } });
    const detail = await pdg.run('research:scholarindex', 'document', { documentId: '../areas' });
    expect(detail.documentId).toBe('../areas');
    expect(gateway().requests[0]?.path).toBe('/v1/research:scholarindex/document/..%2Fareas');
  });
});

describe('research:scholarindex journal', () => {
  it('is a page of documents: items() walks the journal documents across both pages', async () => {
    const journalTitles = new Set<string | undefined>();
    let count = 0;
    for await (const item of pdg.items('research:scholarindex', 'journal', { journalId: '14582' })) {
      journalTitles.add(item.journalTitle);
      count++;
    }
    expect(count).toBe(17);
    expect([...journalTitles]).toEqual(['Jurnal Ilmu Kelautan Nusantara']);
    expect(gateway().requests).toEqual([
      { path: '/v1/research:scholarindex/journal/14582', query: {} },
      { path: '/v1/research:scholarindex/journal/14582', query: { page: '2' } },
    ]);
  });

  it('carries the journal fields on every page, beside the page fields', async () => {
    const pages = [];
    for await (const page of pdg.pages('research:scholarindex', 'journal', { journalId: '14582' })) pages.push(page);
    expect(pages.map((page) => [page.page, page.count, page.hasMore])).toEqual([
      [1, 10, true],
      [2, 7, false],
    ]);
    for (const page of pages) {
      expect(page).toMatchObject({ journalId: '14582', abbrev: 'JIKN', doiPrefix: '10.99999/jikn', total: 17 });
    }
  });

  it('opens from a journals list item and from a document detail journal', async () => {
    const { items } = await pdg.run('research:scholarindex', 'journals', { query: 'nusantara' });
    const listed = items.find((item) => item.title === 'Jurnal Ilmu Kelautan Nusantara');
    const detail = await pdg.run('research:scholarindex', 'document', { documentId: '2841043' });
    expect(detail.journal?.journalId).toBe(listed?.journalId);
    const journal = await pdg.run('research:scholarindex', 'journal', { journalId: listed?.journalId ?? '' });
    expect(journal.title).toBe(listed?.title);
    expect(journal.items.map((item) => item.documentId)).toContain('2841043');
  });
});

describe('research:scholarindex listings', () => {
  it('journals and publishers walk to their last page; query is optional', async () => {
    const journals = [];
    for await (const item of pdg.items('research:scholarindex', 'journals', { query: 'nusantara' }))
      journals.push(item);
    const publishers = [];
    for await (const item of pdg.items('research:scholarindex', 'publishers', { query: 'universitas' })) {
      publishers.push(item);
    }
    expect(journals).toHaveLength(13);
    expect(publishers).toHaveLength(12);
    expect(publishers.every((publisher) => typeof publisher.journalCount === 'number')).toBe(true);
  });

  it('documents-by-doi finds the document whose DOI is asked for', async () => {
    const doi = '10.99999/jikn.v15i1.1058';
    const { items } = await pdg.run('research:scholarindex', 'documents-by-doi', { query: doi });
    expect(items.map((item) => item.doi)).toEqual([doi]);
    expect(gateway().requests[0]?.query).toEqual({ query: doi });
  });

  it('documents-by-abstract pages through 13 documents', async () => {
    const pages = [];
    for await (const page of pdg.pages('research:scholarindex', 'documents-by-abstract', { query: 'abrasi pantai' })) {
      pages.push(page.count);
    }
    expect(pages).toEqual([10, 3]);
  });

  it('areas take no params and carry their cache time', async () => {
    const result = await pdg.run('research:scholarindex', 'areas', {});
    expect(result.count).toBe(result.items.length);
    expect(scholarindex.endpoints.areas.cacheSeconds).toBe(300);
  });
});

describe('research:scholarindex author', () => {
  it('is callable with any params and returns the body unchecked', async () => {
    const result = await pdg.run('research:scholarindex', 'author', { authorId: '5120300' });
    expect(gateway().requests).toEqual([{ path: '/v1/research:scholarindex/author', query: { authorId: '5120300' } }]);
    expect(result).toMatchObject({ name: 'Ratna Kembangsari' });
  });
});
