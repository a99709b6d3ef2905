/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/movie-filmdb/fixtures`. */
import { loadFixtures } from '@pdg/core/fixtures';
import { filmdb } from './index.js';

export const fixtures = loadFixtures(filmdb, new URL('../fixtures/', import.meta.url));
