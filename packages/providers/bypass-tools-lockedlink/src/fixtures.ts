/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/bypass-tools-lockedlink/fixtures`. */
import { loadFixtures } from '@pdg/core/fixtures';
import { lockedlink } from './index.js';

export const fixtures = loadFixtures(lockedlink, new URL('../fixtures/', import.meta.url));
