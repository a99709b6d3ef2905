/** `GET /v1/social-media:forum/user-posts/{userId}` (document 3, section 4.4). */
import { fields, pageOf, pageParams, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { userPost } from './records.js';

export const description = "A user's posts, page by page.";

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['postId'] as const;

export const pathParam = 'userId';

export const params = v.strictObject({
  /** User id (a string; sent as the path segment). */
  userId: stringParam(),
  ...pageParams(),
});

export const { paging, response } = pageOf('items', userPost, {
  /** Whether the gateway answered. */
  ok: v.boolean(),
  /** Number of posts on this page. */
  count: v.pipe(v.number(), v.integer()),
  ...fields({
    /** Total number of the user's posts, when known; see `totalIsCapped`. */
    total: v.pipe(v.number(), v.integer()),
    /** The user id (echo). */
    userId: v.string(),
    /** Whether `total` is a cap rather than the exact count. */
    totalIsCapped: v.boolean(),
  }),
});
