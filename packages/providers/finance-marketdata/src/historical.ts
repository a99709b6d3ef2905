/** `GET /v1/finance:marketdata/historical` (document 2, section 4.3). */
import { fields, integerParam, openEnumParam, optional } from '@pdg/core/provider';
import * as v from 'valibot';
import { instrument } from './params.js';
import { candle } from './records/instrument.js';

export const description = "An instrument's price history as candles.";

export const params = v.strictObject({
  ...instrument,
  /** Candle interval; `1d` is accepted, other values are not documented. */
  interval: optional(openEnumParam(['1d'])),
  /** Period covered; `1mo` is accepted, other values are not documented. */
  period: optional(openEnumParam(['1mo'])),
  /** Number of candles to return (a count, so 0 or more). */
  pointscount: optional(integerParam({ min: 0 })),
});

export const response = v.looseObject({
  /** The candles. */
  candles: v.array(candle),
  ...fields({
    /** Number of candles. */
    count: v.pipe(v.number(), v.integer()),
    /** Pair id of the instrument. */
    pairId: v.number(),
    /** Period covered (echo). */
    period: v.string(),
    /** Ticker symbol. */
    symbol: v.string(),
    /** Candle interval (echo). */
    interval: v.string(),
  }),
});
