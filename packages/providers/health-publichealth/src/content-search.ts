/** `GET /v1/health:publichealth/content-search` (document 3, section 4.1). */
import { enumParam, optional, pageOf, pageParams, stringParam } from '@pdg/core';
import * as v from 'valibot';
import { contentPageFields } from './page-fields.js';
import { numericIdList, textList } from './params.js';
import { mediaItem } from './records.js';

export const description = 'Search public-health content (media items) by title, media type, topic and language.';

export const params = v.strictObject({
  /** Exact item title: matches the whole title. */
  name: optional(stringParam()),
  /** Media type names from content-media-types. */
  mediaType: optional(textList()),
  /** Topic ids from content-topics (numbers, or strings of digits). */
  topicId: optional(numericIdList('a numeric topic id from content-topics')),
  /** Language, as a display name such as English. */
  language: optional(stringParam()),
  /** Sort order; `newest` (by publication date) is the server default. */
  sort: optional(enumParam(['newest', 'oldest', 'recentlyUpdated', 'leastRecentlyUpdated'], { default: 'newest' })),
  ...pageParams({ maxLimit: 100, defaultLimit: 20, defaultPage: 1 }),
});

export const { paging, response } = pageOf('items', mediaItem, contentPageFields);
