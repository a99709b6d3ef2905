/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/jobs-jobboard/fixtures`. */
import { loadFixtures, type WorldHints } from '@pdg/core/fixtures';
import { jobboard } from './index.js';

/** How the fixtures connect, for the mock gateway's world: see `WorldHints` in `@pdg/core/fixtures`. */
const world: WorldHints = {
  filters: {
    country: 'location.countryCode',
    jobType: 'employmentType',
    educationLevel: 'educationLevelCode',
    remote: 'isRemote',
  },
};

export const fixtures = loadFixtures(jobboard, new URL('../fixtures/', import.meta.url), world);
