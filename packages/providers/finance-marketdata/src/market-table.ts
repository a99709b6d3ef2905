/** `GET /v1/finance:marketdata/market-table` (document 2, section 4.3). */
import { fields, openEnumParam, optional } from '@pdg/core/provider';
import * as v from 'valibot';
import { marketTableRow } from './records/calendars.js';

export const description = 'A market table (such as forex): one row per instrument with prices and ranges.';

export const params = v.strictObject({
  /** Which table; `forex` is accepted, other values are not documented. */
  table: optional(openEnumParam(['forex'])),
  /** `true` to add instrument names; other values are not documented. */
  names: optional(openEnumParam(['true'])),
});

export const response = v.looseObject({
  /** The rows. */
  items: v.array(marketTableRow),
  ...fields({
    /** Number of rows. */
    count: v.pipe(v.number(), v.integer()),
    /** Table (echo). */
    table: v.string(),
    /** Upstream provider name. */
    provider: v.string(),
    /** Number of rows with a name. */
    namedCount: v.pipe(v.number(), v.integer()),
  }),
});
