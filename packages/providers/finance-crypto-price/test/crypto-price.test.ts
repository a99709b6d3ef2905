import { isPdgError } from '@pdg/core';
import { usePdgGateway } from '@pdg/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { cryptoPrice, quotes } from '../src/index.js';

const { client: pdg, gateway } = usePdgGateway([cryptoPrice], fixtures);

const failure = (promise: Promise<unknown>) => promise.catch((thrown: unknown) => thrown);

describe('finance:crypto-price price', () => {
  it('two coins in two currencies: the raw map, keyed <vs>, <vs>_24h_change, <vs>_market_cap', async () => {
    const result = await pdg.run('finance:crypto-price', 'price', { coins: 'bitcoin,ethereum', vs: 'usd,eur' });
    expect(result.ok).toBe(true);
    expect(Object.keys(result.prices)).toEqual(['bitcoin', 'ethereum']);
    expect(result.prices.bitcoin?.usd).toBe(97412.58);
    expect(result.prices.ethereum?.eur_24h_change).toBe(-0.9628);
    expect(result.prices.ethereum?.usd_market_cap).toBe(411902337514.2);
  });

  it('quotes() regroups the map per coin and per requested currency', async () => {
    const result = await pdg.run('finance:crypto-price', 'price', { coins: 'bitcoin,ethereum', vs: 'usd,eur' });
    const byCoin = quotes(result, ['usd', 'eur']);
    expect(byCoin.bitcoin).toEqual({
      usd: { price: 97412.58, change24h: 1.8423, marketCap: 1928544120377.4 },
      eur: { price: 89730.11, change24h: 1.6107, marketCap: 1776421901348.9 },
    });
    expect(byCoin.ethereum?.eur.price).toBe(3148.52);
    expect(quotes(result, 'usd,eur')).toEqual(byCoin);
  });

  it('lists may be arrays: they are sent comma-joined, as the gateway takes them', async () => {
    await pdg.run('finance:crypto-price', 'price', { coins: ['bitcoin', 'ethereum'], vs: ['usd', 'eur'] });
    expect(gateway().requests).toEqual([
      { path: '/v1/finance:crypto-price/price', query: { coins: 'bitcoin,ethereum', vs: 'usd,eur' } },
    ]);
  });

  it('a coin may come with the price key only: the other numbers read as undefined', async () => {
    const result = await pdg.run('finance:crypto-price', 'price', { coins: 'solana,harbour-token' });
    expect(result.prices['harbour-token']).toEqual({ usd: 0.004127 });
    expect(quotes(result, ['usd'])).toEqual({
      solana: { usd: { price: 187.34, change24h: 3.2261, marketCap: 89055120934.6 } },
      'harbour-token': { usd: { price: 0.004127, change24h: undefined, marketCap: undefined } },
    });
  });

  it('vs is not sent when not given: its default usd is documentation only', async () => {
    await pdg.run('finance:crypto-price', 'price', { coins: 'solana,harbour-token' });
    expect(gateway().requests).toEqual([
      { path: '/v1/finance:crypto-price/price', query: { coins: 'solana,harbour-token' } },
    ]);
  });

  it('a number sent as null reads as undefined', async () => {
    const result = await pdg.run('finance:crypto-price', 'price', { coins: 'litecoin', vs: 'gbp' });
    expect(result.prices.litecoin).toEqual({ gbp: 78.41, gbp_24h_change: -2.1184, gbp_market_cap: undefined });
    expect(quotes(result, ['gbp']).litecoin?.gbp.marketCap).toBeUndefined();
  });

  it('a requested currency the gateway sent nothing for gives an empty quote, not a missing one', async () => {
    const result = await pdg.run('finance:crypto-price', 'price', { coins: 'solana,harbour-token' });
    expect(quotes(result, ['usd', 'eur']).solana?.eur).toEqual({
      price: undefined,
      change24h: undefined,
      marketCap: undefined,
    });
  });
});

