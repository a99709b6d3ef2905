/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/jobs-jobboard/fixtures`. */
import { loadFixtures } from '@pdg/core/fixtures';
import { jobboard } from './index.js';

export const fixtures = loadFixtures(jobboard, new URL('../fixtures/', import.meta.url));
