/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/research-scholarsearch/fixtures`. */
import { loadFixtures } from '@pdg/core/fixtures';
import { scholarsearch } from './index.js';

export const fixtures = loadFixtures(scholarsearch, new URL('../fixtures/', import.meta.url));
