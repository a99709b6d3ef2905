/** Hand-authored exchanges for music:catalogstore, consistent with the spec's field lists. Names are made up. */
import { defineFixtures } from '@pdg/core';
import { catalogstore } from './index.js';

const track = (n: number, title: string, extra: Record<string, unknown> = {}) => ({
  url: `https://music.example.test/track/${4100 + n}`,
  type: 'track',
  album: 'Neon Harbour',
  genre: 'Electronic',
  image: `https://img.example.test/album/770/${n}.jpg`,
  title,
  artist: 'The Velvet Orbit',
  albumId: 770,
  country: 'US',
  preview: `https://audio.example.test/preview/${4100 + n}.m4a`,
  trackId: 4100 + n,
  artistId: 52,
  discNumber: 1,
  durationMs: 180_000 + n * 7_311,
  isExplicit: false,
  releaseDate: '2021-04-16T07:00:00Z',
  trackNumber: n,
  isStreamable: true,
  ...extra,
});

const envelope = (content: unknown) => ({ status: 'success', message: 'OK', content });

export const fixtures = defineFixtures(catalogstore, [
  {
    endpoint: 'search',
    name: 'velvet-orbit',
    params: { q: 'velvet orbit', limit: 3 },
    request: { path: '/v1/music:catalogstore/search', query: { q: 'velvet orbit', limit: '3' } },
    response: envelope({
      page: 1,
      count: 3,
      items: [track(1, 'Harbour Lights'), track(2, 'Static Bloom', { isExplicit: true }), track(3, 'Low Tide Radio')],
    }),
  },
  {
    endpoint: 'search',
    name: 'velvet-orbit-page-2',
    params: { q: 'velvet orbit', limit: 3, page: 2 },
    request: { path: '/v1/music:catalogstore/search', query: { q: 'velvet orbit', limit: '3', page: '2' } },
    response: envelope({
      page: 2,
      count: 2,
      items: [track(4, 'Paper Satellites'), track(5, 'Last Ferry Home', { preview: null })],
    }),
  },
  {
    endpoint: 'search',
    name: 'album-gb',
    params: { q: 'neon harbour', type: 'album', country: 'GB' },
    request: { path: '/v1/music:catalogstore/search', query: { q: 'neon harbour', type: 'album', country: 'GB' } },
    response: envelope({
      page: 1,
      count: 1,
      items: [
        {
          url: 'https://music.example.test/album/770',
          type: 'album',
          title: 'Neon Harbour',
          artist: 'The Velvet Orbit',
          albumId: 770,
          artistId: 52,
          country: 'GB',
          image: 'https://img.example.test/album/770/cover.jpg',
          releaseDate: '2021-04-16T07:00:00Z',
          trackCount: 11,
        },
      ],
    }),
  },
  {
    endpoint: 'search',
    name: 'no-results',
    params: { q: 'zzqx no such band' },
    request: { path: '/v1/music:catalogstore/search', query: { q: 'zzqx no such band' } },
    response: envelope({ page: 1, count: 0, items: [] }),
  },
]);
