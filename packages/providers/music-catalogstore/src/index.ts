/**
 * music:catalogstore: music catalogue search (tracks, albums, artists).
 * Source of truth: the gateway spec, document 1, sections 2.1, 2.2 and 4.1.
 */
import { defineEndpoint, defineProvider, enumParam, integerParam, optional, record, stringParam } from '@pdg/core';
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
});

export const catalogstore = defineProvider({
  id: 'music:catalogstore',
  description: 'Music catalogue search (tracks, albums, artists).',
  endpoints: {
    search: defineEndpoint({
      path: 'search',
      description: 'Search the music catalogue for tracks, albums or artists.',
      envelope: true,
      // Section 8 omits this endpoint's cache time ("the first, which is omitted from this row").
      params: v.strictObject({
        /** Track, album or artist name. */
        q: stringParam('track, album or artist name'),
        /** What to search for. Server default `track`. */
        type: optional(enumParam(['track', 'album', 'artist'], 'what to search for', { default: 'track' })),
        /** Results per page, 1 to 50. Server default 25. */
        limit: optional(integerParam('results per page', { min: 1, max: 50, default: 25 })),
        /** Page number, 1-based. Server default 1. */
        page: optional(integerParam('page number, 1-based', { min: 1, default: 1 })),
        /** Storefront, a 2-letter ISO country code. Server default `US`. */
        country: optional(
          stringParam('storefront, a 2-letter ISO country code', {
            default: 'US',
            pattern: /^[A-Za-z]{2}$/,
            patternMessage: 'must be a 2-letter ISO country code',
          }),
        ),
      }),
      response: v.looseObject({
        /** Page number, 1-based. */
        page: v.number(),
        /** Number of items on this page. */
        count: v.number(),
        /** The matching items. */
        items: v.array(catalogItem),
      }),
    }),
  },
});
