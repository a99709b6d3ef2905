/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PdgClient } from '@pdg/core';
import { expectTypeOf } from 'vitest';
import type { idrexchange } from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof idrexchange]>;

const result = await pdg.run('finance:idrexchange', 'prices', { pair: 'btc/idr', length: 10 });
expectTypeOf(result.count).toEqualTypeOf<number>();
expectTypeOf(result.total).toEqualTypeOf<number | undefined>();
expectTypeOf(result.currency).toEqualTypeOf<string | undefined>();
expectTypeOf(result.items[0]?.pair).toEqualTypeOf<string | undefined>();
expectTypeOf(result.items[0]?.changeYearPercent).toEqualTypeOf<number | undefined>();

// every param is optional: the whole market
void pdg.run('finance:idrexchange', 'prices', {});

// @ts-expect-error length is a number
void pdg.run('finance:idrexchange', 'prices', { length: '10' });
// @ts-expect-error pair is a string
void pdg.run('finance:idrexchange', 'prices', { pair: ['btc/idr'] });
// @ts-expect-error not a documented param
void pdg.run('finance:idrexchange', 'prices', { page: 2 });
// @ts-expect-error prices is not paged: no page object
void pdg.items('finance:idrexchange', 'prices', {});
// @ts-expect-error the spec documents no other endpoint
void pdg.run('finance:idrexchange', 'ticker', { pair: 'btc/idr' });
