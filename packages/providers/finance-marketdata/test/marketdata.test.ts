import { toArray } from '@pdg/core';
import { usePdgGateway } from '@pdg/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { marketdata } from '../src/index.js';

const { client: pdg, gateway, refused: refusal } = usePdgGateway([marketdata], fixtures);

describe('finance:marketdata instruments are named by query, and pairId when given', () => {
  it('query alone resolves the instrument', async () => {
    const quote = await pdg.run('finance:marketdata', 'quote', { query: 'HBLS' });
    expect(quote).toMatchObject({ symbol: 'HBLS', pairId: 940211, last: 214.57, exchangeIsOpen: false });
  });

  it('with both, both are sent and the pairId instrument answers', async () => {
    const quote = await pdg.run('finance:marketdata', 'quote', { query: 'euro', pairId: 1 });
    expect(quote.symbol).toBe('EUR/USD');
    expect(quote.eps).toBeUndefined();
    const byId = await pdg.run('finance:marketdata', 'quote', { query: 'Harbourline', pairId: 940211 });
    expect(byId.name).toBe('Harbourline Systems Inc.');
    expect(gateway().requests[1]?.query).toEqual({ query: 'Harbourline', pairId: '940211' });
  });

  it('query is required where the spec says so, even with pairId; financials takes neither as required', async () => {
    // @ts-expect-error query is required
    const error = await refusal(pdg.run('finance:marketdata', 'quote', { pairId: 940211 }));
    expect(error.issues).toEqual([{ path: 'query', message: 'is required' }]);
    for (const endpoint of ['technical', 'historical', 'analysis'] as const) {
      // @ts-expect-error query is required
      const refused = await refusal(pdg.run('finance:marketdata', endpoint, { pairId: 1 }));
      expect(refused.issues.map((issue) => issue.path)).toEqual(['query']);
    }
    gateway().reply('finance:marketdata', 'financials', { body: {} });
    await pdg.run('finance:marketdata', 'financials', { pairId: 940211, period: 'both' }, { validate: 'off' });
    expect(gateway().requests.at(-1)?.query).toEqual({ pairId: '940211', period: 'both' });
  });

  it('the id from search addresses the other instrument endpoints', async () => {
    const { quotes } = await pdg.run('finance:marketdata', 'search', { q: 'harbourline' });
    const pairId = quotes[0]?.pairId;
    expect(pairId).toBe(940211);
    const history = await pdg.run('finance:marketdata', 'historical', {
      query: 'HBLS',
      pairId: pairId as number,
      interval: '1d',
      period: '1mo',
      pointscount: 5,
    });
    expect(history.candles).toHaveLength(5);
    expect(history.candles[0]?.timestamp).toBe(Date.parse('2026-11-16T00:00:00Z'));
  });
});

describe('finance:marketdata epoch fields', () => {
  it('quote times are epoch seconds, candle times epoch milliseconds', async () => {
    const quote = await pdg.run('finance:marketdata', 'quote', { query: 'HBLS' });
    expect(new Date((quote.lastTimestamp as number) * 1000).toISOString()).toBe('2026-11-20T21:00:00.000Z');
    const technical = await pdg.run('finance:marketdata', 'technical', { query: 'HBLS', timeframe: '1d' });
    expect(technical.updatedAt).toBe(Date.parse('2026-11-20T21:01:00Z') / 1000);
    expect(technical.movingAverages?.neutral).toBeUndefined();
    expect(technical.oscillators?.neutral).toBe(3);
  });
});

