/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/finance-marketdata/fixtures`. */
import { loadFixtures } from '@pdg/core/fixtures';
import { marketdata } from './index.js';

export const fixtures = loadFixtures(marketdata, new URL('../fixtures/', import.meta.url));
