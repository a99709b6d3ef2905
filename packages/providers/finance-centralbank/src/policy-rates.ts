/** `GET /v1/finance:centralbank/policy-rates` (document 2, section 4.1). */
import { fields } from '@pdg/core/provider';
import * as v from 'valibot';
import { banks, date, dayOrMonthForm, length, publishedList } from './params.js';
import { policyRate } from './records.js';

export const description = 'Policy rates of five central banks by month, newest first.';

export const params = v.strictObject({
  /**
   * Bank codes, comma-separated or an array: `swissbank`, `fed`, `ecb`, `boe`, `boj` are published; others
   * are sent as given. Default: all five.
   */
  bank: publishedList(banks),
  /** First period, YYYY-MM-DD or YYYY-MM. */
  from: date(dayOrMonthForm),
  /** Last period, YYYY-MM-DD or YYYY-MM. */
  to: date(dayOrMonthForm),
  /** Rows returned, newest first; at most 5000. */
  length: length(5_000, 200),
});

export const response = v.looseObject({
  /** The policy rates, newest first. */
  items: v.array(policyRate),
  ...fields({
    /** Id of the cube the rates come from. */
    cube: v.string(),
    /** First period (echo). */
    from: v.string(),
    /** Last period (echo). */
    to: v.string(),
    /** The bank codes returned. */
    banks: v.array(v.string()),
    /** Number of rows returned. */
    count: v.pipe(v.number(), v.integer()),
    /** Number of rows available. */
    total: v.pipe(v.number(), v.integer()),
    /** Dataset name. */
    dataset: v.string(),
    /** Upstream provider name. */
    provider: v.string(),
    /** When the data was published, ISO 8601 date-time. */
    publishedAt: v.string(),
    /** The latest period with data, YYYY-MM. */
    latestPeriod: v.string(),
  }),
});
