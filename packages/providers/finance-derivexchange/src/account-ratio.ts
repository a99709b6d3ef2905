/** `GET /v1/finance:derivexchange/account-ratio` (document 2, section 4.4; cache 30 s, document 1, section 8). */
import { fields, openEnumParam, optional } from '@pdg/core/provider';
import * as v from 'valibot';
import { accountRatio } from './records.js';
import { seriesOf, seriesPage } from './series.js';

export const description = 'The long/short account ratio of a contract over time, page by page.';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = [{ param: 'category' }, { param: 'symbol' }, { param: 'period' }, 'time'] as const;

export const cacheSeconds = 30;

export const params = seriesOf({
  /** Period of each ratio; `5min` is accepted, other values are not documented. */
  period: optional(openEnumParam(['5min'])),
});

export const { paging, response } = seriesPage(
  accountRatio,
  fields({
    /** Period (echo). */
    period: v.string(),
  }),
);
