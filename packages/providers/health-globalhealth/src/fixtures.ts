/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/health-globalhealth/fixtures`. */
import { loadFixtures, type WorldHints } from '@pdg/core/fixtures';
import { globalhealth } from './index.js';

/** How the fixtures connect, for the mock gateway's world: see `WorldHints` in `@pdg/core/fixtures`. */
const world: WorldHints = {
  // Dimensions and indicators are listed by `code`.
  ids: {
    dimension: { fields: ['code'], in: ['dimensions'] },
    indicator: { fields: ['code', 'indicator'], in: ['indicators', 'indicator-data'] },
  },
  filters: { country: 'country', region: 'regionCode' },
};

export const fixtures = loadFixtures(globalhealth, new URL('../fixtures/', import.meta.url), world);
