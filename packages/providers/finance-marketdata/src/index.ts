/**
 * finance:marketdata: quotes, technicals, price history, news, analysis, calendars and financials.
 * Source of truth: the gateway spec, document 2, sections 2.3 and 4.3, and document 1, sections 2.1 and 8.
 * Records are split by resource under `records/`; each endpoint is its own module.
 */
import { defineProvider } from '@pdg/core/provider';
import * as analysis from './analysis.js';
import * as article from './article.js';
import * as calendar from './calendar.js';
import * as dividendsCalendar from './dividends-calendar.js';
import * as earningsCalendar from './earnings-calendar.js';
import * as economicCalendar from './economic-calendar.js';
import * as financials from './financials.js';
import * as fxCrossRates from './fx-cross-rates.js';
import * as historical from './historical.js';
import * as indicatorHistory from './indicator-history.js';
import * as marketHolidays from './market-holidays.js';
import * as marketTable from './market-table.js';
import * as news from './news.js';
import * as quote from './quote.js';
import * as search from './search.js';
import * as technical from './technical.js';

export * from './records/calendars.js';
export * from './records/instrument.js';
export * from './records/news.js';
export { figure } from './records/shared.js';

export const marketdata = defineProvider({
  id: 'finance:marketdata',
  description: 'Market quotes, technicals, price history, news, analysis, calendars and financials.',
  endpoints: {
    search,
    quote,
    technical,
    historical,
    news,
    article,
    analysis,
    calendar,
    'market-table': marketTable,
    'earnings-calendar': earningsCalendar,
    'economic-calendar': economicCalendar,
    'market-holidays': marketHolidays,
    'indicator-history': indicatorHistory,
    financials,
    'fx-cross-rates': fxCrossRates,
    'dividends-calendar': dividendsCalendar,
  },
});
