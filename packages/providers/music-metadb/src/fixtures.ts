/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/music-metadb/fixtures`. */
import { loadFixtures } from '@pdg/core/fixtures';
import { metadb } from './index.js';

export const fixtures = loadFixtures(metadb, new URL('../fixtures/', import.meta.url));
