/**
 * bypass-tools:pastesite: resolve a script paste post.
 * Source of truth: the gateway spec, document 1, sections 1, 2.7, 4.6 and 8.
 */
import { defineProvider } from '@pdg/core/provider';
import * as resolve from './resolve.js';

export const pastesite = defineProvider({
  id: 'bypass-tools:pastesite',
  description: 'Resolve a script paste post.',
  endpoints: { resolve },
});
