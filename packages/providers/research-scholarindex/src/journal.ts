/**
 * `GET /v1/research:scholarindex/journal/{journalId}` (document 1, section 4.8): the journal detail is also
 * a page of the journal's documents, so `pages()` and `items()` walk them, the journal's fields on every page.
 */
import { pageOf, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { pageParam } from './params.js';
import { documentListItem, journalFields, pageFields } from './records.js';

export const description = 'One journal in detail, with its documents page by page.';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['documentId'] as const;

export const pathParam = 'journalId';

export const params = v.strictObject({
  /** Journal id, as `journals` and the document detail return it (a string; sent as the path segment). */
  journalId: stringParam(),
  /** Page number of the journal's documents, 1-based. Pages hold 10 documents. */
  page: pageParam,
});

export const { paging, response } = pageOf('items', documentListItem, {
  ...journalFields,
  ...pageFields,
});
