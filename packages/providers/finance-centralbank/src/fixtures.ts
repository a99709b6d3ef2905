/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/finance-centralbank/fixtures`. */
import { loadFixtures } from '@pdg/core/fixtures';
import { centralbank } from './index.js';

export const fixtures = loadFixtures(centralbank, new URL('../fixtures/', import.meta.url));
