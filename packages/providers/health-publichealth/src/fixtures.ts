/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/health-publichealth/fixtures`. */
import { loadFixtures, type WorldHints } from '@pdg/core/fixtures';
import { publichealth } from './index.js';

/** How the fixtures connect, for the mock gateway's world: see `WorldHints` in `@pdg/core/fixtures`. */
const world: WorldHints = {
  keys: { 'tracking-indicators': 'contentAreaId', 'tracking-measures': 'indicatorId' },
  filters: { mediaType: 'mediaType' },
  text: ['query', 'name'],
};

export const fixtures = loadFixtures(publichealth, new URL('../fixtures/', import.meta.url), world);
