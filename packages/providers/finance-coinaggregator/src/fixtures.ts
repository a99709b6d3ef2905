/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/finance-coinaggregator/fixtures`. */
import { loadFixtures, type WorldHints } from '@pdg/core/fixtures';
import { coinaggregator } from './index.js';

/** How the fixtures connect, for the mock gateway's world: see `WorldHints` in `@pdg/core/fixtures`. */
const world: WorldHints = {
  filters: { ids: 'id' },
};

export const fixtures = loadFixtures(coinaggregator, new URL('../fixtures/', import.meta.url), world);
