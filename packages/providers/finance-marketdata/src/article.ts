/** `GET /v1/finance:marketdata/article` (document 2, section 4.3). */
import { optional, stringParam } from '@pdg/core';
import * as v from 'valibot';
import { article } from './records/news.js';

export const description = 'One article in full, by its id (from news) or its URL.';

const entries = {
  /** Article id, from `news` or `analysis`. Give `id` or `url`, not both. */
  id: optional(stringParam()),
  /** Article URL. Give `id` or `url`, not both. */
  url: optional(stringParam({ pattern: /^https?:\/\/\S+$/, patternMessage: 'must be an http(s) URL' })),
};

/** Exactly one of `id` and `url`: the spec does not say which wins when both are sent. */
export type ArticleParams =
  | { readonly id: string; readonly url?: undefined }
  | { readonly url: string; readonly id?: undefined };

const schema = v.pipe(
  v.strictObject(entries),
  v.forward(
    v.check(
      (params) => (params.id === undefined) !== (params.url === undefined),
      (issue) =>
        (issue.input as { id?: unknown }).id === undefined
          ? 'is required: give the article id (from news) or its url'
          : 'must not be given with url: give one of them (the gateway does not say which would win)',
    ),
    ['id' as never],
  ),
);

export const params = schema as unknown as v.GenericSchema<ArticleParams, v.InferOutput<typeof schema>>;

export const response = article;
