/** `GET /v1/movie:filmdb/coming-soon` (document 3, section 4.3). */
import { enumParam, fields, optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { limit } from './params.js';
import { upcomingTitle } from './records.js';

export const description = 'Titles coming soon, by release date.';

export const params = v.strictObject({
  /** Movies or TV. */
  type: optional(enumParam(['movie', 'tv'], { default: 'movie' })),
  /** Release region, a 2-letter country code such as `US`. */
  region: optional(
    stringParam({ pattern: /^[A-Za-z]{2}$/, patternMessage: 'must be a 2-letter country code, such as US' }),
  ),
  /** How many titles to return, at most 50. */
  limit: limit(50, 20),
});

export const response = v.looseObject({
  /** The titles, soonest first. */
  items: v.array(upcomingTitle),
  ...fields({
    /** First release date covered, YYYY-MM-DD. */
    from: v.string(),
    /** Movies or TV (echo). */
    type: v.string(),
    /** Number of titles returned. */
    count: v.pipe(v.number(), v.integer()),
    /** Release region (echo). */
    region: v.string(),
  }),
});
