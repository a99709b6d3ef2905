/** `GET /v1/research:scholarindex/documents` (document 1, section 4.8). */
import { fields, integerParam, openEnumParam, optional, pageOf, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { pageParam } from './params.js';
import { documentListItem, pageFields } from './records.js';

export const description = 'Document search with field, publisher, PDF and year filters, page by page.';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['documentId'] as const;

export const params = v.strictObject({
  /** Search text. */
  query: stringParam(),
  /** Which field the query searches: `title` is accepted; other values are not documented (any string is sent). */
  field: optional(openEnumParam(['title'])),
  /** Only documents of this publisher. */
  publisher: optional(stringParam()),
  /**
   * Only documents with a PDF: `'true'` is accepted; other values are not documented (any string is sent).
   * A string enum, not a boolean: pass `'true'`, not `true`.
   */
  pdfOnly: optional(openEnumParam(['true'])),
  /** Earliest publication year. */
  yearFrom: optional(integerParam()),
  /** Latest publication year. */
  yearTo: optional(integerParam()),
  /** Page number, 1-based. Pages hold 10 documents. */
  page: pageParam,
});

export const { paging, response } = pageOf('items', documentListItem, {
  ...pageFields,
  ...fields({
    /** The `query` param, echoed. */
    query: v.string(),
    /** The `field` param, echoed. */
    field: v.string(),
    /** The `publisher` param, echoed. */
    publisher: v.string(),
    /** The `pdfOnly` param, echoed: sent as the string `true`; a boolean echo is accepted too. */
    pdfOnly: v.union([v.string(), v.boolean()]),
    /** The `yearFrom` param, echoed. */
    yearFrom: v.number(),
    /** The `yearTo` param, echoed. */
    yearTo: v.number(),
  }),
});
