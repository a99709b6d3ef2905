/** `GET /v1/finance:marketdata/analysis` (document 2, section 4.3). */
import { fields, integerParam, optional, pageOf } from '@pdg/core/provider';
import * as v from 'valibot';
import { instrument } from './params.js';
import { analysisItem } from './records/news.js';

export const description = 'Analysis articles about an instrument, page by page.';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['articleId'] as const;

export const params = v.strictObject({
  ...instrument,
  /** Page number, 1-based. */
  page: optional(integerParam({ min: 1 })),
});

export const { paging, response } = pageOf('items', analysisItem, {
  ...fields({
    /** Number of items on this page. */
    count: v.pipe(v.number(), v.integer()),
    /** Pair id of the instrument. */
    pairId: v.number(),
    /** Ticker symbol. */
    symbol: v.string(),
  }),
});
