/** `GET /v1/social-media:forum/forum/{communityId}` (document 3, section 4.4). */
import { fields, integerParam, optional, pageOf, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { community, forumThreadSummary } from './records.js';

export const description = "A community's threads, page by page.";

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['threadId'] as const;

export const pathParam = 'communityId';

export const params = v.strictObject({
  /** Community id (a string; sent as the path segment). Find ids with `communities`. */
  communityId: stringParam(),
  /** Page number, 1-based. */
  page: optional(integerParam({ min: 1 })),
});

export const { paging, response } = pageOf('threads', forumThreadSummary, {
  /** Whether the gateway answered. */
  ok: v.boolean(),
  /** Page size used. */
  limit: v.pipe(v.number(), v.integer()),
  ...fields({
    /** Total number of threads, when known. */
    total: v.pipe(v.number(), v.integer()),
    /** The community. */
    community,
  }),
});
