/** `GET /v1/finance:derivexchange/mark-price-kline` (document 2, section 4.4). */
import { priceKline } from './records.js';
import { klinePage, klineParams } from './series.js';

export const description = 'Mark-price candles (prices only, no volume), page by page.';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = [{ param: 'category' }, { param: 'symbol' }, { param: 'interval' }, 'openTime'] as const;

export const params = klineParams();

export const { paging, response } = klinePage(priceKline);
