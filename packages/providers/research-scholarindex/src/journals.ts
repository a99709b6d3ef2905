/** `GET /v1/research:scholarindex/journals` (document 1, section 4.8). */
import { fields, optional, pageOf, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { pageParam } from './params.js';
import { journalListItem, pageFields } from './records.js';

export const description = 'Journals of the index, optionally matching a query, page by page.';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['journalId'] as const;

export const params = v.strictObject({
  /** Text to find journals by (optional). */
  query: optional(stringParam()),
  /** Page number, 1-based. Pages hold 10 journals. */
  page: pageParam,
});

export const { paging, response } = pageOf('items', journalListItem, {
  ...pageFields,
  ...fields({
    /** The `query` param, echoed. */
    query: v.string(),
  }),
});
