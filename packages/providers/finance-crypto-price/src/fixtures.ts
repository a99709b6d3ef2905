/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/finance-crypto-price/fixtures`. */
import { loadFixtures } from '@pdg/core/fixtures';
import { cryptoPrice } from './index.js';

export const fixtures = loadFixtures(cryptoPrice, new URL('../fixtures/', import.meta.url));
