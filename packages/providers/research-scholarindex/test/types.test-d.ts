/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PagedWalk, PdgClient } from '@pdg/core';
import type * as v from 'valibot';
import { expectTypeOf } from 'vitest';
import type { documentListItem, journalListItem, publisherListItem, scholarindex } from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof scholarindex]>;

type DocumentListItem = v.InferOutput<typeof documentListItem>;

// Every endpoint the spec gives is callable, with typed params and a typed result.
const areas = await pdg.run('research:scholarindex', 'areas', {});
expectTypeOf(areas.count).toEqualTypeOf<number>();
expectTypeOf(areas.items[0]?.areaId).toEqualTypeOf<string | undefined>();
expectTypeOf(areas.provider).toEqualTypeOf<string | undefined>();

const detail = await pdg.run('research:scholarindex', 'document', { documentId: '2841043' });
expectTypeOf(detail.doi).toEqualTypeOf<string | undefined>();
expectTypeOf(detail.authors?.[0]?.affiliation).toEqualTypeOf<string | undefined>();
expectTypeOf(detail.authors?.[0]?.authorId).toEqualTypeOf<string | number | undefined>();
expectTypeOf(detail.journal?.journalId).toEqualTypeOf<string | undefined>();
expectTypeOf(detail.journal?.areas?.[0]?.name).toEqualTypeOf<string | undefined>();
expectTypeOf(detail.copyrightYear).toEqualTypeOf<number | string | undefined>();

const byAbstract = await pdg.run('research:scholarindex', 'documents-by-abstract', { query: 'abrasi pantai', page: 2 });
expectTypeOf(byAbstract.items[0]).toEqualTypeOf<DocumentListItem | undefined>();
expectTypeOf(byAbstract.page).toEqualTypeOf<number>();
expectTypeOf(byAbstract.hasMore).toEqualTypeOf<boolean>();
expectTypeOf(byAbstract.nextPage).toEqualTypeOf<number | undefined>();
expectTypeOf(byAbstract.total).toEqualTypeOf<number | undefined>();
const byDoi = await pdg.run('research:scholarindex', 'documents-by-doi', { query: '10.99999/jikn.v15i1.1058' });
expectTypeOf(byDoi.items[0]?.year).toEqualTypeOf<number | undefined>();
const byTitle = await pdg.run('research:scholarindex', 'documents-by-title', { query: 'padi sawah' });
expectTypeOf(byTitle.items[0]?.downloadUrl).toEqualTypeOf<string | undefined>();

const documents = await pdg.run('research:scholarindex', 'documents', {
  query: 'mangrove',
  field: 'title',
  publisher: 'Universitas Pesisir Samudra Raya',
  pdfOnly: 'true',
  yearFrom: 2018,
  yearTo: 2024,
  page: 2,
});
expectTypeOf(documents.items[0]).toEqualTypeOf<DocumentListItem | undefined>();
expectTypeOf(documents.yearFrom).toEqualTypeOf<number | undefined>();
expectTypeOf(documents.pdfOnly).toEqualTypeOf<string | boolean | undefined>();
// Open enums: values the spec does not list are accepted.
void pdg.run('research:scholarindex', 'documents', { query: 'mangrove', field: 'abstract', pdfOnly: 'false' });

const journal = await pdg.run('research:scholarindex', 'journal', { journalId: '14582', page: 2 });
expectTypeOf(journal.doiPrefix).toEqualTypeOf<string | undefined>();
expectTypeOf(journal.items[0]).toEqualTypeOf<DocumentListItem | undefined>();
expectTypeOf(journal.hasMore).toEqualTypeOf<boolean>();
const journals = await pdg.run('research:scholarindex', 'journals', { query: 'nusantara' });
expectTypeOf(journals.items[0]).toEqualTypeOf<v.InferOutput<typeof journalListItem> | undefined>();
void pdg.run('research:scholarindex', 'journals', {});
const publishers = await pdg.run('research:scholarindex', 'publishers', { page: 2 });
expectTypeOf(publishers.items[0]).toEqualTypeOf<v.InferOutput<typeof publisherListItem> | undefined>();
expectTypeOf(publishers.items[0]?.journalCount).toEqualTypeOf<number | undefined>();

const author = await pdg.run('research:scholarindex', 'author', { authorId: '5120300' });
expectTypeOf(author).toBeUnknown();

// items() walks the listings, the journal's documents included.
expectTypeOf(pdg.items('research:scholarindex', 'journal', { journalId: '14582' })).toEqualTypeOf<
  PagedWalk<DocumentListItem>
>();
expectTypeOf(pdg.items('research:scholarindex', 'documents', { query: 'mangrove' })).toEqualTypeOf<
  PagedWalk<DocumentListItem>
>();

// Misuse is a compile error.
// @ts-expect-error query is required
void pdg.run('research:scholarindex', 'documents', { field: 'title' });
// @ts-expect-error query is required
void pdg.run('research:scholarindex', 'documents-by-doi', { page: 1 });
// @ts-expect-error pdfOnly is a string enum: `'true'`, not the boolean true
void pdg.run('research:scholarindex', 'documents', { query: 'mangrove', pdfOnly: true });
// @ts-expect-error an open enum still takes only strings
void pdg.run('research:scholarindex', 'documents', { query: 'mangrove', field: 1 });
// @ts-expect-error yearFrom is a number
void pdg.run('research:scholarindex', 'documents', { query: 'mangrove', yearFrom: '2018' });
// @ts-expect-error no page-size param is documented
void pdg.run('research:scholarindex', 'documents', { query: 'mangrove', limit: 20 });
// @ts-expect-error journalId is required
void pdg.run('research:scholarindex', 'journal', { page: 2 });
// @ts-expect-error documentId is required
void pdg.run('research:scholarindex', 'document', {});
// @ts-expect-error document is not paged: items() cannot walk it
void pdg.items('research:scholarindex', 'document', { documentId: '2841043' });
