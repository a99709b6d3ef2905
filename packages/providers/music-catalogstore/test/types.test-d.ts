/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PdgClient } from '@pdg/core';
import { expectTypeOf } from 'vitest';
import type { catalogstore } from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof catalogstore]>;

const result = await pdg.run('music:catalogstore', 'search', { q: 'velvet orbit', type: 'album', limit: 5 });
expectTypeOf(result.items[0]?.durationMs).toEqualTypeOf<number | undefined>();
expectTypeOf(result.page).toEqualTypeOf<number>();

// @ts-expect-error 'song' is not a type
void pdg.run('music:catalogstore', 'search', { q: 'x', type: 'song' });
// @ts-expect-error q is required
void pdg.run('music:catalogstore', 'search', { limit: 5 });
// @ts-expect-error the spec documents no other endpoint
void pdg.run('music:catalogstore', 'lookup', { id: 1 });
// @ts-expect-error search is not paged: its page has no hasMore
void pdg.pages('music:catalogstore', 'search', { q: 'x' });
