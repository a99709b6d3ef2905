/** `GET /v1/research:scholarsearch/search` (document 1, sections 2.10 and 4.9; cache 1h, section 8). */
import { fields, integerParam, openEnumParam, optional, pageOf, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { searchResult } from './records.js';

export const description =
  'Scholarly publication search, page by page, with year, language, patent and citation filters.';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['resultId'] as const;

export const cacheSeconds = 3600;

export const params = v.strictObject({
  /** Search text. */
  query: stringParam(),
  /** Page number, 1-based. */
  page: optional(integerParam({ min: 1 })),
  /** Earliest year. */
  yearFrom: optional(integerParam()),
  /** Latest year. */
  yearTo: optional(integerParam()),
  /** Language code, such as a two-letter code (`en`). Sent as given: its form is not checked. */
  language: optional(stringParam()),
  /**
   * Patents: `'true'` is accepted; other values are not documented (any string is sent).
   * A string enum, not a boolean: pass `'true'`, not `true`.
   */
  patents: optional(openEnumParam(['true'])),
  /**
   * Citations: `'true'` is accepted; other values are not documented (any string is sent).
   * A string enum, not a boolean: pass `'true'`, not `true`.
   */
  citations: optional(openEnumParam(['true'])),
});

export const { paging, response } = pageOf('results', searchResult, {
  /** Number of results on this page. */
  count: v.pipe(v.number(), v.integer()),
  ...fields({
    /** The search text (echo). */
    query: v.string(),
    /** Page size used. */
    perPage: v.pipe(v.number(), v.integer()),
    /** A suggested spelling of the query, or null. */
    didYouMean: v.string(),
    /** Total number of matches, or null when the source does not say. */
    totalResults: v.pipe(v.number(), v.integer()),
  }),
});
