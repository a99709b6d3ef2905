/** Instrument records (document 2, section 2.3): search results, quote, technical summary, candles, financials. */
import { record } from '@pdg/core/provider';
import * as v from 'valibot';
import { figure } from './shared.js';

/** A news hit of `search`. */
export const searchNews = record({
  /** News id: the `id` param of `article`. */
  id: v.string(),
  /** News page URL. */
  url: v.string(),
  /** Image URL. */
  image: v.string(),
  /** Headline. */
  title: v.string(),
});

/** An instrument hit of `search`. */
export const searchQuote = record({
  /** Instrument page URL. */
  url: v.string(),
  /** Instrument name. */
  name: v.string(),
  /** Instrument type, such as `Stock`, `Index` or `Currency`. */
  type: v.string(),
  /** Pair id: the `pairId` param of the instrument endpoints. */
  pairId: v.number(),
  /** Ticker symbol. */
  symbol: v.string(),
  /** Country of listing. */
  country: v.string(),
  /** Exchange name. */
  exchange: v.string(),
});

/** An analysis-article hit of `search`. */
export const searchArticle = record({
  /** Article id. */
  id: v.string(),
  /** Article URL. */
  url: v.string(),
  /** Headline. */
  title: v.string(),
});

/** A quote: the latest price and the instrument's key figures. */
export const quote = record({
  /** Earnings per share. */
  eps: v.number(),
  /** Day low. */
  low: v.number(),
  /** Day high. */
  high: v.number(),
  /** Last price. */
  last: v.number(),
  /** Day open. */
  open: v.number(),
  /** Beta. */
  beta: v.number(),
  /** Change since the previous close. */
  change: v.number(),
  /** Change since the previous close, in percent. */
  changePercent: v.number(),
  /** Volume traded today. */
  volume: v.number(),
  /** Average volume. */
  avgVolume: v.number(),
  /** Price-to-earnings ratio. */
  peRatio: v.number(),
  /** Dividend per share. */
  dividend: v.number(),
  /** Dividend yield, in percent. */
  dividendYieldPercent: v.number(),
  /** Previous close. */
  previousClose: v.number(),
  /** 52-week low. */
  week52Low: v.number(),
  /** 52-week high. */
  week52High: v.number(),
  /** Price in extended (pre- or after-market) hours. */
  extendedPrice: v.number(),
  /** Change in extended hours. */
  extendedChange: v.number(),
  /** Instrument page URL. */
  url: v.string(),
  /** Instrument name. */
  name: v.string(),
  /** Instrument type. */
  type: v.string(),
  /** Ticker symbol. */
  symbol: v.string(),
  /** Exchange name. */
  exchange: v.string(),
  /** Upstream provider name. */
  provider: v.string(),
  /** Revenue, formatted (such as `391.04B`). */
  revenue: v.string(),
  /** Market capitalisation, formatted. */
  marketCap: v.string(),
  /** One-year return, formatted. */
  oneYearReturn: v.string(),
  /** Day range, formatted (`low - high`). */
  dayRange: v.string(),
  /** 52-week range, formatted. */
  week52Range: v.string(),
  /** Extended-hours session name or state. */
  extendedHours: v.string(),
  /** Date of the next earnings report. */
  nextEarningsDate: v.string(),
  /** Technical summary, such as `Strong Buy`. */
  technicalSummary: v.string(),
  /** Pair id of the instrument. */
  pairId: v.number(),
  /** Time of the last price, epoch seconds. */
  lastTimestamp: v.number(),
  /** Whether the exchange is open now. */
  exchangeIsOpen: v.boolean(),
});

/** Buy, sell and neutral counts with their overall signal. */
const signalTally = record({
  /** Number of indicators signalling buy. */
  buy: v.number(),
  /** Number of indicators signalling sell. */
  sell: v.number(),
  /** Number of neutral indicators (oscillators only; moving averages show buy and sell). */
  neutral: v.number(),
  /** Overall signal. */
  signal: v.string(),
  /** Summary text. */
  summary: v.string(),
});

