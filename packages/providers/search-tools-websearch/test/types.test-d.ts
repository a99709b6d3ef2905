/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PagedWalk, PdgClient } from '@pdg/core';
import type * as v from 'valibot';
import { expectTypeOf } from 'vitest';
import type { searchItem, websearch } from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof websearch]>;

const result = await pdg.run('search-tools:websearch', 'search', { query: 'tide tables' });
expectTypeOf(result.items[0]).toEqualTypeOf<v.InferOutput<typeof searchItem> | undefined>();
expectTypeOf(result.items[0]?.displayUrl).toEqualTypeOf<string | undefined>();
expectTypeOf(result.page).toEqualTypeOf<number>();
expectTypeOf(result.count).toEqualTypeOf<number>();
expectTypeOf(result.hasMore).toEqualTypeOf<boolean>();
expectTypeOf(result.nextPage).toEqualTypeOf<number | undefined>();
void pdg.run('search-tools:websearch', 'search', { query: 'tide tables', page: 2 });

// Paged by page number: items() yields search results.
expectTypeOf(pdg.items('search-tools:websearch', 'search', { query: 'tide tables' })).toEqualTypeOf<
  PagedWalk<v.InferOutput<typeof searchItem>>
>();

// @ts-expect-error query is required
void pdg.run('search-tools:websearch', 'search', {});
// @ts-expect-error query is a string
void pdg.run('search-tools:websearch', 'search', { query: 42 });
// @ts-expect-error page is a number
void pdg.run('search-tools:websearch', 'search', { query: 'tide tables', page: 'two' });
// @ts-expect-error the spec documents no other endpoint
void pdg.run('search-tools:websearch', 'suggest', { query: 'tide' });
