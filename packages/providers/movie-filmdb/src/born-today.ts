/** `GET /v1/movie:filmdb/born-today` (document 3, section 4.3). */
import { fields, integerParam, optional } from '@pdg/core';
import * as v from 'valibot';
import { limit } from './params.js';
import { person } from './records.js';

export const description = 'People born on a given day of the year (today by default).';

/** Days in each month; February counts its leap day. */
const daysIn = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export const params = v.pipe(
  v.strictObject({
    /** Month, 1 to 12. The gateway uses the current month when it is left out. */
    month: optional(integerParam({ min: 1, max: 12 })),
    /** Day of the month, 1 to 31. The gateway uses the current day when it is left out. */
    day: optional(integerParam({ min: 1, max: 31 })),
    /** How many people to return, 1 to 50. */
    limit: limit(50, 20),
  }),
  v.forward(
    v.check(
      ({ month, day }) => month === undefined || day === undefined || day <= (daysIn[month - 1] ?? 31),
      (issue) => {
        const { month, day } = issue.input as { month: number; day: number };
        return `must be a day of month ${month}, which has ${daysIn[month - 1]} days (received ${day})`;
      },
    ),
    ['day'],
  ),
);

export const response = v.looseObject({
  /** The people. */
  people: v.array(person),
  ...fields({
    /** The day asked for, MM-DD. */
    date: v.string(),
    /** Number of people returned. */
    count: v.number(),
  }),
});
