/** `GET /v1/dev-tools:captcha-sitekey/extract` (document 1, sections 2.8 and 4.7; cache 1h, section 8). */
import { booleanParam, integerParam, openEnumParam, optional, record, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';

export const description = 'Extract captcha-widget site keys from a web page.';

export const cacheSeconds = 3600;

export const params = v.strictObject({
  /** Page to inspect (its URL). */
  url: stringParam(),
  /** Fetch mode; `auto` is accepted. Other values: not shown, so any non-empty string is sent as given. */
  mode: optional(openEnumParam(['auto'])),
  /** Also inspect scripts the page references. Sent as `true`/`false`. */
  followScripts: optional(booleanParam()),
  /**
   * Cap on scripts followed. The spec says "number" and gives no bounds: a count of scripts, so a whole
   * number, 0 or more; no maximum is invented.
   */
  maxScripts: optional(integerParam({ min: 0 })),
});

/** One site key found. */
export const siteKeyFound = record({
  /** How the key was found; the spec names the field only (the fixtures use `html` and `script`). */
  via: v.string(),
  /** What in the page or script held the key; the spec names the field only. */
  source: v.string(),
  /** The widget's public site key (the spec writes it <SITE_KEY>). */
  siteKey: v.string(),
  /** When the key was read: ISO 8601, as the spec's other `scrapedAt` fields. */
  scrapedAt: v.string(),
  /** Where the key was read; the spec names the field only (the fixtures give the page or followed script). */
  sourceUrl: v.string(),
});

export const response = record({
  /** Number of site keys found. */
  count: v.pipe(v.number(), v.integer()),
  /** The site keys found. */
  items: v.array(siteKeyFound),
  /** The page fetched. */
  sourceUrl: v.string(),
});
