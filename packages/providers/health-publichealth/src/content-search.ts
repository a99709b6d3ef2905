/** `GET /v1/health:publichealth/content-search` (document 3, section 4.1). */
import { enumParam, optional, pageOf, pageParams, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { contentPageFields } from './page-fields.js';
import { idList, textList } from './params.js';
import { mediaItem } from './records.js';

export const description = 'Search public-health content (media items) by title, media type, topic and language.';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['mediaId'] as const;

export const params = v.strictObject({
  /** Exact item title: matches the whole title. */
  name: optional(stringParam()),
  /** Media type names from content-media-types. */
  mediaType: optional(textList()),
  /**
   * Topic ids from content-topics, comma-separated or an array (the spec types the param as a string;
   * the ids are numbers in the topics, and any id is sent as given).
   */
  topicId: optional(idList('a numeric topic id from content-topics, such as 1187')),
  /** Language, as a display name such as English. */
  language: optional(stringParam()),
  /** Sort order; `newest` (by publication date) is the server default. */
  sort: optional(enumParam(['newest', 'oldest', 'recentlyUpdated', 'leastRecentlyUpdated'], { default: 'newest' })),
  ...pageParams({ maxLimit: 100, defaultLimit: 20, defaultPage: 1 }),
});

export const { paging, response } = pageOf('items', mediaItem, contentPageFields);
