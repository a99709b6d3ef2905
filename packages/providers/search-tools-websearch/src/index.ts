/**
 * search-tools:websearch: general web search.
 * Source of truth: the gateway spec, document 1, sections 1, 2.6, 4.5 and 8.
 */
import { defineProvider } from '@pdg/core/provider';
import * as search from './search.js';

export { searchItem } from './search.js';

export const websearch = defineProvider({
  id: 'search-tools:websearch',
  description: 'General web search.',
  endpoints: { search },
});
