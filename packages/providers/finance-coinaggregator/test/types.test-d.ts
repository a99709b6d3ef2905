/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PagedWalk, PdgClient } from '@pdg/core';
import type * as v from 'valibot';
import { expectTypeOf } from 'vitest';
import type { coinaggregator, derivativeTicker, marketCoin } from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof coinaggregator]>;

const categories = await pdg.run('finance:coinaggregator', 'categories', { order: 'market_cap_desc', limit: 5 });
expectTypeOf(categories.items[0]?.topCoins).toEqualTypeOf<string[] | undefined>();
const exchanges = await pdg.run('finance:coinaggregator', 'exchanges', { page: 2, limit: 10 });
expectTypeOf(exchanges.items[0]?.hasTradingIncentive).toEqualTypeOf<boolean | undefined>();
const currencies = await pdg.run('finance:coinaggregator', 'vs-currencies');
expectTypeOf(currencies.items).toEqualTypeOf<string[]>();
const global = await pdg.run('finance:coinaggregator', 'global', { vsCurrency: 'eur' });
expectTypeOf(global.updatedAt).toEqualTypeOf<number | undefined>();
const markets = await pdg.run('finance:coinaggregator', 'coins-markets', {
  ids: ['bitcoin'],
  priceChangePercentage: ['1h', '24h', '30d'],
});
expectTypeOf(markets.items[0]?.maxSupply).toEqualTypeOf<number | undefined>();
expectTypeOf(markets.items[0]?.priceChangePercentage?.['24h']).toEqualTypeOf<number | null | undefined>();
const prices = await pdg.run('finance:coinaggregator', 'simple-price', {
  ids: 'bitcoin,ethereum',
  vsCurrencies: ['usd'],
});
expectTypeOf(prices.items[0]?.price).toEqualTypeOf<number | undefined>();
const derivatives = await pdg.run('finance:coinaggregator', 'derivatives', { contractType: 'perpetual' });
expectTypeOf(derivatives.items[0]?.expiredAt).toEqualTypeOf<string | undefined>();
const ping = await pdg.run('finance:coinaggregator', 'ping');
expectTypeOf(ping.ok).toEqualTypeOf<boolean>();

expectTypeOf(pdg.items('finance:coinaggregator', 'coins-markets')).toEqualTypeOf<
  PagedWalk<v.InferOutput<typeof marketCoin>>
>();
expectTypeOf(pdg.items('finance:coinaggregator', 'derivatives')).toEqualTypeOf<
  PagedWalk<v.InferOutput<typeof derivativeTicker>>
>();

// Misuse is a compile error.
// @ts-expect-error ids is required
void pdg.run('finance:coinaggregator', 'simple-price', {});
// @ts-expect-error ping takes no params
void pdg.run('finance:coinaggregator', 'ping', { verbose: true });
// @ts-expect-error limit is a number
void pdg.run('finance:coinaggregator', 'categories', { limit: '5' });
// @ts-expect-error ids are text or a list, not a number
void pdg.run('finance:coinaggregator', 'simple-price', { ids: 5 });
// @ts-expect-error categories is not paged
void pdg.items('finance:coinaggregator', 'categories');
