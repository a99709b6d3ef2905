/** `GET /v1/finance:centralbank/bond-yields` (document 2, section 4.1). */
import { fields } from '@pdg/core/provider';
import * as v from 'valibot';
import { date, dayOrMonthForm, length, maturityList } from './params.js';
import { bondYield } from './records.js';

export const description = 'Government bond yields by maturity and month, newest first.';

export const params = v.strictObject({
  /**
   * Maturities in years, comma-separated or an array: 1 to 10, 15, 20 and 30 are published; another whole
   * number of years is sent as given; anything else is refused. Default: all.
   */
  maturity: maturityList(),
  /** First period, YYYY-MM-DD or YYYY-MM. */
  from: date(dayOrMonthForm),
  /** Last period, YYYY-MM-DD or YYYY-MM. */
  to: date(dayOrMonthForm),
  /** Rows returned, newest first; at most 20000. */
  length: length(20_000, 200),
});

export const response = v.looseObject({
  /** The yields, newest first. */
  items: v.array(bondYield),
  ...fields({
    /** Id of the cube the yields come from. */
    cube: v.string(),
    /** First period (echo). */
    from: v.string(),
    /** Last period (echo). */
    to: v.string(),
    /** Number of rows returned. */
    count: v.pipe(v.number(), v.integer()),
    /** Number of rows available. */
    total: v.pipe(v.number(), v.integer()),
    /** Dataset name. */
    dataset: v.string(),
    /** Upstream provider name. */
    provider: v.string(),
    /** The maturities returned, in years. */
    maturities: v.array(v.number()),
    /** When the data was published, ISO 8601 date-time. */
    publishedAt: v.string(),
    /** The latest period with data, YYYY-MM. */
    latestPeriod: v.string(),
  }),
});
