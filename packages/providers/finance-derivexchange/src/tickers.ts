/** `GET /v1/finance:derivexchange/tickers` (document 2, section 4.4). */
import { fields, optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { baseCoin, category, symbol } from './params.js';
import { echoes, ticker } from './records.js';

export const description = '24-hour tickers: one symbol, or every symbol of the product line when symbol is left out.';

export const params = v.strictObject({
  /** Product line; `linear` is accepted, other values are not documented. */
  category: category(),
  /** Contract code, such as `BTCUSDT`; omit for every symbol of the product line. */
  symbol: optional(symbol()),
  /** Base coin, such as `BTC`. */
  baseCoin: baseCoin(),
  /** Expiry date, in day-month-year form such as `25DEC26`. */
  expDate: optional(
    stringParam({
      pattern: /^(0?[1-9]|[12]\d|3[01])(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)\d{2}$/,
      patternMessage: 'must be an expiry date in day-month-year form, such as 25DEC26',
    }),
  ),
});

export const response = v.looseObject({
  /** The tickers. */
  items: v.array(ticker),
  ...echoes(),
  ...fields({
    /** Number of tickers. */
    count: v.pipe(v.number(), v.integer()),
    /** Base coin (echo). */
    baseCoin: v.string(),
  }),
});
