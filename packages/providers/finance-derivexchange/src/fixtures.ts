/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/finance-derivexchange/fixtures`. */
import { loadFixtures } from '@pdg/core/fixtures';
import { derivexchange } from './index.js';

export const fixtures = loadFixtures(derivexchange, new URL('../fixtures/', import.meta.url));
