/** `GET /v1/research:scholarindex/documents-by-title` (document 1, section 4.8). */
import { stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { pageParam } from './params.js';
import { documentPage } from './records.js';

export const description = 'Documents whose title matches the query, page by page.';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['documentId'] as const;

export const params = v.strictObject({
  /** Text to find in document titles. */
  query: stringParam(),
  /** Page number, 1-based. Pages hold 10 documents. */
  page: pageParam,
});

export const { paging, response } = documentPage;
