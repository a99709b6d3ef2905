/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/dev-tools-captcha-sitekey/fixtures`. */
import { loadFixtures } from '@pdg/core/fixtures';
import { captchaSitekey } from './index.js';

export const fixtures = loadFixtures(captchaSitekey, new URL('../fixtures/', import.meta.url));
