/** `GET /v1/finance:marketdata/article` (document 2, section 4.3). */
import { optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { article } from './records/news.js';

export const description = 'One article in full, by its id (from news) or its URL.';

/**
 * `id` and `url` are both optional: the spec marks neither required, and "which of `id` and `url` wins when
 * both are sent: not shown". Both are sent as given; give one of them.
 */
export const params = v.strictObject({
  /** Article id, from `news` or `analysis`. Give `id` or `url`; with both, which wins is not documented. */
  id: optional(stringParam()),
  /** Article URL. Give `id` or `url`; with both, which wins is not documented. */
  url: optional(stringParam({ hint: 'an http(s) URL' })),
});

export const response = article;
