/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/search-tools-websearch/fixtures`. */
import { loadFixtures } from '@pdg/core/fixtures';
import { websearch } from './index.js';

export const fixtures = loadFixtures(websearch, new URL('../fixtures/', import.meta.url));
