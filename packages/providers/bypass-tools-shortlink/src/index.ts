/**
 * bypass-tools:shortlink: resolve a short link to its destination.
 * Source of truth: the gateway spec, document 1, sections 1, 2.7, 4.6 and 8.
 */
import { defineProvider } from '@pdg/core/provider';
import * as resolve from './resolve.js';

export const shortlink = defineProvider({
  id: 'bypass-tools:shortlink',
  description: 'Resolve a short link to its destination.',
  endpoints: { resolve },
});
