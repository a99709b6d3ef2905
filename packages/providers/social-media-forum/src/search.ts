/** `GET /v1/social-media:forum/search` (document 3, section 4.4; cache 2m, document 1, section 8). */
import { fields, integerParam, optional, pageOf, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { threadSummary } from './records.js';

export const description = 'Search forum threads by keywords.';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['threadId'] as const;

export const cacheSeconds = 120;

export const params = v.strictObject({
  /** Words to search thread titles and text for. */
  keywords: stringParam(),
  /** Page number, 1-based. */
  page: optional(integerParam({ min: 1 })),
});

export const { paging, response } = pageOf('results', threadSummary, {
  /** Whether the gateway answered. */
  ok: v.boolean(),
  /** Page size used. */
  limit: v.pipe(v.number(), v.integer()),
  ...fields({
    /** Total number of matching threads, when known. */
    total: v.pipe(v.number(), v.integer()),
    /** The keywords searched for (echo). */
    keywords: v.string(),
    /** A suggested spelling of the keywords, when the gateway has one. */
    suggestion: v.string(),
  }),
});
