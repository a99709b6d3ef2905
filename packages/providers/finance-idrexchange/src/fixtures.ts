/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/finance-idrexchange/fixtures`. */
import { loadFixtures } from '@pdg/core/fixtures';
import { idrexchange } from './index.js';

export const fixtures = loadFixtures(idrexchange, new URL('../fixtures/', import.meta.url));
