/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PdgClient } from '@pdg/core';
import type * as v from 'valibot';
import { expectTypeOf } from 'vitest';
import type { scholarsearch, searchResult } from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof scholarsearch]>;

type SearchResult = v.InferOutput<typeof searchResult>;

// search: typed params and a typed page of results.
const search = await pdg.run('research:scholarsearch', 'search', {
  query: 'coral reef restoration',
  page: 2,
  yearFrom: 2018,
  yearTo: 2023,
  language: 'en',
  patents: 'true',
  citations: 'true',
});
expectTypeOf(search.results[0]).toEqualTypeOf<SearchResult | undefined>();
expectTypeOf(search.page).toEqualTypeOf<number>();
expectTypeOf(search.count).toEqualTypeOf<number>();
expectTypeOf(search.hasMore).toEqualTypeOf<boolean>();
expectTypeOf(search.nextPage).toEqualTypeOf<number | undefined>();
expectTypeOf(search.perPage).toEqualTypeOf<number | undefined>();
expectTypeOf(search.didYouMean).toEqualTypeOf<string | undefined>();
expectTypeOf(search.totalResults).toEqualTypeOf<number | undefined>();
expectTypeOf(search.results[0]?.authors).toEqualTypeOf<string[] | undefined>();
expectTypeOf(search.results[0]?.authorProfiles?.[0]?.authorId).toEqualTypeOf<string | undefined>();
expectTypeOf(search.results[0]?.citedByCount).toEqualTypeOf<number | undefined>();
expectTypeOf(search.results[0]?.year).toEqualTypeOf<number | string | undefined>();
// Open enums: values the spec does not list are accepted.
void pdg.run('research:scholarsearch', 'search', { query: 'reef', patents: 'false', citations: 'false' });

// items() yields the results, typed as the search result record.
for await (const item of pdg.items('research:scholarsearch', 'search', { query: 'reef' })) {
  expectTypeOf(item).toEqualTypeOf<SearchResult>();
}

// author: named by the spec only; any params, an unknown result.
const author = await pdg.run('research:scholarsearch', 'author', { authorId: 'qT4wVeLdAAAJ' });
expectTypeOf(author).toBeUnknown();

// Misuse is a compile error.
// @ts-expect-error query is required
void pdg.run('research:scholarsearch', 'search', { page: 2 });
// @ts-expect-error patents is a string enum: `'true'`, not the boolean true
void pdg.run('research:scholarsearch', 'search', { query: 'reef', patents: true });
// @ts-expect-error an open enum still takes only strings
void pdg.run('research:scholarsearch', 'search', { query: 'reef', citations: 1 });
// @ts-expect-error yearFrom is a number
void pdg.run('research:scholarsearch', 'search', { query: 'reef', yearFrom: '2018' });
// @ts-expect-error no page-size param is documented
void pdg.run('research:scholarsearch', 'search', { query: 'reef', perPage: 20 });
// @ts-expect-error author is not paged: items() cannot walk it
void pdg.items('research:scholarsearch', 'author', {});
