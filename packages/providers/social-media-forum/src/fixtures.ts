/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/social-media-forum/fixtures`. */
import { loadFixtures } from '@pdg/core/fixtures';
import { forum } from './index.js';

export const fixtures = loadFixtures(forum, new URL('../fixtures/', import.meta.url));
