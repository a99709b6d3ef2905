/** The page object's fields beside `page`, `hasMore`, `nextPage` and the items (document 1, section 2.1). */
import { fields } from '@pdg/core/provider';
import * as v from 'valibot';

/** `count`, `limit`, `total`, `provider`: every one may be null or omitted. */
export const pageObjectFields = fields({
  /** Number of items on this page. */
  count: v.pipe(v.number(), v.integer()),
  /** Page size used. */
  limit: v.pipe(v.number(), v.integer()),
  /** Total number of items, when known. */
  total: v.pipe(v.number(), v.integer()),
  /** The provider's short name. */
  provider: v.string(),
});

/** The page object's fields plus `totalPages`, for content-search and content-topics. */
export const contentPageFields = {
  ...pageObjectFields,
  ...fields({
    /** Total number of pages. */
    totalPages: v.pipe(v.number(), v.integer()),
  }),
};
