import { isPdgError } from '@pdg/core';
import { usePdgGateway } from '@pdg/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { idrexchange } from '../src/index.js';

const { client: pdg, gateway } = usePdgGateway([idrexchange], fixtures);

const failure = (promise: Promise<unknown>) => promise.catch((thrown: unknown) => thrown);

describe('finance:idrexchange prices', () => {
  it('returns the market rows with count, total, source and currency, and no page object', async () => {
    const result = await pdg.run('finance:idrexchange', 'prices', { length: 5 });
    expect([result.count, result.total, result.source, result.currency]).toEqual([5, 148, 'idrexchange', 'IDR']);
    expect(result.items.map((row) => row.pair)).toEqual(['btc/idr', 'eth/idr', 'usdt/idr', 'sol/idr', 'xrp/idr']);
    expect(result.items[0]).toEqual({
      pair: 'btc/idr',
      price: 1582450000,
      changeDayPercent: 1.84,
      changeWeekPercent: 4.37,
      changeMonthPercent: 9.12,
      changeYearPercent: 112.6,
    });
    expect(result).not.toHaveProperty('page');
    expect(result).not.toHaveProperty('hasMore');
  });

  it("a pair's slash is sent in the query, encoded as %2F, as the fixture records it", async () => {
    const { data, response } = await pdg.runWithResponse('finance:idrexchange', 'prices', { pair: 'btc/idr' });
    expect(response.url).toBe('https://gateway.pdg.test/v1/finance:idrexchange/prices?pair=btc%2Fidr');
    const recorded = fixtures.find((fixture) => fixture.name === 'btc-idr')?.request;
    expect(recorded).toEqual({ path: '/v1/finance:idrexchange/prices', query: { pair: 'btc/idr' } });
    expect(gateway().requests).toEqual([recorded]);
    expect(data.items.map((row) => [row.pair, row.price])).toEqual([['btc/idr', 1582450000]]);
  });

  it('a pair the market does not list gives no rows', async () => {
    const result = await pdg.run('finance:idrexchange', 'prices', { pair: 'zzq/idr' });
    expect([result.count, result.total, result.items]).toEqual([0, 0, []]);
  });

  it('a change sent as null reads as undefined', async () => {
    const { items } = await pdg.run('finance:idrexchange', 'prices', { pair: 'pepe2/idr', length: 1 });
    expect([items[0]?.changeWeekPercent, items[0]?.changeMonthPercent, items[0]?.changeYearPercent]).toEqual([
      18.9,
      undefined,
      undefined,
    ]);
  });
});

describe('finance:idrexchange params', () => {
  it.each(['btc-idr', 'btc/usdt', 'btc', '/idr'])(
    'refuses the pair %j, not of the form <base>/idr, before sending',
    async (pair) => {
      const error = await failure(pdg.run('finance:idrexchange', 'prices', { pair }));
      expect(isPdgError(error) && [error.code, error.issues]).toEqual([
        'INVALID_PARAMS',
        [{ path: 'pair', message: `must be a pair of the form <base>/idr, such as btc/idr (received "${pair}")` }],
      ]);
      expect(gateway().requests).toEqual([]);
    },
  );

  it('sends a base of any case: the spec names the form <base>/idr, not the case of the base', async () => {
    gateway().reply('finance:idrexchange', 'prices', { body: { items: [] } });
    await pdg.run('finance:idrexchange', 'prices', { pair: 'BTC/idr' }, { validate: 'off' });
    expect(gateway().requests[0]?.query).toEqual({ pair: 'BTC/idr' });
  });

  it.each([
    [-1, 'must be at least 0'],
    [1001, 'must be at most 1000'],
    [2.5, 'must be a whole number'],
  ])('refuses length %j before sending', async (length, message) => {
    const error = await failure(pdg.run('finance:idrexchange', 'prices', { length }));
    expect(isPdgError(error) && error.code).toBe('INVALID_PARAMS');
    expect(isPdgError(error) && error.issues).toEqual([{ path: 'length', message: expect.stringContaining(message) }]);
    expect(gateway().requests).toEqual([]);
  });

  it('sends only what is given: the default length 50 stays documentation', async () => {
    await pdg.run('finance:idrexchange', 'prices', { pair: 'btc/idr' });
    expect(gateway().requests[0]?.query).toEqual({ pair: 'btc/idr' });
  });
});
