/** `GET /v1/movie:filmdb/episodes/{id}` (document 3, section 4.3). */
import { fields, optional, pageOf, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { count, page, titleId } from './params.js';
import { episode } from './records.js';

export const description = "A series' episodes, of one season or all, page by page up to page 30.";

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['id'] as const;

export const pathParam = 'id';

export const params = v.strictObject({
  /** Series title id (`tt` followed by digits) or a full title URL; sent as the path segment. */
  id: titleId(),
  /** Season number, as text such as `"2"` (the spec: "string number"); empty or left out for all seasons. */
  season: optional(
    stringParam({
      allowEmpty: true,
      pattern: /^\d*$/,
      patternMessage: 'must be a season number such as "2", or empty for all seasons',
    }),
  ),
  /** Page number, 1 to 30. */
  page: page(30),
  /** Episodes per page, at most 50. */
  count: count(),
});

export const { paging, response } = pageOf('episodes', episode, {
  ...fields({
    /** The series id (echo). */
    id: v.string(),
    /** Number of episodes on this page. */
    count: v.pipe(v.number(), v.integer()),
    /** Number of episodes available. */
    total: v.pipe(v.number(), v.integer()),
    /** The season (echo); absent for all seasons. */
    season: v.string(),
    /** The series' title. */
    series: v.string(),
  }),
});
