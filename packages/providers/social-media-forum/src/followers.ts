/** `GET /v1/social-media:forum/followers/{userId}` (document 3, section 4.4). */
import { cursorPageOf, cursorParams, fields, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { follower } from './records.js';

export const description = "A user's followers, cursor-paged.";

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['userId'] as const;

export const pathParam = 'userId';

export const params = v.strictObject({
  /** User id (a string; sent as the path segment). */
  userId: stringParam(),
  ...cursorParams(),
});

export const { paging, response } = cursorPageOf('users', follower, {
  /** Whether the gateway answered. */
  ok: v.boolean(),
  /** Number of followers on this page. */
  count: v.pipe(v.number(), v.integer()),
  ...fields({
    /** The user id (echo). */
    userId: v.string(),
  }),
});
