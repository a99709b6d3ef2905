/**
 * music:metadb: open music-metadata search.
 * Source of truth: the gateway spec, document 1, sections 1, 2.1, 2.3, 4.2 and 8.
 */
import { defineProvider } from '@pdg/core/provider';
import * as search from './search.js';

export {
  area,
  artistAlias,
  artistCredit,
  creditedArtist,
  medium,
  recording,
  release,
  releaseEvent,
  releaseGroup,
  track,
} from './records.js';

export const metadb = defineProvider({
  id: 'music:metadb',
  description: 'Open music-metadata search.',
  endpoints: { search },
});
