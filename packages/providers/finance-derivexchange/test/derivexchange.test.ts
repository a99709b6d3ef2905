import { toArray } from '@pdg/core';
import { usePdgGateway } from '@pdg/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { derivexchange } from '../src/index.js';

const { client: pdg, gateway, refused: refusal } = usePdgGateway([derivexchange], fixtures);

describe('finance:derivexchange paged series', () => {
  it('items() walks every kline page, sending count and page, and stops at hasMore: false', async () => {
    const candles = await toArray(pdg.items('finance:derivexchange', 'kline', { symbol: 'BTCUSDT', count: 4 }));
    expect(candles).toHaveLength(10);
    expect(gateway().requests.map((request) => request.query)).toEqual([
      { symbol: 'BTCUSDT', count: '4' },
      { symbol: 'BTCUSDT', count: '4', page: '2' },
      { symbol: 'BTCUSDT', count: '4', page: '3' },
    ]);
    // Newest first, five minutes apart, times in epoch milliseconds.
    expect((candles[0]?.openTime ?? 0) - (candles[1]?.openTime ?? 0)).toBe(5 * 60 * 1000);
    expect(Date.parse(candles[0]?.date ?? '')).toBe(candles[0]?.openTime);
  });

  it('the plain kline carries volume and turnover; index- and mark-price klines carry none', async () => {
    const [trade] = await toArray(pdg.items('finance:derivexchange', 'kline', { symbol: 'BTCUSDT', count: 4 }), {
      maxItems: 1,
    });
    expect(trade).toHaveProperty('volume');
    expect(trade).toHaveProperty('turnover');
    const index = await pdg.run('finance:derivexchange', 'index-price-kline', {
      symbol: 'BTCUSDT',
      interval: '5',
      count: 3,
    });
    expect(index.interval).toBe('5');
    expect(index.items[0]).not.toHaveProperty('volume');
    const mark = await toArray(
      pdg.items('finance:derivexchange', 'mark-price-kline', { symbol: 'BTCUSDT', interval: '5', count: 3 }),
    );
    expect(mark).toHaveLength(6);
  });

  it('each series echoes its own interval param', async () => {
    const ratio = await pdg.run('finance:derivexchange', 'account-ratio', {
      symbol: 'BTCUSDT',
      period: '5min',
      count: 3,
    });
    expect(ratio.period).toBe('5min');
    expect((ratio.items[0]?.longRatio ?? 0) + (ratio.items[0]?.shortRatio ?? 0)).toBeCloseTo(1);
    const interest = await pdg.run('finance:derivexchange', 'open-interest', {
      symbol: 'BTCUSDT',
      intervalTime: '5min',
      count: 2,
    });
    expect(interest.intervalTime).toBe('5min');
    expect(interest.hasMore).toBe(true);
  });
});

