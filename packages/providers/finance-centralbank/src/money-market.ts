/** `GET /v1/finance:centralbank/money-market` (document 2, section 4.1). */
import { enumParam, fields, optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { date, dayForm, length } from './params.js';
import { moneyMarketSeries } from './records.js';

export const description = 'Money-market rates: the SARON term structure and the reference rates, as series.';

export const params = v.strictObject({
  /** Which table: `saron` is the overnight-rate term structure, `reference` the reference rates and non-CHF benchmarks, `all` both. */
  set: optional(enumParam(['all', 'saron', 'reference'], { default: 'all' })),
  /** First date, YYYY-MM-DD. */
  from: date(dayForm),
  /** Last date, YYYY-MM-DD. */
  to: date(dayForm),
  /** Dimension filter in the upstream syntax, applied to both tables. */
  select: optional(stringParam()),
  /** Observations per series, newest first; at most 20000. */
  length: length(20_000, 100),
});

export const response = v.looseObject({
  /** The series. */
  items: v.array(moneyMarketSeries),
  ...fields({
    /** The table set (echo). */
    set: v.string(),
    /** First date (echo). */
    from: v.string(),
    /** Last date (echo). */
    to: v.string(),
    /** Dimension filter (echo). */
    select: v.string(),
    /** Number of series returned. */
    count: v.pipe(v.number(), v.integer()),
    /** Ids of the cubes the series come from. */
    cubes: v.array(v.string()),
    /** Number of series available. */
    total: v.pipe(v.number(), v.integer()),
    /** Dataset name. */
    dataset: v.string(),
    /** Upstream provider name. */
    provider: v.string(),
  }),
});
