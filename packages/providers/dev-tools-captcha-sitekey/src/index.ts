/**
 * dev-tools:captcha-sitekey: extract captcha-widget site keys from a web page.
 * Source of truth: the gateway spec, document 1, sections 1, 2.8, 4.7 and 8.
 */
import { defineProvider } from '@pdg/core/provider';
import * as extract from './extract.js';

export { siteKeyFound } from './extract.js';

export const captchaSitekey = defineProvider({
  id: 'dev-tools:captcha-sitekey',
  description: 'Extract captcha-widget site keys from a web page.',
  endpoints: { extract },
});
