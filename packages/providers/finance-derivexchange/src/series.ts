/** What the paged series endpoints share: their params and their page's echoes (document 2, section 4.4). */
import { type AnySchema, fields, openEnumParam, optional, pageOf } from '@pdg/core/provider';
import * as v from 'valibot';
import { category, count, page, symbol, timestamp } from './params.js';
import { echoes } from './records.js';

/** `symbol`, `category`, `start`, `end`, `count`, `page`, and the endpoint's own params. */
export const seriesOf = <const TEntries extends v.ObjectEntries>(entries: TEntries) =>
  v.strictObject({
    /** Contract code, such as `BTCUSDT`. */
    symbol: symbol(),
    /** Product line; `linear` is accepted, other values are not documented. */
    category: category(),
    ...entries,
    /** Start of the window, an ISO 8601 timestamp such as `2026-03-01T00:00:00Z`. */
    start: timestamp(),
    /** End of the window, an ISO 8601 timestamp. */
    end: timestamp(),
    /** Rows per page (200 is the value the spec uses for series). */
    count: count(200),
    /** Page number, 1-based. */
    page: page(),
  });

/** A page of rows with the echoes every response carries, plus the endpoint's own. */
export const seriesPage = <TItem extends AnySchema, const TExtra extends v.ObjectEntries>(item: TItem, extra: TExtra) =>
  pageOf('items', item, {
    ...echoes(),
    ...fields({
      /** Number of rows on this page. */
      count: v.pipe(v.number(), v.integer()),
    }),
    ...extra,
  });

/** The params of the three kline endpoints: the series params plus the candle interval. */
export const klineParams = () =>
  seriesOf({
    /** Candle interval; `5` (minutes) is accepted, other values are not documented. */
    interval: optional(openEnumParam(['5'])),
  });

/** A page of candles of the given kind, echoing the interval. */
export const klinePage = <TItem extends AnySchema>(item: TItem) =>
  seriesPage(
    item,
    fields({
      /** Candle interval (echo). */
      interval: v.string(),
    }),
  );
