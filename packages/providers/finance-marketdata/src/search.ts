/** `GET /v1/finance:marketdata/search` (document 2, section 4.3; cache 2 min, document 1, section 8). */
import { fields, openEnumParam, optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { searchArticle, searchNews, searchQuote } from './records/instrument.js';

export const description = 'Search instruments, news and analysis by name or symbol.';

export const cacheSeconds = 120;

export const params = v.strictObject({
  /** Search words: a name or symbol. */
  q: stringParam(),
  /** What to search; `all` is accepted, other values are not documented. */
  type: optional(openEnumParam(['all'])),
});

export const response = v.looseObject({
  /** Matching instruments; their `pairId` addresses the instrument endpoints. */
  quotes: v.array(searchQuote),
  ...fields({
    /** Matching news. */
    news: v.array(searchNews),
    /** Matching analysis articles. */
    articles: v.array(searchArticle),
    /** The search words (echo). */
    query: v.string(),
  }),
});
