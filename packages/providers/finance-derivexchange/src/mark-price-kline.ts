/** `GET /v1/finance:derivexchange/mark-price-kline` (document 2, section 4.4). */
import { fields } from '@pdg/core';
import * as v from 'valibot';
import { priceKline } from './records.js';
import { interval, seriesOf, seriesPage } from './series.js';

export const description = 'Mark-price candles (prices only, no volume), page by page.';

export const params = seriesOf({
  /** Candle interval; `5` (minutes) is accepted, other values are not documented. */
  interval: interval(),
});

export const { paging, response } = seriesPage(
  priceKline,
  fields({
    /** Candle interval (echo). */
    interval: v.string(),
  }),
);
