/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/marketplace-shopmart/fixtures`. */
import { loadFixtures } from '@pdg/core/fixtures';
import { shopmart } from './index.js';

export const fixtures = loadFixtures(shopmart, new URL('../fixtures/', import.meta.url));
