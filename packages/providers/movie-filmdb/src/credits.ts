/** `GET /v1/movie:filmdb/credits/{id}` (document 3, section 4.3). */
import { fields, pageOf } from '@pdg/core/provider';
import * as v from 'valibot';
import { count, page, titleId } from './params.js';
import { credit } from './records.js';

export const description = "A title's cast and crew, page by page up to page 30.";

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = [{ param: 'id' }, 'id', 'category'] as const;

export const pathParam = 'id';

export const params = v.strictObject({
  /** Title id (`tt` followed by digits) or a full title URL; sent as the path segment. */
  id: titleId(),
  /** Page number, 1 to 30. */
  page: page(30),
  /** Credits per page, at most 50. */
  count: count(),
});

export const { paging, response } = pageOf('credits', credit, {
  ...fields({
    /** The title id (echo). */
    id: v.string(),
    /** Number of credits on this page. */
    count: v.pipe(v.number(), v.integer()),
    /** The title's name. */
    title: v.string(),
    /** Number of credits available. */
    total: v.pipe(v.number(), v.integer()),
  }),
});
