/**
 * `GET /v1/marketplace:shopmart/search` (document 1, section 4.4; cache 2m, section 8: the 2m row names
 * shopmart/search after its first, omitted, endpoint).
 *
 * `count` means two things here, as in the spec: the param `count` is the page size asked for (products
 * per page), while the response's `count` is the number of items on the page returned (fewer on the last
 * page). `pages()` and `items()` keep the `count` you pass on every page.
 */
import { enumParam, fields, integerParam, optional, pageOf, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { searchItem } from './records.js';

export const description = 'Search marketplace products by keyword.';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['productId'] as const;

export const cacheSeconds = 120;

/** The orders `sort` accepts (the spec lists them all). */
const sorts = ['relevance', 'newest', 'cheapest', 'expensive', 'bestselling'] as const;

export const params = v.strictObject({
  /** Product keyword. */
  q: stringParam(),
  /** Page number, 1-based. Server default 1. */
  page: optional(integerParam({ min: 1, default: 1 })),
  /**
   * Page size: products per page, at most 60. Server default 20. Not the response's `count`, which is
   * the number of items on the page returned.
   */
  count: optional(integerParam({ min: 0, max: 60, default: 20 })),
  /** Order: `relevance`, `newest`, `cheapest`, `expensive` or `bestselling`. Server default `relevance`. */
  sort: optional(enumParam(sorts, { default: 'relevance' })),
});

export const { paging, response } = pageOf('items', searchItem, {
  /**
   * Number of items on this page (at most the `count` param, fewer on the last page). Not the page size
   * asked for.
   */
  count: v.pipe(v.number(), v.integer()),
  ...fields({
    /** The keyword searched for (echo). */
    query: v.string(),
    /** Total number of matching products. */
    totalData: v.pipe(v.number(), v.integer()),
    /** Total number of matching products, as displayed. */
    totalDataText: v.string(),
  }),
});
