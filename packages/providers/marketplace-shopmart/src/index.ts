/**
 * marketplace:shopmart: marketplace product search, product detail, shop profile.
 * Source of truth: the gateway spec, document 1, sections 1, 2.1, 2.5, 4.4 and 8.
 */
import { defineProvider } from '@pdg/core/provider';
import * as product from './product.js';
import * as search from './search.js';
import * as shop from './shop.js';

export * from './records.js';

export const shopmart = defineProvider({
  id: 'marketplace:shopmart',
  description: 'Marketplace product search, product detail, shop profile.',
  endpoints: { search, product, shop },
});
