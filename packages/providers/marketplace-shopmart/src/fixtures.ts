/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/marketplace-shopmart/fixtures`. */
import { loadFixtures, type WorldHints } from '@pdg/core/fixtures';
import { shopmart } from './index.js';

/** How the fixtures connect, for the mock gateway's world: see `WorldHints` in `@pdg/core/fixtures`. */
const world: WorldHints = {
  keys: { product: 'url', shop: 'shop' },
  ids: {
    // A product URL is shop/product; the shop's own URL (one segment) opens on `shop`.
    product: { fields: ['url'], match: /^https?:\/\/[^/]+\/[^/]+\/[^/]+$/ },
    shop: { fields: ['shop.url'] },
  },
};

export const fixtures = loadFixtures(shopmart, new URL('../fixtures/', import.meta.url), world);
