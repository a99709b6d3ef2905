/** `GET /v1/finance:derivexchange/instruments-info` (document 2, section 4.4). */
import { openEnumParam, optional } from '@pdg/core/provider';
import * as v from 'valibot';
import { baseCoin, category, count, page, symbol } from './params.js';
import { instrument } from './records.js';
import { seriesPage } from './series.js';

export const description = 'Tradable instruments and their trading rules, page by page.';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = [{ param: 'category' }, 'symbol'] as const;

export const params = v.strictObject({
  /** Product line; `linear` is accepted, other values are not documented. */
  category: category(),
  /** Keep one contract, such as `BTCUSDT`. */
  symbol: optional(symbol()),
  /** Keep the contracts of one base coin, such as `BTC`. */
  baseCoin: baseCoin(),
  /** Trading status; `Trading` is accepted, other values are not documented. */
  status: optional(openEnumParam(['Trading'])),
  /** Instruments per page (500 is the value the spec uses for instruments). */
  count: count(500),
  /** Page number, 1-based. */
  page: page(),
});

export const { paging, response } = seriesPage(instrument, {});
