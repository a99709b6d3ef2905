/**
 * `GET /v1/search-tools:websearch/search` (document 1, sections 2.6 and 4.5; cache 15m, section 8).
 *
 * The answer is a page object (`page`, `count`, `items`, `hasMore`, `nextPage`, without `limit`/`total`)
 * and the spec's summary states pagination, "yet a page parameter: not shown": the gateway has one, the
 * spec does not name it. The endpoint is declared paged with `page`, the name every page-numbered
 * endpoint of the gateway documents and the one `nextPage` numbers, so `pages()` and `items()` walk it.
 * Should the gateway ignore `page`, the walk's second request gets page 1 again, pointing back to page 2:
 * core's walk refuses that as a cycle (`INVALID_RESPONSE`) instead of looping. Params are a loose object,
 * so a differently named page param can still be sent as given.
 */
import { integerParam, optional, pageOf, record, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';

export const description = 'General web search.';

/** The spec shows no id for a result: it is keyed by its `url`, the page it points to. */
export const itemKey = ['url'] as const;

export const cacheSeconds = 900;

export const params = v.looseObject({
  /** The search text. */
  query: stringParam(),
  /**
   * Page number, 1-based, as `nextPage` gives it. Not in the spec ("a page parameter: not shown"): `page`
   * is the gateway's name for it on every documented page-numbered endpoint; `pages()` and `items()` send it.
   */
  page: optional(integerParam({ min: 1 })),
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

export const { paging, response } = pageOf('items', searchItem, {
  /** Number of results on this page. */
  count: v.pipe(v.number(), v.integer()),
});
