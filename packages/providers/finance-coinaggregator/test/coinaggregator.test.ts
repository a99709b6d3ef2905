import { toArray } from '@pdg/core';
import { usePdgGateway } from '@pdg/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { coinaggregator } from '../src/index.js';

const { client: pdg, gateway, refused: refusal } = usePdgGateway([coinaggregator], fixtures);

describe('finance:coinaggregator coins-markets', () => {
  it('priceChangePercentage is keyed by the windows asked for, sent comma-joined from an array', async () => {
    const page = await pdg.run('finance:coinaggregator', 'coins-markets', {
      priceChangePercentage: ['1h', '24h', '7d'],
      limit: 2,
    });
    expect(gateway().requests[0]?.query.priceChangePercentage).toBe('1h,24h,7d');
    const [bitcoin] = page.items;
    expect(bitcoin?.priceChangePercentage?.['24h']).toBe(1.18);
    expect(Object.keys(bitcoin?.priceChangePercentage ?? {})).toEqual(['1h', '24h', '7d']);
  });

  it('a coin without a supply cap reads maxSupply as undefined', async () => {
    const coins = await toArray(
      pdg.items('finance:coinaggregator', 'coins-markets', { priceChangePercentage: '1h,24h,7d', limit: 2 }),
    );
    expect(coins.map((coin) => coin.id)).toEqual(['bitcoin', 'ethereum', 'solana', 'ripple', 'cardano']);
    expect(coins.find((coin) => coin.id === 'bitcoin')?.maxSupply).toBe(21_000_000);
    expect(coins.find((coin) => coin.id === 'ethereum')?.maxSupply).toBeUndefined();
    expect(gateway().requests.map((request) => request.query.page)).toEqual([undefined, '2', '3']);
  });

  it('ids and vsCurrency are sent as given: the spec gives them no form (lowercase is usual, not checked)', async () => {
    const coins = await pdg.run('finance:coinaggregator', 'coins-markets', {
      vsCurrency: 'eur',
      ids: ['bitcoin', 'ethereum'],
    });
    expect(coins.vsCurrency).toBe('eur');
    gateway().reply('finance:coinaggregator', 'coins-markets', { body: { items: [] } });
    gateway().reply('finance:coinaggregator', 'global', { body: {} });
    await pdg.run('finance:coinaggregator', 'coins-markets', { ids: 'Bitcoin' }, { validate: 'off' });
    await pdg.run('finance:coinaggregator', 'global', { vsCurrency: 'USD' }, { validate: 'off' });
    expect(
      gateway()
        .requests.slice(1)
        .map((request) => request.query),
    ).toEqual([{ ids: 'Bitcoin' }, { vsCurrency: 'USD' }]);
    const empty = await refusal(pdg.run('finance:coinaggregator', 'coins-markets', { ids: 'bitcoin,' }));
    expect(empty.issues[0]?.path).toBe('ids');
  });
});

describe('finance:coinaggregator simple-price and derivatives', () => {
  it('simple-price gives one row per coin and currency, with the extras asked for', async () => {
    const prices = await pdg.run('finance:coinaggregator', 'simple-price', {
      ids: ['bitcoin', 'ethereum'],
      vsCurrencies: ['usd', 'eur'],
      includeMarketCap: 'true',
      include24hVol: 'true',
      include24hChange: 'true',
    });
    expect(prices.items.map((row) => `${row.id}/${row.currency}`)).toEqual([
      'bitcoin/usd',
      'bitcoin/eur',
      'ethereum/usd',
      'ethereum/eur',
    ]);
    expect(prices.items[0]?.marketCap).toBe(1_908_000_000_000);
  });

  it('without the extras a row has price only; ids are required', async () => {
    const prices = await pdg.run('finance:coinaggregator', 'simple-price', { ids: 'solana' });
    expect(prices.items[0]?.change24h).toBeUndefined();
    expect(new Date((prices.items[0]?.lastUpdatedAt ?? 0) * 1000).getUTCFullYear()).toBe(2026);
    // @ts-expect-error ids is required
    const error = await refusal(pdg.run('finance:coinaggregator', 'simple-price', { vsCurrencies: 'usd' }));
    expect(error.issues).toEqual([{ path: 'ids', message: 'is required' }]);
  });

  it('a perpetual has no expiry; a dated future has one, as ISO 8601 text', async () => {
    const tickers = await toArray(pdg.items('finance:coinaggregator', 'derivatives', { limit: 2 }));
    expect(tickers).toHaveLength(4);
    const perpetual = tickers.find((ticker) => ticker.contractType === 'perpetual');
    const future = tickers.find((ticker) => ticker.contractType === 'futures');
    expect(perpetual?.expiredAt).toBeUndefined();
    expect(future?.expiredAt).toBe('2026-12-25T08:00:00Z');
  });
});

describe('finance:coinaggregator lists and status', () => {
  it('categories are cached for an hour; their ids filter coins-markets', async () => {
    expect(coinaggregator.endpoints.categories.cacheSeconds).toBe(3600);
    const categories = await pdg.run('finance:coinaggregator', 'categories', { order: 'market_cap_desc', limit: 3 });
    expect(categories.items[0]?.topCoins).toContain('bitcoin');
  });

  it('exchanges are paged; vs-currencies are lowercase codes; ping answers ok', async () => {
    const exchanges = await toArray(pdg.items('finance:coinaggregator', 'exchanges', { limit: 2 }));
    expect(exchanges.map((exchange) => exchange.trustScoreRank)).toEqual([1, 2, 3, 4, 5]);
    const currencies = await pdg.run('finance:coinaggregator', 'vs-currencies');
    expect(currencies.items.every((code) => code === code.toLowerCase())).toBe(true);
    const ping = await pdg.run('finance:coinaggregator', 'ping');
    expect(ping.ok).toBe(true);
  });

  it('global gives dominance rows and an epoch-second update time', async () => {
    const global = await pdg.run('finance:coinaggregator', 'global', { vsCurrency: 'eur', limit: 2 });
    expect(global.items.map((row) => row.symbol)).toEqual(['btc', 'eth']);
    expect(global.updatedAt).toBe(1_795_348_212);
  });
});
