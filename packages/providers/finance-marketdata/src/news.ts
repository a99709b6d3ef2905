/** `GET /v1/finance:marketdata/news` (document 2, section 4.3). */
import { fields, integerParam, optional, pageOf, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { newsItem } from './records/news.js';

export const description = 'Market news, page by page, optionally about one instrument or category.';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['id'] as const;

export const params = v.strictObject({
  /** Instrument name or symbol to get news about; omit for general market news. */
  query: optional(stringParam()),
  /** Page number, 1-based. */
  page: optional(integerParam({ min: 1 })),
  /** News category, such as an economy category. */
  category: optional(stringParam()),
});

export const { paging, response } = pageOf('items', newsItem, {
  ...fields({
    /** Number of items on this page. */
    count: v.pipe(v.number(), v.integer()),
  }),
});