/** A technical summary: indicators, oscillators, moving averages and pivot points for one timeframe. */
export const technicalSummary = record({
  /** Instrument name. */
  name: v.string(),
  /** Pair id of the instrument. */
  pairId: v.number(),
  /** Ticker symbol. */
  symbol: v.string(),
  /** Overall summary, such as `strong_buy`. */
  summary: v.string(),
  /** Overall summary as text, such as `Strong Buy`. */
  summaryText: v.string(),
  /** Timeframe of the summary (echo). */
  timeframe: v.string(),
  /** When the summary was computed, epoch seconds. */
  updatedAt: v.number(),
  /** Technical indicators. */
  indicators: v.array(
    record({
      /** Indicator name, such as `RSI(14)`. */
      name: v.string(),
      /** Indicator value. */
      value: figure,
      /** Indicator action, such as `buy`. */
      action: v.string(),
    }),
  ),
  /** Oscillator counts and signal. */
  oscillators: signalTally,
  /** Moving-average counts and signal. */
  movingAverages: signalTally,
  /** Pivot points, classic and Fibonacci. */
  pivotPoints: v.array(
    record({
      /** Level name, such as `S1`, `Pivot` or `R1`. */
      level: v.string(),
      /** Classic pivot value. */
      classic: figure,
      /** Fibonacci pivot value. */
      fibonacci: figure,
    }),
  ),
  /** Moving averages, simple and exponential. */
  movingAverageDetails: v.array(
    record({
      /** Moving-average name, such as `MA20`. */
      name: v.string(),
      /** Simple moving average. */
      simple: figure,
      /** Exponential moving average. */
      exponential: figure,
      /** Action of the simple average. */
      simpleAction: v.string(),
      /** Action of the exponential average. */
      exponentialAction: v.string(),
    }),
  ),
});

/** One candle of `historical`. */
export const candle = record({
  /** Candle date. */
  date: v.string(),
  /** Candle time, epoch milliseconds. */
  timestamp: v.number(),
  /** Open price. */
  open: v.number(),
  /** High price. */
  high: v.number(),
  /** Low price. */
  low: v.number(),
  /** Close price. */
  close: v.number(),
  /** Volume traded. */
  volume: v.number(),
});

const statementRowFields = {
  /** Statement date. */
  date: v.string(),
  /** End of the reporting period. */
  periodEnd: v.string(),
  /** Time of the statement (as the gateway sends it). */
  timestamp: figure,
};

/** An income-statement row. */
export const incomeRow = record({
  ...statementRowFields,
  /** Net income. */
  netIncome: figure,
  /** Gross profit. */
  grossProfit: figure,
  /** Total revenue. */
  totalRevenue: figure,
  /** Operating income. */
  operationIncome: figure,
});

/** A balance-sheet row. */
export const balanceRow = record({
  ...statementRowFields,
  /** Total assets. */
  totalAssets: figure,
  /** Total equity. */
  totalEquity: figure,
  /** Total liabilities. */
  totalLiabilities: figure,
});

/** A cash-flow row. */
export const cashflowRow = record({
  ...statementRowFields,
  /** Cash from financing activities. */
  financing: figure,
  /** Cash from investing activities. */
  investing: figure,
  /** Net change in cash. */
  netChange: figure,
  /** Cash from operating activities. */
  operating: figure,
});

/** The three statements of one period kind. Quarterly rows are not described by the spec: read as the annual ones, further fields kept. */
export const statementSet = record({
  /** Income-statement rows, newest first. */
  income: v.array(incomeRow),
  /** Balance-sheet rows, newest first. */
  balance: v.array(balanceRow),
  /** Cash-flow rows, newest first. */
  cashflow: v.array(cashflowRow),
});
