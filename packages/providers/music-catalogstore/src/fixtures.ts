/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/music-catalogstore/fixtures`. */
import { loadFixtures } from '@pdg/core/fixtures';
import { catalogstore } from './index.js';

export const fixtures = loadFixtures(catalogstore, new URL('../fixtures/', import.meta.url));
