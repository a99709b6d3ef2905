/** `GET /v1/dev-tools:captcha-sitekey/extract` (document 1, sections 2.8 and 4.7; cache 1h, section 8). */
import { booleanParam, integerParam, openEnumParam, optional, record, stringParam } from '@pdg/core';
import * as v from 'valibot';

export const description = 'Extract captcha-widget site keys from a web page.';

export const cacheSeconds = 3600;

export const params = v.strictObject({
  /** The page to inspect (its URL). */
  url: stringParam(),
  /** Fetch mode: `auto` is accepted; the spec does not list the others, so any value is sent as given. */
  mode: optional(openEnumParam(['auto'])),
  /** Also inspect the scripts the page references. Sent as `true`/`false`. */
  followScripts: optional(booleanParam()),
  /** A cap on the scripts followed: a whole number, 0 or more. */
  maxScripts: optional(integerParam({ min: 0 })),
});

/** One site key found. */
export const siteKeyFound = record({
  /** How it was found (in the page, in a followed script...). */
  via: v.string(),
  /** Where in the page or script it was found. */
  source: v.string(),
  /** The widget's public site key. */
  siteKey: v.string(),
  /** When the page was read, ISO 8601. */
  scrapedAt: v.string(),
  /** The URL of the page or script it was found in. */
  sourceUrl: v.string(),
});

export const response = record({
  /** Number of site keys found. */
  count: v.number(),
  /** The site keys found. */
  items: v.array(siteKeyFound),
  /** The page fetched. */
  sourceUrl: v.string(),
});
