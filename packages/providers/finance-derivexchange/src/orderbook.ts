/** `GET /v1/finance:derivexchange/orderbook` (document 2, section 4.4). */
import { fields } from '@pdg/core/provider';
import * as v from 'valibot';
import { category, count, symbol } from './params.js';
import { bookLevel, echoes, instant } from './records.js';

export const description = "A contract's order book: asks and bids by price level.";

export const params = v.strictObject({
  /** Contract code, such as `BTCUSDT`. */
  symbol: symbol(),
  /** Product line; `linear` is accepted, other values are not documented. */
  category: category(),
  /** Price levels per side (50 is the value the spec uses for the order book). */
  count: count(50),
});

export const response = v.looseObject({
  /** Ask levels, best (lowest) first. */
  asks: v.array(bookLevel),
  /** Bid levels, best (highest) first. */
  bids: v.array(bookLevel),
  ...echoes(),
  ...fields({
    /** Snapshot time, as a date-time text. */
    date: v.string(),
    /** Snapshot time, epoch milliseconds (ISO 8601 text is accepted and converted). */
    time: instant,
    /** Number of ask levels. */
    askCount: v.number(),
    /** Number of bid levels. */
    bidCount: v.number(),
    /** Cross sequence of the snapshot. */
    sequence: v.number(),
    /** Update id of the snapshot. */
    updateId: v.number(),
    /** Matching-engine time, epoch milliseconds (ISO 8601 text is accepted and converted). */
    matchTime: instant,
  }),
});
