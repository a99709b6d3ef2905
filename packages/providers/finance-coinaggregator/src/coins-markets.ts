/** `GET /v1/finance:coinaggregator/coins-markets` (document 2, section 4.6). */
import { fields, listParam, openEnumParam, optional, pageOf, pageParams, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { coinIds, precision, vsCurrency } from './params.js';
import { changeWindows, marketCoin } from './records.js';

export const description = 'Coins with their market figures, page by page.';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['id'] as const;

export const params = v.strictObject({
  /** Currency of the figures, lowercase (see `vs-currencies`). */
  vsCurrency: vsCurrency(),
  /** Keep these coins: comma-separated coin ids, or an array. */
  ids: optional(coinIds()),
  /** Keep the coins of one category (an id from `categories`). */
  category: optional(stringParam()),
  /** Sort order; `market_cap_desc` is accepted, other values are not documented. */
  order: optional(openEnumParam(['market_cap_desc'])),
  /** Price-change windows to add, comma-separated or an array, such as `1h`, `24h`, `7d`. */
  priceChangePercentage: optional(listParam({ values: changeWindows, open: true })),
  /** Decimal places of prices, as the upstream takes them. */
  precision: precision(),
  ...pageParams(),
});

export const { paging, response } = pageOf('items', marketCoin, {
  ...fields({
    /** Number of coins on this page. */
    count: v.pipe(v.number(), v.integer()),
    /** Page size used. */
    limit: v.pipe(v.number(), v.integer()),
    /** Number of coins available. */
    total: v.pipe(v.number(), v.integer()),
    /** Sort order (echo). */
    order: v.string(),
    /** Category (echo). */
    category: v.string(),
    /** The vs currency (echo). */
    vsCurrency: v.string(),
    /** How prices are formed: `cross-venue-aggregate`. */
    priceBasis: v.string(),
    /** Upstream provider name. */
    provider: v.string(),
  }),
});
