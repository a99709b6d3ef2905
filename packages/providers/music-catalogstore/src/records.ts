import { record } from '@pdg/core/provider';
import * as v from 'valibot';

/** A catalogue item. Fields are those of a track (type `track`); album and artist items' fields are not documented. */
export const catalogItem = record({
  /** Item page URL. */
  url: v.string(),
  /** Item type: `track`, `album` or `artist`. */
  type: v.string(),
  /** Album name. */
  album: v.string(),
  /** Genre name. */
  genre: v.string(),
  /** Artwork image URL. */
  image: v.string(),
  /** Track title. */
  title: v.string(),
  /** Artist name. */
  artist: v.string(),
  /** Album id. */
  albumId: v.number(),
  /** Storefront country. */
  country: v.string(),
  /** URL of a short audio preview. */
  preview: v.string(),
  /** Track id. */
  trackId: v.number(),
  /** Artist id. */
  artistId: v.number(),
  /** Disc number within the album. */
  discNumber: v.number(),
  /** Duration in milliseconds. */
  durationMs: v.number(),
  /** Whether the track is marked explicit. */
  isExplicit: v.boolean(),
  /** Release date, ISO 8601 UTC. */
  releaseDate: v.string(),
  /** Track number on its disc. */
  trackNumber: v.number(),
  /** Whether the track can be streamed. */
  isStreamable: v.boolean(),
  /** Number of tracks, on an album item (album items' fields are not documented; the gateway sends it). */
  trackCount: v.number(),
});
