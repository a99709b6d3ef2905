/** `GET /v1/health:publichealth/content-media-types` (document 3, section 4.1; cache 5m, document 1, section 8). */
import { fields } from '@pdg/core/provider';
import * as v from 'valibot';
import { mediaType } from './records.js';

export const description = 'The list of media types, the values of content-search’s `mediaType`.';

export const cacheSeconds = 300;

export const params = v.strictObject({});

export const response = v.looseObject({
  /** The media types (one response, no paging). */
  items: v.array(mediaType),
  ...fields({
    /** Number of media types. */
    count: v.pipe(v.number(), v.integer()),
    /** The provider's short name. */
    provider: v.string(),
  }),
});