describe('finance:marketdata paged news and analysis', () => {
  it('items() walks every news page and stops at hasMore: false', async () => {
    const news = await toArray(pdg.items('finance:marketdata', 'news'));
    expect(news).toHaveLength(8);
    expect(gateway().requests.map((request) => request.query.page)).toEqual([undefined, '2', '3']);
  });

  it('analysis pages for one instrument', async () => {
    const pages = await toArray(pdg.pages('finance:marketdata', 'analysis', { query: 'HBLS', pairId: 940211 }));
    expect(pages.map((page) => page.items.length)).toEqual([2, 2]);
    expect(pages[1]?.hasMore).toBe(false);
  });

  it('an article id from news opens the article', async () => {
    const [first] = await toArray(pdg.items('finance:marketdata', 'news'), { maxItems: 2 }).then((items) =>
      items.slice(1),
    );
    const article = await pdg.run('finance:marketdata', 'article', { id: first?.id as string });
    expect(article.relatedIds).toEqual([940211, 1180774]);
  });

  it('article sends id, url, both or neither as given: the spec requires neither and leaves which wins open', async () => {
    const byUrl = await pdg.run('finance:marketdata', 'article', { url: 'https://markets.example.test/news/4410021' });
    expect(byUrl.id).toBe('4410021');
    gateway().reply('finance:marketdata', 'article', { body: {} });
    await pdg.run('finance:marketdata', 'article', { id: '1', url: 'https://markets.example.test/n/1' });
    await pdg.run('finance:marketdata', 'article', {});
    expect(
      gateway()
        .requests.slice(1)
        .map((request) => request.query),
    ).toEqual([{ id: '1', url: 'https://markets.example.test/n/1' }, {}]);
  });
});

describe('finance:marketdata financials, calendars and open enums', () => {
  it('financials nest annual and quarterly statements', async () => {
    const financials = await pdg.run('finance:marketdata', 'financials', {
      query: 'HBLS',
      period: 'both',
      statement: 'all',
    });
    expect(financials.statements?.annual?.income?.[0]?.totalRevenue).toBe(41_270_000_000);
    expect(financials.statements?.annual?.cashflow?.[0]?.operating).toBe(13_700_000_000);
    expect(financials.statements?.quarterly?.balance).toHaveLength(2);
  });

  it('indicator-history takes the eventAttrId of an economic-calendar row', async () => {
    const releases = await pdg.run('finance:marketdata', 'economic-calendar', { range: 'thisWeek' });
    const claims = releases.items.find((row) => row.event === 'Initial Jobless Claims');
    const history = await pdg.run('finance:marketdata', 'indicator-history', {
      eventAttrId: claims?.eventAttrId as number,
      country: 'us',
      count: 3,
    });
    expect(history.items.map((print) => print.actualState)).toEqual(['up', 'up', 'down']);
    // @ts-expect-error eventAttrId is required
    const missing = await refusal(pdg.run('finance:marketdata', 'indicator-history', { country: 'us' }));
    expect(missing.issues).toEqual([{ path: 'eventAttrId', message: 'is required' }]);
    const upper = await refusal(
      pdg.run('finance:marketdata', 'indicator-history', { eventAttrId: 294, country: 'US' }),
    );
    expect(upper.issues[0]?.message).toBe('must be a lowercase country code, such as us (received "US")');
  });

  it('a calendar event without a forecast reads undefined; importance is a number', async () => {
    const calendar = await pdg.run('finance:marketdata', 'calendar', { range: 'today' });
    expect(calendar.events.map((event) => event.importance)).toEqual([2, 3, 1]);
    expect(calendar.events[2]?.forecast).toBeUndefined();
  });

  it('open enums send values beyond the named ones; a wrong type is refused', async () => {
    const earnings = await pdg.run('finance:marketdata', 'earnings-calendar', { range: 'nextWeek' });
    expect(earnings.items[0]?.reportPeriod).toBe('Q3/2026');
    // @ts-expect-error pointscount is a number
    const error = await refusal(pdg.run('finance:marketdata', 'historical', { query: 'HBLS', pointscount: 'all' }));
    expect(error.issues[0]?.path).toBe('pointscount');
  });

  it('market holidays keep their undocumented fields as sent', async () => {
    const holidays = await pdg.run('finance:marketdata', 'market-holidays', { range: 'week', country: 'USA' });
    expect(holidays.items[0]).toMatchObject({ holiday: 'Thanksgiving Day', closed: true });
  });

  it('the named-only endpoints are callable with any params', async () => {
    expect(marketdata.endpoints['fx-cross-rates'].undocumented).toBe(true);
    const rates = await pdg.run('finance:marketdata', 'fx-cross-rates', { currencies: 'usd,eur,gbp' });
    expect(rates).toMatchObject({ base: 'usd' });
  });
});
