/** `GET /v1/finance:derivexchange/open-interest` (document 2, section 4.4). */
import { fields, openEnumParam, optional } from '@pdg/core/provider';
import * as v from 'valibot';
import { openInterest } from './records.js';
import { seriesOf, seriesPage } from './series.js';

export const description = "A contract's open interest over time, page by page.";

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = [{ param: 'category' }, { param: 'symbol' }, { param: 'intervalTime' }, 'time'] as const;

export const params = seriesOf({
  /** Interval between rows; `5min` is accepted, other values are not documented. */
  intervalTime: optional(openEnumParam(['5min'])),
});

export const { paging, response } = seriesPage(
  openInterest,
  fields({
    /** Interval (echo). */
    intervalTime: v.string(),
  }),
);
