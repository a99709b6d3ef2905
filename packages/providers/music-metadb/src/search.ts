/**
 * `GET /v1/music:metadb/search` (document 1, sections 2.3 and 4.2; cache 5m, section 8).
 *
 * Not paged: the answer has `count` (every match) and `offset`, but no page or offset param is
 * documented, so `run()` returns the first `limit` matches and `pages()`/`items()` do not take it.
 *
 * One response type for the three entities: the documented top-level fields, `recordings` (only sent for
 * `entity=recording`, so optional), and every other key as sent. The spec does not show the array name
 * of the `artist` and `release` searches; the gateway sends `artists` and `releases`, named here as arrays
 * of `unknown` records (their fields are not shown), to be checked before use.
 */
import { enumParam, fields, integerParam, optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { recording } from './records.js';

export const description = 'Open music-metadata search for recordings, artists or releases.';

export const cacheSeconds = 300;

export const params = v.strictObject({
  /** Search-engine query syntax (title, artist, etc.). */
  query: stringParam(),
  /** What to search for: `recording`, `artist` or `release`. Server default `recording`. */
  entity: optional(enumParam(['recording', 'artist', 'release'], { default: 'recording' })),
  /** Maximum number of matches returned, 1 to 100. Server default 25. */
  limit: optional(integerParam({ min: 1, max: 100, default: 25 })),
});

export const response = v.looseObject({
  /** Whether the search succeeded. */
  ok: v.boolean(),
  /** Total number of matches (not the number returned, which is at most `limit`). */
  count: v.pipe(v.number(), v.integer()),
  /** The entity searched: `recording`, `artist` or `release`. */
  entity: v.string(),
  /** Offset of the first returned match in the full result. */
  offset: v.pipe(v.number(), v.integer()),
  /** When the result was created, ISO 8601. */
  created: v.string(),
  ...fields({
    /** The matching recordings, when `entity` is `recording`. */
    recordings: v.array(recording),
    /**
     * The matching artists, when `entity` is `artist`: the name the gateway sends (the spec does not show
     * the array name or its records, so each is kept as sent).
     */
    artists: v.array(v.unknown()),
    /**
     * The matching releases, when `entity` is `release`: the name the gateway sends (the spec does not show
     * the array name or its records, so each is kept as sent).
     */
    releases: v.array(v.unknown()),
  }),
});
