/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PdgClient } from '@pdg/core';
import { expectTypeOf } from 'vitest';
import type { websearch } from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof websearch]>;

const result = await pdg.run('search-tools:websearch', 'search', { query: 'tide tables' });
expectTypeOf(result.items[0]?.displayUrl).toEqualTypeOf<string | undefined>();
expectTypeOf(result.page).toEqualTypeOf<number>();
expectTypeOf(result.nextPage).toEqualTypeOf<number | undefined>();

// @ts-expect-error query is required
void pdg.run('search-tools:websearch', 'search', {});
// @ts-expect-error no page param is documented
void pdg.run('search-tools:websearch', 'search', { query: 'tide tables', page: 2 });
// @ts-expect-error not paged: no page param is documented, so pages() cannot walk it
void pdg.pages('search-tools:websearch', 'search', { query: 'tide tables' });
