/** `GET /v1/movie:filmdb/box-office` (document 3, section 4.3). */
import { fields } from '@pdg/core/provider';
import * as v from 'valibot';
import { limit } from './params.js';
import { boxOfficeRow } from './records.js';

export const description = "The weekend box-office chart: each title's weekend and lifetime gross.";

export const params = v.strictObject({
  /** How many titles to return, at most 20. */
  limit: limit(20, 10),
});

export const response = v.looseObject({
  /** The titles, by rank. */
  items: v.array(boxOfficeRow),
  ...fields({
    /** Number of titles returned. */
    count: v.pipe(v.number(), v.integer()),
    /** First day of the weekend, YYYY-MM-DD. */
    weekendStart: v.string(),
    /** Last day of the weekend, YYYY-MM-DD. */
    weekendEnd: v.string(),
  }),
});
