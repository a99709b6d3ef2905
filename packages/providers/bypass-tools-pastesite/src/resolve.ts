/**
 * `GET /v1/bypass-tools:pastesite/resolve` (document 1, sections 2.7 and 4.6; cache 10m, section 8).
 * The post is named as the spec allows; a numeric id is passed as a string.
 */
import { record, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';

export const description = 'Resolve a script paste post.';

export const cacheSeconds = 600;

export const params = v.strictObject({
  /**
   * The paste: its full URL (`https://paste.example.test/p/moon-tide-loader`), its slug
   * (`moon-tide-loader`), or its numeric post id as a string (`"48213"`).
   */
  url: stringParam(),
});

export const response = record({
  /** The post id. */
  id: v.number(),
  /** The post's page URL. */
  url: v.string(),
  /** The post's slug. */
  slug: v.string(),
  /** The post's title. */
  title: v.string(),
  /** The paste body (user-written content). */
  script: v.string(),
  /** When the post was read, ISO 8601. */
  scrapedAt: v.string(),
  /** Whether the gateway had to pass a browser challenge to read it. */
  usedFlare: v.boolean(),
});
