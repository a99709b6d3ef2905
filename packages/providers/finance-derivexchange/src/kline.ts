/** `GET /v1/finance:derivexchange/kline` (document 2, section 4.4). */
import { fields } from '@pdg/core';
import * as v from 'valibot';
import { kline } from './records.js';
import { interval, seriesOf, seriesPage } from './series.js';

export const description = 'Trade-price candles with volume and turnover, page by page.';

export const params = seriesOf({
  /** Candle interval; `5` (minutes) is accepted, other values are not documented. */
  interval: interval(),
});

export const { paging, response } = seriesPage(
  kline,
  fields({
    /** Candle interval (echo). */
    interval: v.string(),
  }),
);
