/**
 * `GET /v1/finance:idrexchange/prices` (document 2, sections 2.5 and 4.5; cache 1m, document 1 section 8).
 *
 * Not paged: no page param and no page object; `length` caps the rows returned and `total` tells how many
 * the market has, so `run()` returns the first `length` rows and `pages()`/`items()` do not take it.
 */
import { fields, integerParam, optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { idrPrice } from './records.js';

export const description = 'Rupiah (IDR) prices of the exchange market, with day, week, month and year changes.';

export const cacheSeconds = 60;

export const params = v.strictObject({
  /**
   * Keep one pair, of the form `<base>/idr` the spec names (such as `btc/idr`; pairs are lowercase in the
   * answers); omit for the whole market.
   */
  pair: optional(
    stringParam({
      pattern: /^[^/\s]+\/idr$/,
      patternMessage: 'must be a pair of the form <base>/idr, such as btc/idr',
    }),
  ),
  /** Rows returned, at most 1000. Server default 50. */
  length: optional(integerParam({ min: 0, max: 1000, default: 50 })),
});

export const response = v.looseObject({
  /** Number of rows returned. */
  count: v.pipe(v.number(), v.integer()),
  /** The rows, one per pair. */
  items: v.array(idrPrice),
  ...fields({
    /** Number of rows in the whole market (or matching `pair`). */
    total: v.pipe(v.number(), v.integer()),
    /** Where the prices come from. */
    source: v.string(),
    /** Currency of `price`: `IDR`. */
    currency: v.string(),
  }),
});
