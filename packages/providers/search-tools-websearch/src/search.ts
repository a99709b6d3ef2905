/**
 * `GET /v1/search-tools:websearch/search` (document 1, sections 2.6 and 4.5; cache 15m, section 8).
 *
 * The answer is a page object (`page`, `hasMore`, `nextPage`), but no page param is documented ("a page
 * parameter: not shown"), so the endpoint declares no paging: `pages()` and `items()` would have to send a
 * param the gateway may not take. `hasMore` and `nextPage` are returned for the caller to read.
 */
import { fields, record, stringParam } from '@pdg/core';
import * as v from 'valibot';

export const description = 'General web search.';

export const cacheSeconds = 900;

export const params = v.strictObject({
  /** The search text. */
  query: stringParam(),
});

/** One search result. */
export const searchItem = record({
  /** The result's URL. */
  url: v.string(),
  /** The page title. */
  title: v.string(),
  /** The site the result comes from. */
  source: v.string(),
  /** A short excerpt of the page. */
  snippet: v.string(),
  /** The URL as shown in the results. */
  displayUrl: v.string(),
});

export const response = v.looseObject({
  /** Page number, 1-based. */
  page: v.number(),
  /** Number of results on this page. */
  count: v.number(),
  /** The results. */
  items: v.array(searchItem),
  ...fields({
    /** Whether the gateway has more results than this page. */
    hasMore: v.boolean(),
    /** The next page's number, as the gateway reports it. */
    nextPage: v.number(),
  }),
});
