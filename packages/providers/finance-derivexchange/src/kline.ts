/** `GET /v1/finance:derivexchange/kline` (document 2, section 4.4). */
import { kline } from './records.js';
import { klinePage, klineParams } from './series.js';

export const description = 'Trade-price candles with volume and turnover, page by page.';

export const params = klineParams();

export const { paging, response } = klinePage(kline);
