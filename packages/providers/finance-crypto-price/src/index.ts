/**
 * finance:crypto-price: cryptocurrency prices (finance data) in one or more vs currencies.
 * Source of truth: the gateway spec, document 2, sections 2.2 and 4.2; cache time from document 1, section 8.
 */
import { defineProvider } from '@pdg/core/provider';
import * as price from './price.js';

export * from './records.js';

export const cryptoPrice = defineProvider({
  id: 'finance:crypto-price',
  description: 'Cryptocurrency prices, 24-hour change and market cap in one or more vs currencies.',
  endpoints: { price },
});
