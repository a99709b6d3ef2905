/** `GET /v1/social-media:forum/community/{communityId}` (document 3, section 4.4). */
import { fields, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { communityDetail } from './records.js';

export const description = 'One community in detail: settings and totals.';

export const pathParam = 'communityId';

export const params = v.strictObject({
  /** Community id (a string; sent as the path segment). Find ids with `communities`. */
  communityId: stringParam(),
});

export const response = v.looseObject({
  /** Whether the gateway answered. */
  ok: v.boolean(),
  ...fields({
    /** The community. */
    community: communityDetail,
  }),
});
