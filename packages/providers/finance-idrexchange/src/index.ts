/**
 * finance:idrexchange: an exchange's rupiah (IDR) market prices (finance data).
 * Source of truth: the gateway spec, document 2, sections 2.5 and 4.5; cache time from document 1, section 8.
 */
import { defineProvider } from '@pdg/core/provider';
import * as prices from './prices.js';

export * from './records.js';

export const idrexchange = defineProvider({
  id: 'finance:idrexchange',
  description: 'Rupiah (IDR) market prices of an exchange, with day, week, month and year changes.',
  endpoints: { prices },
});
