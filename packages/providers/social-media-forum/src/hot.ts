/** `GET /v1/social-media:forum/hot` (document 3, section 4.4). */
import { cursorPageOf, cursorParams, optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { hotThread } from './records.js';

export const description = 'Hot threads, optionally of one channel, cursor-paged.';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['threadId'] as const;

export const params = v.strictObject({
  /** Only threads of this channel (optional filter). */
  channelId: optional(stringParam()),
  ...cursorParams(),
});

export const { paging, response } = cursorPageOf('threads', hotThread, {
  /** Whether the gateway answered. */
  ok: v.boolean(),
  /** Number of threads on this page. */
  count: v.pipe(v.number(), v.integer()),
  /** Page size used. */
  limit: v.pipe(v.number(), v.integer()),
});
