/** Calendar and market-table records (document 2, section 2.3). */
import { record } from '@pdg/core/provider';
import * as v from 'valibot';
import { figure } from './shared.js';

/** An economic event of `calendar`. */
export const calendarEvent = record({
  /** Event date. */
  date: v.string(),
  /** Event time of day. */
  time: v.string(),
  /** Event name. */
  event: v.string(),
  /** Country the event concerns. */
  country: v.string(),
  /** Currency the event concerns. */
  currency: v.string(),
  /** Date and time of the event. */
  datetime: v.string(),
  /** Forecast value, formatted; may be absent. */
  forecast: v.string(),
  /** Previous value, formatted. */
  previous: v.string(),
  /** Importance: 1, 2 or 3 (3 is the highest). */
  importance: v.number(),
});

/** A row of `market-table`. */
export const marketTableRow = record({
  /** Ask price. */
  ask: v.number(),
  /** Bid price. */
  bid: v.number(),
  /** Day low. */
  low: v.number(),
  /** Day high. */
  high: v.number(),
  /** Last price. */
  last: v.number(),
  /** Day open. */
  open: v.number(),
  /** Change since the previous close. */
  change: v.number(),
  /** Change since the previous close, in percent. */
  changePercent: v.number(),
  /** Volume traded today. */
  volume: v.number(),
  /** Average volume. */
  avgVolume: v.number(),
  /** Turnover volume. */
  turnoverVolume: v.number(),
  /** Previous close. */
  previousClose: v.number(),
  /** 52-week low. */
  week52Low: v.number(),
  /** 52-week high. */
  week52High: v.number(),
  /** Pair id: the `pairId` param of the instrument endpoints. */
  pairId: v.number(),
  /** Time of the last price, epoch seconds. */
  lastTimestamp: v.number(),
  /** Time of the last price, as text. */
  lastAt: v.string(),
  /** Instrument name. */
  name: v.string(),
  /** Ticker symbol. */
  symbol: v.string(),
  /** Instrument type. */
  type: v.string(),
  /** Exchange name. */
  exchange: v.string(),
  /** Day range, formatted. */
  dayRange: v.string(),
  /** 52-week range, formatted. */
  week52Range: v.string(),
  /** Whether the exchange is open now. */
  exchangeIsOpen: v.boolean(),
  /** Technical summary, such as `Buy`. */
  technicalSummary: v.string(),
});

/** A row of `earnings-calendar`. */
export const earningsRow = record({
  /** Report date. */
  date: v.string(),
  /** Pair id of the company's instrument. */
  pairId: v.number(),
  /** Ticker symbol. */
  symbol: v.string(),
  /** Company name. */
  company: v.string(),
  /** Short company name. */
  shortName: v.string(),
  /** Country of listing. */
  country: v.string(),
  /** Country id. */
  countryId: v.number(),
  /** Market capitalisation, formatted (such as `2.1T`). */
  marketCap: v.string(),
  /** Market capitalisation as a number. */
  marketCapValue: v.number(),
  /** Report time, epoch seconds. */
  timestamp: v.number(),
  /** Importance. */
  importance: figure,
  /** EPS forecast. */
  epsForecast: figure,
  /** Reported EPS, once reported. */
  eps: figure,
  /** EPS of the previous period. */
  epsPrevious: figure,
  /** Reported revenue, once reported. */
  revenue: figure,
  /** Revenue forecast. */
  revenueForecast: figure,
  /** When in the trading day the report comes, such as before the open. */
  marketPhase: v.string(),
  /** Pair id of the parent instrument. */
  parentPairId: v.number(),
  /** Pair id of a related instrument. */
  relatedPairId: v.number(),
  /** The period reported, such as `Q3/2026`. */
  reportPeriod: v.string(),
});

/** A row of `economic-calendar`. */
export const economicRelease = record({
  /** Release page URL. */
  url: v.string(),
  /** Release date. */
  date: v.string(),
  /** Release time of day. */
  time: v.string(),
  /** Event name. */
  event: v.string(),
  /** Row id. */
  rowId: figure,
  /** The period the figure covers, such as `Oct`. */
  period: v.string(),
  /** Country the release concerns. */
  country: v.string(),
  /** Country id. */
  countryId: figure,
  /** Currency the release concerns. */
  currency: v.string(),
  /** Date and time of the release. */
  datetime: v.string(),
  /** Forecast value. */
  forecast: figure,
  /** Previous value. */
  previous: figure,
  /** Actual value, once released. */
  actual: figure,
  /** Direction of the actual against the forecast. */
  direction: v.string(),
  /** Release time (as the gateway sends it). */
  timestamp: figure,
  /** When the row was last updated. */
  updatedAt: figure,
  /** Importance. */
  importance: figure,
  /** Expected volatility. */
  volatility: figure,
  /** Event attribute id: the `eventAttrId` param of `indicator-history`. */
  eventAttrId: v.number(),
  /** Whether the figure is preliminary. */
  preliminary: v.boolean(),
  /** Id of a related article. */
  relatedArticleId: figure,
});

/** A market holiday. The spec does not list its fields: every field is kept as sent. */
export const marketHoliday = v.looseObject({});

/** One print of an economic indicator, in `indicator-history`. */
export const indicatorPrint = record({
  /** Release date. */
  date: v.string(),
  /** Release time, epoch milliseconds. */
  timestamp: v.number(),
  /** Actual value. */
  actual: v.number(),
  /** Forecast value. */
  forecast: v.number(),
  /** Actual against forecast: `neutral`, `down` and `up` appear. */
  actualState: v.string(),
  /** Actual value, formatted. */
  actualFormatted: v.string(),
  /** Forecast value, formatted. */
  forecastFormatted: v.string(),
});