describe('finance:derivexchange params', () => {
  it('start and end are ISO 8601 timestamps and are sent as given', async () => {
    const window = await pdg.run('finance:derivexchange', 'kline', {
      symbol: 'ETHUSDT',
      interval: '5',
      start: '2026-11-22T11:45:00Z',
      end: '2026-11-22T12:00:00Z',
    });
    expect(window.items).toHaveLength(3);
    expect(gateway().requests[0]?.query.start).toBe('2026-11-22T11:45:00Z');
  });

  it('epoch numbers and other forms of start/end are refused before sending, showing the form', async () => {
    // @ts-expect-error start is an ISO 8601 text, not epoch milliseconds
    const epoch = await refusal(pdg.run('finance:derivexchange', 'kline', { symbol: 'BTCUSDT', start: 1795392000000 }));
    expect(epoch.issues[0]).toMatchObject({ path: 'start' });
    const text = await refusal(
      pdg.run('finance:derivexchange', 'funding-history', { symbol: 'BTCUSDT', end: '22/11/2026' }),
    );
    expect(text.issues).toEqual([
      {
        path: 'end',
        message: 'must be an ISO 8601 timestamp, such as 2026-03-01T00:00:00Z or 2026-03-01 (received "22/11/2026")',
      },
    ]);
  });

  it('a window that ends before it starts is sent: the spec sets no order between start and end', async () => {
    gateway().reply('finance:derivexchange', 'open-interest', { body: { items: [], hasMore: false } });
    const window = { symbol: 'BTCUSDT', start: '2026-11-22T12:00:00Z', end: '2026-11-22T11:00:00Z' };
    await pdg.run('finance:derivexchange', 'open-interest', window, { validate: 'off' });
    expect(gateway().requests[0]?.query).toEqual(window);
  });

  it('symbol is required for series, the order book and trades', async () => {
    // @ts-expect-error symbol is required
    const error = await refusal(pdg.run('finance:derivexchange', 'kline', { interval: '5' }));
    expect(error.issues).toEqual([{ path: 'symbol', message: 'is required' }]);
    // @ts-expect-error symbol is required
    await refusal(pdg.run('finance:derivexchange', 'orderbook', { count: 3 }));
  });

  it('count is a whole number of rows, 0 or more: the spec gives no bound', async () => {
    const error = await refusal(pdg.run('finance:derivexchange', 'recent-trade', { symbol: 'BTCUSDT', count: -1 }));
    expect(error.issues[0]?.message).toBe('must be at least 0 (received -1)');
    const fraction = await refusal(pdg.run('finance:derivexchange', 'recent-trade', { symbol: 'BTCUSDT', count: 2.5 }));
    expect(fraction.issues[0]?.message).toBe('must be a whole number (received 2.5)');
  });

  it('expDate is a day-month-year code such as 25DEC26', async () => {
    const future = await pdg.run('finance:derivexchange', 'tickers', {
      category: 'linear',
      baseCoin: 'BTC',
      expDate: '25DEC26',
    });
    expect(future.items[0]?.symbol).toBe('BTC-25DEC26');
    expect(future.items[0]?.fundingRate).toBeUndefined();
    const error = await refusal(pdg.run('finance:derivexchange', 'tickers', { expDate: '2026-12-25' }));
    expect(error.issues[0]?.message).toBe(
      'must be an expiry date in day-month-year form, such as 25DEC26 (received "2026-12-25")',
    );
  });
});

describe('finance:derivexchange records', () => {
  it('decimals sent as text read as numbers', async () => {
    const tickers = await pdg.run('finance:derivexchange', 'tickers', { category: 'linear' });
    expect(tickers.items.map((row) => row.symbol)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
    expect(tickers.items[0]?.lastPrice).toBe(96412.4);
    expect(typeof tickers.items[0]?.openInterestValue).toBe('number');
    const instruments = await toArray(
      pdg.items('finance:derivexchange', 'instruments-info', { category: 'linear', status: 'Trading', count: 2 }),
    );
    expect(instruments.map((row) => row.tickSize)).toEqual([0.1, 0.01, 0.01, 0.0001]);
    expect(instruments[0]?.launchTime).toBe(Date.parse('2020-03-26T00:00:00Z'));
  });

  it('times the spec does not describe as epoch are accepted as ISO 8601 text and read as epoch ms', async () => {
    gateway().reply('finance:derivexchange', 'recent-trade', {
      body: {
        count: 1,
        items: [
          { date: '2026-11-22T12:00:05Z', time: '2026-11-22T12:00:05Z', side: 'buy', size: 0.004, price: 96412.5 },
        ],
      },
    });
    const trades = await pdg.run('finance:derivexchange', 'recent-trade', { symbol: 'BTCUSDT' });
    expect(trades.items[0]?.time).toBe(Date.parse('2026-11-22T12:00:05Z'));
  });

  it('the order book has asks and bids with size and price; trades are newest first', async () => {
    const book = await pdg.run('finance:derivexchange', 'orderbook', {
      symbol: 'BTCUSDT',
      category: 'linear',
      count: 3,
    });
    expect(book.asks[0]).toEqual({ size: 0.412, price: 96412.5 });
    expect((book.asks[0]?.price ?? 0) > (book.bids[0]?.price ?? 0)).toBe(true);
    const trades = await pdg.run('finance:derivexchange', 'recent-trade', { symbol: 'BTCUSDT', count: 3 });
    const times = trades.items.map((trade) => trade.time ?? 0);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('premium-index-kline is named only: callable with any params', async () => {
    expect(derivexchange.endpoints['premium-index-kline'].undocumented).toBe(true);
    const body = await pdg.run('finance:derivexchange', 'premium-index-kline', { symbol: 'BTCUSDT', interval: '5' });
    expect(body).toMatchObject({ symbol: 'BTCUSDT' });
  });
});
