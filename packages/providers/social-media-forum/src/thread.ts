/** `GET /v1/social-media:forum/thread/{threadId}` (document 3, section 4.4). */
import { fields, integerParam, optional, pageOf, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { post, threadDetail } from './records.js';

export const description = 'A thread and its posts, page by page.';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['postId'] as const;

export const pathParam = 'threadId';

export const params = v.strictObject({
  /** Thread id (a string; sent as the path segment). */
  threadId: stringParam(),
  /** Page number, 1-based. */
  page: optional(integerParam({ min: 1 })),
});

export const { paging, response } = pageOf('posts', post, {
  /** Whether the gateway answered. */
  ok: v.boolean(),
  /** Page size used. */
  limit: v.pipe(v.number(), v.integer()),
  ...fields({
    /** Total number of posts, when known. */
    total: v.pipe(v.number(), v.integer()),
    /** The thread, with its opening post. */
    thread: threadDetail,
  }),
});
