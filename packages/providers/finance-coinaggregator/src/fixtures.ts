/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/finance-coinaggregator/fixtures`. */
import { loadFixtures } from '@pdg/core/fixtures';
import { coinaggregator } from './index.js';

export const fixtures = loadFixtures(coinaggregator, new URL('../fixtures/', import.meta.url));
