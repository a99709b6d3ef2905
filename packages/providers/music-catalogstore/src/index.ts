/**
 * music:catalogstore: music catalogue search (tracks, albums, artists).
 * Source of truth: the gateway spec, document 1, sections 2.1, 2.2 and 4.1.
 */
import { defineProvider } from '@pdg/core/provider';
import * as search from './search.js';

export { catalogItem } from './records.js';

export const catalogstore = defineProvider({
  id: 'music:catalogstore',
  description: 'Music catalogue search (tracks, albums, artists).',
  endpoints: { search },
});
