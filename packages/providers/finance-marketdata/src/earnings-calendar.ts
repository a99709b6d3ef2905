/** `GET /v1/finance:marketdata/earnings-calendar` (document 2, section 4.3). */
import { fields, optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { earningsRow } from './records/calendars.js';

export const description = 'The earnings calendar: company reports with EPS and revenue forecasts.';

export const params = v.strictObject({
  /** Date range; the accepted values are not documented. */
  range: optional(stringParam()),
  /** Importance to keep; the accepted values are not documented. */
  importance: optional(stringParam()),
  /** Ticker symbol to keep. */
  symbol: optional(stringParam()),
});

export const response = v.looseObject({
  /** The report rows. */
  items: v.array(earningsRow),
  ...fields({
    /** Date (echo). */
    date: v.string(),
    /** Number of rows returned. */
    count: v.pipe(v.number(), v.integer()),
    /** Date range (echo). */
    range: v.string(),
    /** Number of rows available. */
    total: v.pipe(v.number(), v.integer()),
    /** Upstream provider name. */
    provider: v.string(),
    /** Importance (echo). */
    importance: v.union([v.number(), v.string()]),
  }),
});
