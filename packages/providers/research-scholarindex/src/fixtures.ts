/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/research-scholarindex/fixtures`. */
import { loadFixtures, type WorldHints } from '@pdg/core/fixtures';
import { scholarindex } from './index.js';

/** How the fixtures connect, for the mock gateway's world: see `WorldHints` in `@pdg/core/fixtures`. */
const world: WorldHints = {
  keys: { author: 'authorId' },
};

export const fixtures = loadFixtures(scholarindex, new URL('../fixtures/', import.meta.url), world);
