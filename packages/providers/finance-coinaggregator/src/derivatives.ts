/** `GET /v1/finance:coinaggregator/derivatives` (document 2, section 4.6). */
import { fields, openEnumParam, optional, pageOf, pageParams, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { derivativeTicker } from './records.js';

export const description = 'Derivatives tickers across markets, page by page.';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['market', 'symbol'] as const;

export const params = v.strictObject({
  /** Keep one market (exchange), by name. */
  market: optional(stringParam()),
  /** Keep contracts on one index, such as `BTC`. */
  indexId: optional(stringParam()),
  /** Keep one contract symbol. */
  symbol: optional(stringParam()),
  /** Contract type; `perpetual` is accepted, other values are not documented. */
  contractType: optional(openEnumParam(['perpetual'])),
  ...pageParams(),
});

export const { paging, response } = pageOf('items', derivativeTicker, {
  ...fields({
    /** Number of tickers on this page. */
    count: v.pipe(v.number(), v.integer()),
    /** Page size used. */
    limit: v.pipe(v.number(), v.integer()),
    /** Number of tickers available. */
    total: v.pipe(v.number(), v.integer()),
    /** Upstream provider name. */
    provider: v.string(),
  }),
});
