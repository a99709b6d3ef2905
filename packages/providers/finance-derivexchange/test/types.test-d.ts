/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PagedWalk, PdgClient } from '@pdg/core';
import type * as v from 'valibot';
import { expectTypeOf } from 'vitest';
import type { derivexchange, instrument, kline, priceKline } from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof derivexchange]>;

const candles = await pdg.run('finance:derivexchange', 'kline', { symbol: 'BTCUSDT', interval: '5', count: 200 });
expectTypeOf(candles.items[0]?.volume).toEqualTypeOf<number | undefined>();
expectTypeOf(candles.items[0]?.openTime).toEqualTypeOf<number | undefined>();
expectTypeOf(candles.interval).toEqualTypeOf<string | undefined>();
const index = await pdg.run('finance:derivexchange', 'index-price-kline', { symbol: 'BTCUSDT', start: '2026-11-01' });
expectTypeOf(index.items[0]).toEqualTypeOf<v.InferOutput<typeof priceKline> | undefined>();
// Index- and mark-price candles document no volume: reading one is a compile error (`unlisted()` reads it).
// @ts-expect-error volume is not a documented field of an index-price candle
void index.items[0]?.volume;
expectTypeOf<NonNullable<(typeof candles.items)[number]>['volume']>().toEqualTypeOf<number | undefined>();
const mark = await pdg.run('finance:derivexchange', 'mark-price-kline', { symbol: 'BTCUSDT', category: 'inverse' });
expectTypeOf(mark.items[0]?.close).toEqualTypeOf<number | undefined>();
const ratio = await pdg.run('finance:derivexchange', 'account-ratio', { symbol: 'BTCUSDT', period: '5min' });
expectTypeOf(ratio.items[0]?.longRatio).toEqualTypeOf<number | undefined>();
const funding = await pdg.run('finance:derivexchange', 'funding-history', { symbol: 'BTCUSDT', page: 2 });
expectTypeOf(funding.items[0]?.fundingRate).toEqualTypeOf<number | undefined>();
const interest = await pdg.run('finance:derivexchange', 'open-interest', { symbol: 'BTCUSDT', intervalTime: '5min' });
expectTypeOf(interest.items[0]?.openInterest).toEqualTypeOf<number | undefined>();
const instruments = await pdg.run('finance:derivexchange', 'instruments-info', { status: 'Trading' });
expectTypeOf(instruments.items[0]?.unifiedMarginTrade).toEqualTypeOf<boolean | undefined>();
const book = await pdg.run('finance:derivexchange', 'orderbook', { symbol: 'BTCUSDT', count: 50 });
expectTypeOf(book.asks[0]?.price).toEqualTypeOf<number | undefined>();
const trades = await pdg.run('finance:derivexchange', 'recent-trade', { symbol: 'BTCUSDT' });
expectTypeOf(trades.items[0]?.side).toEqualTypeOf<string | undefined>();
const tickers = await pdg.run('finance:derivexchange', 'tickers', { expDate: '25DEC26' });
expectTypeOf(tickers.items[0]?.nextFundingTime).toEqualTypeOf<number | undefined>();
await pdg.run('finance:derivexchange', 'tickers');
await pdg.run('finance:derivexchange', 'premium-index-kline', { symbol: 'BTCUSDT' });

expectTypeOf(pdg.items('finance:derivexchange', 'kline', { symbol: 'BTCUSDT' })).toEqualTypeOf<
  PagedWalk<v.InferOutput<typeof kline>>
>();
expectTypeOf(pdg.items('finance:derivexchange', 'instruments-info')).toEqualTypeOf<
  PagedWalk<v.InferOutput<typeof instrument>>
>();

// Misuse is a compile error.
// @ts-expect-error symbol is required
void pdg.run('finance:derivexchange', 'kline', { interval: '5' });
// @ts-expect-error start is ISO 8601 text, not epoch milliseconds
void pdg.run('finance:derivexchange', 'kline', { symbol: 'BTCUSDT', start: 1795392000000 });
// @ts-expect-error count is a number
void pdg.run('finance:derivexchange', 'orderbook', { symbol: 'BTCUSDT', count: '50' });
// @ts-expect-error the order book is not paged
void pdg.items('finance:derivexchange', 'orderbook', { symbol: 'BTCUSDT' });
// @ts-expect-error tickers take no page
void pdg.run('finance:derivexchange', 'tickers', { page: 2 });
