/** `GET /v1/movie:filmdb/chart` (document 3, section 4.3). */
import { enumParam, fields, optional, pageOf } from '@pdg/core/provider';
import * as v from 'valibot';
import { count, page } from './params.js';
import { chartRow } from './records.js';

export const description = 'A title chart (top rated, most popular, lowest rated), page by page up to page 30.';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['id'] as const;

export const params = v.strictObject({
  /** Which chart. */
  chart: optional(
    enumParam(['top_movies', 'top_english_movies', 'top_tv', 'popular_movies', 'popular_tv', 'lowest_movies'], {
      default: 'top_movies',
    }),
  ),
  /** Page number, 1 to 30: a walk ends at page 30. */
  page: page(30),
  /** Titles per page, at most 50. */
  count: count(),
});

export const { paging, response } = pageOf('items', chartRow, {
  ...fields({
    /** Which chart (echo). */
    chart: v.string(),
    /** Number of titles on this page. */
    count: v.pipe(v.number(), v.integer()),
    /** Number of titles on the chart. */
    total: v.pipe(v.number(), v.integer()),
  }),
});
