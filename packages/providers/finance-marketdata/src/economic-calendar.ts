/** `GET /v1/finance:marketdata/economic-calendar` (document 2, section 4.3). */
import { fields, optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { economicRelease } from './records/calendars.js';

export const description = 'Economic releases with actual, forecast and previous values.';

export const params = v.strictObject({
  /** Date range; the accepted values are not documented. */
  range: optional(stringParam()),
  /** Country to keep. */
  country: optional(stringParam()),
  /** Importance to keep; the accepted values are not documented. */
  importance: optional(stringParam()),
  /** Whether to add names; the accepted values are not documented. */
  names: optional(stringParam()),
});

export const response = v.looseObject({
  /** The releases. */
  items: v.array(economicRelease),
  ...fields({
    /** Number of rows returned. */
    count: v.pipe(v.number(), v.integer()),
    /** Date range (echo). */
    range: v.string(),
    /** Number of rows available. */
    total: v.pipe(v.number(), v.integer()),
    /** First date covered. */
    dateFrom: v.string(),
    /** Last date covered. */
    dateTo: v.string(),
    /** Upstream provider name. */
    provider: v.string(),
    /** Importance (echo). */
    importance: v.union([v.number(), v.string()]),
    /** Number of rows with a name. */
    namedCount: v.pipe(v.number(), v.integer()),
  }),
});
