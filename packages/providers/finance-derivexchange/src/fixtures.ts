/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/finance-derivexchange/fixtures`. */
import { loadFixtures, type WorldHints } from '@pdg/core/fixtures';
import { derivexchange } from './index.js';

/** How the fixtures connect, for the mock gateway's world: see `WorldHints` in `@pdg/core/fixtures`. */
const world: WorldHints = {
  keys: Object.fromEntries(
    [
      'account-ratio',
      'funding-history',
      'index-price-kline',
      'mark-price-kline',
      'kline',
      'open-interest',
      'orderbook',
      'recent-trade',
      'premium-index-kline',
    ].map((endpoint) => [endpoint, 'symbol']),
  ),
};

export const fixtures = loadFixtures(derivexchange, new URL('../fixtures/', import.meta.url), world);
