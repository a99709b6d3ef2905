/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PdgClient } from '@pdg/core';
import { expectTypeOf } from 'vitest';
import { type CoinPrices, type cryptoPrice, type Quote, quotes } from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof cryptoPrice]>;

const result = await pdg.run('finance:crypto-price', 'price', { coins: 'bitcoin,ethereum', vs: ['usd', 'eur'] });
expectTypeOf(result.ok).toEqualTypeOf<boolean>();
expectTypeOf(result.prices).toEqualTypeOf<Record<string, CoinPrices<string>>>();
expectTypeOf(result.prices.bitcoin?.usd).toEqualTypeOf<number | undefined>();
expectTypeOf(result.prices.bitcoin?.usd_24h_change).toEqualTypeOf<number | undefined>();

// CoinPrices names the keys of the currencies given
expectTypeOf<CoinPrices<'usd' | 'eur'>>().toEqualTypeOf<{
  usd?: number;
  eur?: number;
  usd_24h_change?: number;
  eur_24h_change?: number;
  usd_market_cap?: number;
  eur_market_cap?: number;
}>();
const usdOnly: CoinPrices<'usd'> = { usd: 97412.58, usd_market_cap: 1928544120377.4 };
void usdOnly;
// @ts-expect-error gbp is not a currency of CoinPrices<'usd'>
const wrongKey: CoinPrices<'usd'> = { gbp: 1 };
void wrongKey;
// @ts-expect-error the values are numbers
const wrongValue: CoinPrices<'usd'> = { usd: '97412.58' };
void wrongValue;

// quotes() is typed by the vs passed, as an array (with or without `as const`) or a comma-separated string
const byCoin = quotes(result, ['usd', 'eur'] as const);
expectTypeOf(byCoin).toEqualTypeOf<Record<string, Record<'usd' | 'eur', Quote>>>();
expectTypeOf(byCoin.bitcoin?.usd.price).toEqualTypeOf<number | undefined>();
expectTypeOf(byCoin.bitcoin?.eur.marketCap).toEqualTypeOf<number | undefined>();
// @ts-expect-error gbp was not requested
void byCoin.bitcoin?.gbp;
expectTypeOf(quotes(result, ['usd', 'eur'])).toEqualTypeOf<Record<string, Record<'usd' | 'eur', Quote>>>();
expectTypeOf(quotes(result, 'usd,eur,btc')).toEqualTypeOf<Record<string, Record<'usd' | 'eur' | 'btc', Quote>>>();
// a vs only known at run time gives string keys
declare const someVs: string[];
expectTypeOf(quotes(result, someVs)).toEqualTypeOf<Record<string, Record<string, Quote>>>();
// @ts-expect-error quotes() takes a price result
void quotes({ items: [] }, ['usd']);

// @ts-expect-error coins is required
void pdg.run('finance:crypto-price', 'price', { vs: 'usd' });
// @ts-expect-error coins is a string or an array of strings
void pdg.run('finance:crypto-price', 'price', { coins: 1 });
// @ts-expect-error not a documented param
void pdg.run('finance:crypto-price', 'price', { coins: 'bitcoin', include_market_cap: true });
// @ts-expect-error price is not paged
void pdg.items('finance:crypto-price', 'price', { coins: 'bitcoin' });
