/** `GET /v1/finance:marketdata/indicator-history` (document 2, section 4.3). */
import { fields, integerParam, openEnumParam, optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { indicatorPrint } from './records/calendars.js';

export const description = "An economic indicator's past prints, actual against forecast.";

export const params = v.strictObject({
  /** Event attribute id, taken from the `economic-calendar` rows. */
  eventAttrId: integerParam(),
  /** Country, a lowercase code (the form the spec names), such as `us`. */
  country: optional(
    stringParam({ pattern: /^[a-z][a-z-]*$/, patternMessage: 'must be a lowercase country code, such as us' }),
  ),
  /** Number of prints to return (a count, so 0 or more). */
  count: optional(integerParam({ min: 0 })),
  /** Sort order; `asc` is accepted, other values are not documented. */
  order: optional(openEnumParam(['asc'])),
});

export const response = v.looseObject({
  /** The prints. */
  items: v.array(indicatorPrint),
  ...fields({
    /** Number of prints returned. */
    count: v.pipe(v.number(), v.integer()),
    /** Number of prints available. */
    total: v.pipe(v.number(), v.integer()),
    /** Country (echo). */
    country: v.string(),
    /** Upstream provider name. */
    provider: v.string(),
    /** The latest print. */
    lastPrint: v.unknown(),
    /** The first print. */
    firstPrint: v.unknown(),
    /** Event attribute id (echo). */
    eventAttrId: v.number(),
  }),
});
