/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PagedWalk, PdgClient } from '@pdg/core';
import type * as v from 'valibot';
import { expectTypeOf } from 'vitest';
import type { analysisItem, marketdata, newsItem } from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof marketdata]>;

const search = await pdg.run('finance:marketdata', 'search', { q: 'harbourline', type: 'all' });
expectTypeOf(search.quotes[0]?.pairId).toEqualTypeOf<number | undefined>();
// query, with pairId when known.
const quote = await pdg.run('finance:marketdata', 'quote', { query: 'HBLS' });
expectTypeOf(quote.lastTimestamp).toEqualTypeOf<number | undefined>();
await pdg.run('finance:marketdata', 'quote', { query: 'Harbourline', pairId: 940211 });
await pdg.run('finance:marketdata', 'quote', { query: 'euro', pairId: 1 });
const technical = await pdg.run('finance:marketdata', 'technical', { query: 'euro', pairId: 1, timeframe: '1d' });
expectTypeOf(technical.oscillators?.buy).toEqualTypeOf<number | undefined>();
const history = await pdg.run('finance:marketdata', 'historical', { query: 'HBLS', interval: '1wk', period: '1mo' });
expectTypeOf(history.candles[0]?.timestamp).toEqualTypeOf<number | undefined>();
const news = await pdg.run('finance:marketdata', 'news', { page: 2 });
expectTypeOf(news.items[0]?.publishedAt).toEqualTypeOf<string | undefined>();
await pdg.run('finance:marketdata', 'article', { id: '4410021' });
const article = await pdg.run('finance:marketdata', 'article', { url: 'https://markets.example.test/news/1' });
expectTypeOf(article.relatedIds).toEqualTypeOf<number[] | undefined>();
const calendar = await pdg.run('finance:marketdata', 'calendar', { range: 'today' });
expectTypeOf(calendar.events[0]?.importance).toEqualTypeOf<number | undefined>();
const table = await pdg.run('finance:marketdata', 'market-table', { table: 'forex', names: 'true' });
expectTypeOf(table.items[0]?.exchangeIsOpen).toEqualTypeOf<boolean | undefined>();
const earnings = await pdg.run('finance:marketdata', 'earnings-calendar', { symbol: 'HBLS' });
expectTypeOf(earnings.items[0]?.marketCapValue).toEqualTypeOf<number | undefined>();
const releases = await pdg.run('finance:marketdata', 'economic-calendar', { country: 'united-states' });
expectTypeOf(releases.items[0]?.eventAttrId).toEqualTypeOf<number | undefined>();
expectTypeOf(releases.items[0]?.actual).toEqualTypeOf<number | string | undefined>();
await pdg.run('finance:marketdata', 'market-holidays', { range: 'week', country: 'USA' });
const prints = await pdg.run('finance:marketdata', 'indicator-history', { eventAttrId: 294, order: 'asc' });
expectTypeOf(prints.items[0]?.actual).toEqualTypeOf<number | undefined>();
const financials = await pdg.run('finance:marketdata', 'financials', { pairId: 940211, period: 'both' });
expectTypeOf(financials.statements?.annual?.income?.[0]?.netIncome).toEqualTypeOf<number | string | undefined>();
await pdg.run('finance:marketdata', 'fx-cross-rates', { anything: 'goes' });

expectTypeOf(pdg.items('finance:marketdata', 'news')).toEqualTypeOf<PagedWalk<v.InferOutput<typeof newsItem>>>();
expectTypeOf(pdg.items('finance:marketdata', 'analysis', { query: 'euro', pairId: 1 })).toEqualTypeOf<
  PagedWalk<v.InferOutput<typeof analysisItem>>
>();

// Misuse is a compile error.
// @ts-expect-error query is required
void pdg.run('finance:marketdata', 'quote', { pairId: 940211 });
// @ts-expect-error pairId is a number
void pdg.run('finance:marketdata', 'quote', { query: 'HBLS', pairId: '940211' });
// @ts-expect-error q is required
void pdg.run('finance:marketdata', 'search', { type: 'all' });
// article takes id, url, or both (which wins is not documented).
void pdg.run('finance:marketdata', 'article', { id: '1', url: 'https://markets.example.test/news/1' });
// @ts-expect-error eventAttrId is required
void pdg.run('finance:marketdata', 'indicator-history', { country: 'us' });
// @ts-expect-error quote is not paged
void pdg.items('finance:marketdata', 'quote', { query: 'HBLS' });
