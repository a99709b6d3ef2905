/**
 * `GET /v1/music:catalogstore/search` (document 1, section 4.1). Its page has no `hasMore` or
 * `nextPage`, so it declares no paging: `pages()` could not tell where it ends. Section 8 omits its cache
 * time ("the first, which is omitted from this row").
 */
import { enumParam, integerParam, optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { catalogItem } from './records.js';

export const description = 'Search the music catalogue for tracks, albums or artists.';

export const envelope = true;

export const params = v.strictObject({
  /** Track, album or artist name. */
  q: stringParam(),
  /** What to search for. Server default `track`. */
  type: optional(enumParam(['track', 'album', 'artist'], { default: 'track' })),
  /** Results per page, 1 to 50. Server default 25. */
  limit: optional(integerParam({ min: 1, max: 50, default: 25 })),
  /** Page number, 1-based. Server default 1. */
  page: optional(integerParam({ min: 1, default: 1 })),
  /** Storefront, a 2-letter ISO country code. Server default `US`. */
  country: optional(
    stringParam({ default: 'US', pattern: /^[A-Za-z]{2}$/, patternMessage: 'must be a 2-letter ISO country code' }),
  ),
});

export const response = v.looseObject({
  /** Page number, 1-based. */
  page: v.pipe(v.number(), v.integer()),
  /** Number of items on this page. */
  count: v.pipe(v.number(), v.integer()),
  /** The matching items. */
  items: v.array(catalogItem),
});
