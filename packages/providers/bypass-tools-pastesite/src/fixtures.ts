/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/bypass-tools-pastesite/fixtures`. */
import { loadFixtures } from '@pdg/core/fixtures';
import { pastesite } from './index.js';

export const fixtures = loadFixtures(pastesite, new URL('../fixtures/', import.meta.url));
