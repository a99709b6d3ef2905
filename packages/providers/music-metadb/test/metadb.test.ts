import { isPdgError } from '@pdg/core';
import { usePdgGateway } from '@pdg/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { metadb } from '../src/index.js';

const { client: pdg, gateway } = usePdgGateway([metadb], fixtures);

describe('music:metadb search', () => {
  it('recordings read through their hyphenated fields, nested releases, media and credits included', async () => {
    const result = await pdg.run('music:metadb', 'search', { query: 'harbour lights', limit: 3 });
    const [first] = result.recordings ?? [];
    expect(first?.['first-release-date']).toBe('2019-02-22');
    expect(first?.['artist-credit']?.[0]?.artist?.['sort-name']).toBe('Lantern Quay, The');
    const release = first?.releases?.[0];
    expect(release?.['release-group']?.['primary-type']).toBe('Album');
    expect(release?.['release-events']?.[0]?.area?.['iso-3166-1-codes']).toEqual(['GB']);
    expect(release?.media?.[0]?.['track-offset']).toBe(2);
  });

  it('count is every match, not the page: 214 matches, 3 returned (limit 3)', async () => {
    const result = await pdg.run('music:metadb', 'search', { query: 'harbour lights', limit: 3 });
    expect([result.count, result.offset, result.recordings?.length]).toEqual([214, 0, 3]);
  });

  it('fields sent as null read as undefined; fields the spec does not list pass through', async () => {
    const result = await pdg.run('music:metadb', 'search', { query: 'harbour lights', limit: 3 });
    const [, live, duet] = result.recordings ?? [];
    expect(live?.video).toBeUndefined();
    expect(live?.isrcs).toBeUndefined();
    expect(live?.disambiguation).toBe('live, Port Callow Saltworks');
    expect(duet?.['artist-credit']?.map((credit) => [credit.name, credit.joinphrase])).toEqual([
      ['Odile Varnacek', ' feat. '],
      ['Tessaly Brook', undefined],
    ]);
    // A track number is whatever the medium prints, 'A3' on a vinyl side.
    expect(result.recordings?.[0]?.releases?.[1]?.media?.[0]?.track?.[0]?.number).toBe('A3');
  });

  it('artist and release searches: recordings is undefined and the array the gateway sends is on the result as sent', async () => {
    const artists = await pdg.run('music:metadb', 'search', { query: 'lantern quay', entity: 'artist', limit: 2 });
    expect(artists.entity).toBe('artist');
    expect(artists.recordings).toBeUndefined();
    const found = Array.isArray(artists.artists) ? artists.artists : [];
    expect(found.map((artist) => (artist as { name?: string }).name)).toEqual(['The Lantern Quay', 'Lantern Quayle']);

    const releases = await pdg.run('music:metadb', 'search', { query: 'tide tables', entity: 'release', limit: 2 });
    expect(releases.recordings).toBeUndefined();
    expect(Array.isArray(releases.releases) && releases.releases.length).toBe(2);
  });

  it('ids open across searches: the release search finds the releases a recording lists', async () => {
    const recordings = await pdg.run('music:metadb', 'search', { query: 'harbour lights', limit: 3 });
    const releases = await pdg.run('music:metadb', 'search', { query: 'tide tables', entity: 'release', limit: 2 });
    const listed = recordings.recordings?.[0]?.releases?.slice(0, 2).map((release) => release.id);
    const found = (releases.releases as { id: string }[]).map((release) => release.id);
    expect(found).toEqual(listed);
  });

  it('no matches: count 0 and an empty recordings array; only the params given are sent', async () => {
    const result = await pdg.run('music:metadb', 'search', { query: 'zzqx no such recording' });
    expect([result.count, result.recordings]).toEqual([0, []]);
    expect(gateway().requests).toEqual([
      { path: '/v1/music:metadb/search', query: { query: 'zzqx no such recording' } },
    ]);
  });

  it('is not paged: an offset or page param is refused before sending', async () => {
    const params = { query: 'harbour lights', offset: 25 } as { query: string };
    const error = await pdg.run('music:metadb', 'search', params).catch((thrown: unknown) => thrown);
    expect(isPdgError(error) && error.code).toBe('INVALID_PARAMS');
    expect(gateway().requests).toEqual([]);
  });
});
