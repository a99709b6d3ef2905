/**
 * finance:coinaggregator: crypto market data aggregated across venues: categories, exchanges, global
 * figures, coin markets, simple prices and derivatives.
 * Source of truth: the gateway spec, document 2, sections 2.6 and 4.6, and document 1, sections 2.1 and 8.
 */
import { defineProvider } from '@pdg/core/provider';
import * as categories from './categories.js';
import * as coinsMarkets from './coins-markets.js';
import * as derivatives from './derivatives.js';
import * as exchanges from './exchanges.js';
import * as global from './global.js';
import * as ping from './ping.js';
import * as simplePrice from './simple-price.js';
import * as vsCurrencies from './vs-currencies.js';

export * from './records.js';

export const coinaggregator = defineProvider({
  id: 'finance:coinaggregator',
  description: 'Crypto categories, exchanges, global figures, coin markets, prices and derivatives.',
  endpoints: {
    categories,
    exchanges,
    'vs-currencies': vsCurrencies,
    global,
    'coins-markets': coinsMarkets,
    'simple-price': simplePrice,
    derivatives,
    ping,
  },
});
