/**
 * The records of the music:metadb search response (document 1, section 2.3). Field names are the
 * spec's, hyphens included (`'artist-credit'`, `'sort-name'`), so a field reads as `rec['artist-credit']`.
 * The spec gives the types of the recording's own fields; for the nested records it lists names only, and
 * those fields take the type their name and the recording's fields make plain (ids, names and dates are
 * strings, counts and lengths numbers). Every field may be null or absent (section 2.1) and reads as
 * `undefined` then; fields the spec does not list pass through.
 */
import { record } from '@pdg/core/provider';
import * as v from 'valibot';

/** An alias of a credited artist. */
export const artistAlias = record({
  /** The alias. */
  name: v.string(),
  /** Kind of alias. */
  type: v.string(),
  /** Locale the alias is used in. */
  locale: v.string(),
  /** Whether it is the primary alias for its locale. */
  primary: v.boolean(),
  /** UUID of the alias type. */
  'type-id': v.string(),
  /** Date the alias stopped being used. */
  'end-date': v.string(),
  /** The alias in sort order. */
  'sort-name': v.string(),
  /** Date the alias came into use. */
  'begin-date': v.string(),
});

/** A credited artist. */
export const creditedArtist = record({
  /** Artist UUID. */
  id: v.string(),
  /** Artist name. */
  name: v.string(),
  /** Artist name in sort order. */
  'sort-name': v.string(),
  /** Text telling artists of the same name apart (optional). */
  disambiguation: v.string(),
  /** The artist's aliases (optional). */
  aliases: v.array(artistAlias),
});

/** One entry of an artist credit. */
export const artistCredit = record({
  /** The name as credited. */
  name: v.string(),
  /** The credited artist. */
  artist: creditedArtist,
  /** Text joining this credit to the next (such as ` & `); sent by the gateway, not listed by the spec. */
  joinphrase: v.string(),
});

/** The area of a release event. */
export const area = record({
  /** Area UUID. */
  id: v.string(),
  /** Area name. */
  name: v.string(),
  /** Area name in sort order. */
  'sort-name': v.string(),
  /** The area's ISO 3166-1 country codes. */
  'iso-3166-1-codes': v.array(v.string()),
});

/** A release event: where and when a release came out. */
export const releaseEvent = record({
  /** Where the release came out. */
  area,
  /** When the release came out. */
  date: v.string(),
});

/** The release group a release belongs to. */
export const releaseGroup = record({
  /** Release-group UUID. */
  id: v.string(),
  /** Release-group title. */
  title: v.string(),
  /** UUID of the release group's type. */
  'type-id': v.string(),
  /** Primary type (album, single...). */
  'primary-type': v.string(),
  /** UUID of the primary type. */
  'primary-type-id': v.string(),
});

/** A track on a medium. */
export const track = record({
  /** Track UUID. */
  id: v.string(),
  /** Track title. */
  title: v.string(),
  /** Track length in milliseconds. */
  length: v.number(),
  /**
   * Track number as printed on the medium. Its type is not shown: a string (`'3'`, `'A1'`) or a number is
   * accepted and returned as sent.
   */
  number: v.union([v.string(), v.number()]),
});

/** A medium (disc, side...) of a release, with the matching track. */
export const medium = record({
  /** Medium id. */
  id: v.string(),
  /** The matching track(s) on this medium. */
  track: v.array(track),
  /** Medium format (CD, vinyl, digital media...). */
  format: v.string(),
  /** Position of the medium in the release, 1-based. */
  position: v.number(),
  /** Number of tracks on the medium. */
  'track-count': v.number(),
  /** Number of tracks on the medium before the matching one. */
  'track-offset': v.number(),
});

/** A release that contains the recording. */
export const release = record({
  /** Release UUID. */
  id: v.string(),
  /** Release date (optional). */
  date: v.string(),
  /** Number of media of the release. */
  count: v.pipe(v.number(), v.integer()),
  /** The release's media holding the recording. */
  media: v.array(medium),
  /** Release title. */
  title: v.string(),
  /** Release status (official, promotion...). */
  status: v.string(),
  /** UUID of the release status. */
  'status-id': v.string(),
  /** Country of release, 2-letter code (optional). */
  country: v.string(),
  /** Total number of tracks on the release. */
  'track-count': v.number(),
  /** The release's artist credit (optional). */
  'artist-credit': v.array(artistCredit),
  /** The release group the release belongs to. */
  'release-group': releaseGroup,
  /** Where and when the release came out (optional). */
  'release-events': v.array(releaseEvent),
  /** Id of the release's artist credit (optional). */
  'artist-credit-id': v.string(),
});

/** A recording matching the search (`entity=recording`). */
export const recording = record({
  /** Recording UUID. */
  id: v.string(),
  /** Match score. */
  score: v.number(),
  /** Recording title. */
  title: v.string(),
  /** Words telling the recording from others of the same title; sent by the gateway, not listed by the spec. */
  disambiguation: v.string(),
  /** Video flag: null or a value (its type is not shown, so any value is accepted). */
  video: v.unknown(),
  /** Length in milliseconds. */
  length: v.number(),
  /** ISRC codes (optional). */
  isrcs: v.array(v.string()),
  /** Releases that contain the recording. */
  releases: v.array(release),
  /** The recording's artist credit. */
  'artist-credit': v.array(artistCredit),
  /** Id of the recording's artist credit. */
  'artist-credit-id': v.string(),
  /** Date of the recording's first release. */
  'first-release-date': v.string(),
});
