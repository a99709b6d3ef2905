/** `GET /v1/finance:marketdata/market-holidays` (document 2, section 4.3). */
import { fields, openEnumParam, optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { marketHoliday } from './records/calendars.js';

export const description = 'Market holidays: days exchanges are closed.';

export const params = v.strictObject({
  /** Date range; `week` is accepted, other values are not documented. */
  range: optional(openEnumParam(['week'])),
  /** Country to keep, a three-letter code in the spec's example (such as `USA`). */
  country: optional(stringParam()),
});

export const response = v.looseObject({
  /** The holidays (their fields are not documented; kept as sent). */
  items: v.array(marketHoliday),
  ...fields({
    /** Number of rows returned. */
    count: v.pipe(v.number(), v.integer()),
    /** Date range (echo). */
    range: v.string(),
    /** Number of rows available. */
    total: v.pipe(v.number(), v.integer()),
    /** Country (echo). */
    country: v.string(),
    /** Upstream provider name. */
    provider: v.string(),
  }),
});
