/**
 * research:scholarsearch: scholarly publication search.
 * Source of truth: the gateway spec, document 1, sections 1, 2.1, 2.10, 4.9 and 8.
 */
import { defineProvider } from '@pdg/core/provider';
import * as author from './author.js';
import * as search from './search.js';

export { authorProfile, searchResult } from './records.js';

export const scholarsearch = defineProvider({
  id: 'research:scholarsearch',
  description: 'Scholarly publication search.',
  endpoints: { search, author },
});
