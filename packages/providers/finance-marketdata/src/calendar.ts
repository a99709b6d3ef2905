/** `GET /v1/finance:marketdata/calendar` (document 2, section 4.3). */
import { fields, openEnumParam, optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { calendarEvent } from './records/calendars.js';

export const description = 'The economic calendar: upcoming events with forecast and previous values.';

export const params = v.strictObject({
  /** Country to keep. */
  country: optional(stringParam()),
  /** Importance to keep; the accepted values are not documented (events carry 1, 2 or 3). */
  importance: optional(stringParam()),
  /** Date range; `today` is accepted, other values are not documented. */
  range: optional(openEnumParam(['today'])),
});

export const response = v.looseObject({
  /** The events. */
  events: v.array(calendarEvent),
  ...fields({
    /** Number of events. */
    count: v.pipe(v.number(), v.integer()),
    /** Date range (echo). */
    range: v.string(),
    /** Country (echo). */
    country: v.string(),
    /** Importance (echo). */
    importance: v.union([v.number(), v.string()]),
  }),
});
