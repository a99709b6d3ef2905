/** `GET /v1/finance:derivexchange/index-price-kline` (document 2, section 4.4). */
import { priceKline } from './records.js';
import { klinePage, klineParams } from './series.js';

export const description = 'Index-price candles (prices only, no volume), page by page.';

export const params = klineParams();

export const { paging, response } = klinePage(priceKline);
