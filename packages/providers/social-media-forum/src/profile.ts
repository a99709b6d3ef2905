/** `GET /v1/social-media:forum/profile/{userId}` (document 3, section 4.4). */
import { fields, integerParam, optional, pageOf, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { profileThread, profile as userProfile } from './records.js';

export const description = "A user's profile and the threads they started, page by page.";

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['threadId'] as const;

export const pathParam = 'userId';

export const params = v.strictObject({
  /** User id (a string; sent as the path segment). */
  userId: stringParam(),
  /** Page number, 1-based. */
  page: optional(integerParam({ min: 1 })),
});

export const { paging, response } = pageOf('threads', profileThread, {
  /** Whether the gateway answered. */
  ok: v.boolean(),
  ...fields({
    /** The user's profile. */
    user: userProfile,
    /** Total number of the user's threads, when known. */
    total: v.pipe(v.number(), v.integer()),
  }),
});
