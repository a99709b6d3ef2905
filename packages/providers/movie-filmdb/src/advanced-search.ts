/** `GET /v1/movie:filmdb/advanced-search` (document 3, section 4.3; cache 10 min, document 1, section 8). */
import {
  enumParam,
  fields,
  integerParam,
  listParam,
  numberParam,
  optional,
  pageOf,
  record,
  stringParam,
} from '@pdg/core/provider';
import * as v from 'valibot';
import { count, page } from './params.js';
import { searchResult } from './records.js';

export const description = 'Search titles by words, genres, type, years and rating, page by page.';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['id'] as const;

export const cacheSeconds = 600;

export const params = v.strictObject({
  /** Search words. */
  q: optional(stringParam()),
  /** Genres, comma-separated or an array, such as `drama,thriller`. */
  genres: optional(listParam({ open: true })),
  /** Title type. */
  type: optional(enumParam(['movie', 'tv', 'tv_mini', 'tv_movie', 'short', 'video_game'])),
  /** Earliest release year. */
  year_from: optional(integerParam()),
  /** Latest release year (the spec sets no order between the two years: both are sent as given). */
  year_to: optional(integerParam()),
  /** Lowest user rating, 1 to 10. */
  rating_min: optional(numberParam({ min: 1, max: 10 })),
  /** Sort order. */
  sort: optional(enumParam(['popularity', 'rating', 'newest', 'oldest'], { default: 'popularity' })),
  /** Page number, 1-based, at most 20. */
  page: page(20),
  /** Results per page, at most 50. */
  count: count(),
});

export const { paging, response } = pageOf('results', searchResult, {
  ...fields({
    /** Number of results on this page. */
    count: v.pipe(v.number(), v.integer()),
    /** Number of results available. */
    total: v.pipe(v.number(), v.integer()),
    /** The filters applied (echo). */
    filters: record({
      /** Search words. */
      q: v.string(),
      /** Sort order. */
      sort: v.string(),
      /** Title type. */
      type: v.string(),
      /** Genres. */
      genres: v.union([v.string(), v.array(v.string())]),
      /** Earliest release year. */
      yearFrom: v.number(),
      /** Latest release year. */
      yearTo: v.number(),
      /** Lowest user rating. */
      ratingMin: v.number(),
    }),
  }),
});
