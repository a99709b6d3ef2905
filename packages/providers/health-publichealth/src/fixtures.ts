/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/health-publichealth/fixtures`. */
import { loadFixtures } from '@pdg/core/fixtures';
import { publichealth } from './index.js';

export const fixtures = loadFixtures(publichealth, new URL('../fixtures/', import.meta.url));
