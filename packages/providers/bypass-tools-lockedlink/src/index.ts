/**
 * bypass-tools:lockedlink: resolve a locked link to its destination.
 * Source of truth: the gateway spec, document 1, sections 1, 2.7, 4.6 and 8.
 */
import { defineProvider } from '@pdg/core/provider';
import * as resolve from './resolve.js';

export const lockedlink = defineProvider({
  id: 'bypass-tools:lockedlink',
  description: 'Resolve a locked link to its destination.',
  endpoints: { resolve },
});
