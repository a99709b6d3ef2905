/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/bypass-tools-shortlink/fixtures`. */
import { loadFixtures } from '@pdg/core/fixtures';
import { shortlink } from './index.js';

export const fixtures = loadFixtures(shortlink, new URL('../fixtures/', import.meta.url));
