/** `GET /v1/health:publichealth/content-topics` (document 3, section 4.1). */
import { pageOf, pageParams } from '@pdg/core/provider';
import * as v from 'valibot';
import { contentPageFields } from './page-fields.js';
import { topic } from './records.js';

export const description = 'The content topics, each with its child topics (one nesting level).';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['topicId'] as const;

export const params = v.strictObject({
  ...pageParams({ maxLimit: 100, defaultLimit: 20, defaultPage: 1 }),
});

export const { paging, response } = pageOf('items', topic, contentPageFields);
