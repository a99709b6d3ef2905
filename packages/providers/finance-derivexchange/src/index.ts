/**
 * finance:derivexchange: a derivatives exchange's candles, funding, open interest, instruments, order
 * book, trades and tickers.
 * Source of truth: the gateway spec, document 2, sections 2.4 and 4.4, and document 1, sections 2.1 and 8.
 */
import { defineProvider } from '@pdg/core/provider';
import * as accountRatio from './account-ratio.js';
import * as fundingHistory from './funding-history.js';
import * as indexPriceKline from './index-price-kline.js';
import * as instrumentsInfo from './instruments-info.js';
import * as kline from './kline.js';
import * as markPriceKline from './mark-price-kline.js';
import * as openInterest from './open-interest.js';
import * as orderbook from './orderbook.js';
import * as premiumIndexKline from './premium-index-kline.js';
import * as recentTrade from './recent-trade.js';
import * as tickers from './tickers.js';

export * from './records.js';

export const derivexchange = defineProvider({
  id: 'finance:derivexchange',
  description: 'Derivatives exchange candles, funding, open interest, instruments, order book, trades and tickers.',
  endpoints: {
    'account-ratio': accountRatio,
    'funding-history': fundingHistory,
    'index-price-kline': indexPriceKline,
    'mark-price-kline': markPriceKline,
    kline,
    'open-interest': openInterest,
    'instruments-info': instrumentsInfo,
    orderbook,
    'recent-trade': recentTrade,
    tickers,
    'premium-index-kline': premiumIndexKline,
  },
});
