/** `GET /v1/movie:filmdb/born-today` (document 3, section 4.3). */
import { fields, integerParam, optional } from '@pdg/core/provider';
import * as v from 'valibot';
import { limit } from './params.js';
import { person } from './records.js';

export const description = 'People born on a given day of the year (today by default).';

export const params = v.strictObject({
  /** Month, 1 to 12. The gateway uses the current month when it is left out. */
  month: optional(integerParam({ min: 1, max: 12 })),
  /**
   * Day of the month, 1 to 31. The gateway uses the current day when it is left out. The spec bounds it by
   * 1-31 alone: a day a month does not have (April 31) is sent as given.
   */
  day: optional(integerParam({ min: 1, max: 31 })),
  /** How many people to return, at most 50. */
  limit: limit(50, 20),
});

export const response = v.looseObject({
  /** The people. */
  people: v.array(person),
  ...fields({
    /** The day asked for, MM-DD. */
    date: v.string(),
    /** Number of people returned. */
    count: v.pipe(v.number(), v.integer()),
  }),
});
