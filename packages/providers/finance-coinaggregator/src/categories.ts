/** `GET /v1/finance:coinaggregator/categories` (document 2, section 4.6; cache 1 h, document 1, section 8). */
import { fields, integerParam, openEnumParam, optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { category } from './records.js';

export const description = 'Coin categories with their market cap, volume and top coins.';

export const cacheSeconds = 3_600;

export const params = v.strictObject({
  /** Sort order; `market_cap_desc` is accepted, other values are not documented. */
  order: optional(openEnumParam(['market_cap_desc'])),
  /** Keep categories whose name matches. */
  query: optional(stringParam()),
  /** Number of categories to return. */
  limit: optional(integerParam({ min: 0 })),
});

export const response = v.looseObject({
  /** The categories. */
  items: v.array(category),
  ...fields({
    /** Number of categories returned. */
    count: v.pipe(v.number(), v.integer()),
    /** Sort order (echo). */
    order: v.string(),
    /** Name filter (echo). */
    query: v.string(),
    /** Number of categories available. */
    total: v.pipe(v.number(), v.integer()),
    /** Dataset name. */
    dataset: v.string(),
    /** Upstream provider name. */
    provider: v.string(),
  }),
});