describe('finance:crypto-price response validation', () => {
  it('a price key not of the form <vs>, <vs>_24h_change or <vs>_market_cap is INVALID_RESPONSE', async () => {
    gateway().reply('finance:crypto-price', 'price', {
      body: { ok: true, prices: { bitcoin: { usd: 97412.58, usd_7d_change: 4.2 } } },
    });
    const error = await failure(pdg.run('finance:crypto-price', 'price', { coins: 'bitcoin' }));
    expect(isPdgError(error) && error.code).toBe('INVALID_RESPONSE');
    expect(isPdgError(error) && error.issues.map((issue) => issue.path)).toEqual(['prices.bitcoin.usd_7d_change']);
  });

  it('a price sent as a string is INVALID_RESPONSE', async () => {
    gateway().reply('finance:crypto-price', 'price', {
      body: { ok: true, prices: { bitcoin: { usd: '97412.58' } } },
    });
    const error = await failure(pdg.run('finance:crypto-price', 'price', { coins: 'bitcoin' }));
    expect(isPdgError(error) && [error.code, error.issues.map((issue) => issue.path)]).toEqual([
      'INVALID_RESPONSE',
      ['prices.bitcoin.usd'],
    ]);
  });

  it('a coin key that is not a lowercase coin id is INVALID_RESPONSE', async () => {
    gateway().reply('finance:crypto-price', 'price', { body: { ok: true, prices: { Bitcoin: { usd: 97412.58 } } } });
    const error = await failure(pdg.run('finance:crypto-price', 'price', { coins: 'bitcoin' }));
    expect(isPdgError(error) && error.code).toBe('INVALID_RESPONSE');
  });

  it("validate: 'off' returns the malformed body as sent", async () => {
    const body = { ok: true, prices: { bitcoin: { usd: '97412.58' } } };
    gateway().reply('finance:crypto-price', 'price', { body });
    const result = await pdg.run('finance:crypto-price', 'price', { coins: 'bitcoin' }, { validate: 'off' });
    expect(result).toEqual(body);
  });
});

describe('finance:crypto-price params', () => {
  it('coins is required: refused before sending', async () => {
    // @ts-expect-error coins is required
    const error = await failure(pdg.run('finance:crypto-price', 'price', { vs: 'usd' }));
    expect(isPdgError(error) && [error.code, error.issues.map((issue) => issue.path)]).toEqual([
      'INVALID_PARAMS',
      ['coins'],
    ]);
    expect(gateway().requests).toEqual([]);
  });

  it('an uppercase or spaced coin id is refused before sending, naming the param and the item', async () => {
    const error = await failure(pdg.run('finance:crypto-price', 'price', { coins: ['bitcoin', 'Ethereum'] }));
    expect(isPdgError(error) && error.code).toBe('INVALID_PARAMS');
    expect(isPdgError(error) && error.issues).toEqual([
      { path: 'coins', message: expect.stringContaining('a lowercase coin id such as bitcoin: "Ethereum"') },
    ]);
    expect(gateway().requests).toEqual([]);
  });

  it('an empty item in a list is refused', async () => {
    const error = await failure(pdg.run('finance:crypto-price', 'price', { coins: 'bitcoin', vs: 'usd,' }));
    expect(isPdgError(error) && error.issues.map((issue) => issue.path)).toEqual(['vs']);
    expect(gateway().requests).toEqual([]);
  });

  it('a vs currency is sent as given: the spec gives it no form (lowercase is usual, not checked)', async () => {
    gateway().reply('finance:crypto-price', 'price', { body: { ok: true, prices: { bitcoin: { USD: 97412.58 } } } });
    const result = await pdg.run('finance:crypto-price', 'price', { coins: 'bitcoin', vs: 'USD' });
    expect(result.prices.bitcoin).toEqual({ USD: 97412.58 });
    expect(gateway().requests[0]?.query).toEqual({ coins: 'bitcoin', vs: 'USD' });
  });
});
