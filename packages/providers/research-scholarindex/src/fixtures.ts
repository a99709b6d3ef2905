/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/research-scholarindex/fixtures`. */
import { loadFixtures } from '@pdg/core/fixtures';
import { scholarindex } from './index.js';

export const fixtures = loadFixtures(scholarindex, new URL('../fixtures/', import.meta.url));
