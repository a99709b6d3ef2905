/** `GET /v1/social-media:forum/communities` (document 3, section 4.4). */
import { optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { community } from './records.js';

export const description = 'Communities, by channel or text; finds `communityId` values.';

export const params = v.strictObject({
  /** Only communities of this channel. */
  channelId: optional(stringParam()),
  /** Text to find communities by. */
  query: optional(stringParam()),
});

export const response = v.looseObject({
  /** Whether the gateway answered. */
  ok: v.boolean(),
  /** Number of communities returned. */
  count: v.pipe(v.number(), v.integer()),
  /** The communities. */
  communities: v.array(community),
});
