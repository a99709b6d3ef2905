/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/health-globalhealth/fixtures`. */
import { loadFixtures } from '@pdg/core/fixtures';
import { globalhealth } from './index.js';

export const fixtures = loadFixtures(globalhealth, new URL('../fixtures/', import.meta.url));
