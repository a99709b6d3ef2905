import { createClient, toArray } from '@pdg/core';
import { usePdgGateway } from '@pdg/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { filmdb } from '../src/index.js';

const { client: pdg, gateway, refused: refusal } = usePdgGateway([filmdb], fixtures);

describe('movie:filmdb chart walks stop at page 30', () => {
  it('items() walks the chart pages and stops at hasMore: false', async () => {
    const rows = await toArray(pdg.items('movie:filmdb', 'chart', { chart: 'top_movies', count: 2 }));
    expect(rows.map((row) => row.rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('items() stops after page 30 even when the gateway says hasMore: true there', async () => {
    const asked: string[] = [];
    const endless = createClient({
      providers: [filmdb],
      apiKey: 'test-key',
      baseUrl: 'https://gateway.pdg.test',
      fetch: async (input) => {
        const url = new URL(new Request(input).url);
        const page = Number(url.searchParams.get('page') ?? '1');
        asked.push(String(page));
        const item = { id: `tt${1000 + page}`, rank: page, title: `Title ${page}` };
        return Response.json({ page, chart: 'top_movies', count: 1, items: [item], hasMore: true, nextPage: page + 1 });
      },
    });
    const rows = await toArray(endless.items('movie:filmdb', 'chart', { count: 1 }));
    expect(rows).toHaveLength(30);
    expect(asked.at(-1)).toBe('30');
    expect(asked).not.toContain('31');
  });

  it('a page past the documented maximum is refused before sending', async () => {
    const error = await refusal(pdg.run('movie:filmdb', 'chart', { page: 31 }));
    expect(error.issues).toEqual([{ path: 'page', message: 'must be at most 30 (received 31)' }]);
    const search = await refusal(pdg.run('movie:filmdb', 'advanced-search', { q: 'x', page: 21 }));
    expect(search.issues[0]?.message).toBe('must be at most 20 (received 21)');
    const count = await refusal(pdg.run('movie:filmdb', 'credits', { id: 'tt7300112', count: 51 }));
    expect(count.issues[0]?.message).toBe('must be at most 50 (received 51)');
  });
});

describe('movie:filmdb title ids', () => {
  it('credits take a tt id, sent as the path segment, and walk their pages', async () => {
    const credits = await toArray(pdg.items('movie:filmdb', 'credits', { id: 'tt7300112', count: 2 }));
    expect(credits.map((credit) => credit.category)).toEqual(['actress', 'actor', 'actress', 'director', 'writer']);
    expect(gateway().requests[0]?.path).toBe('/v1/movie:filmdb/credits/tt7300112');
  });

  it('a full title URL is accepted as the id, encoded as one path segment', async () => {
    const credits = await pdg.run('movie:filmdb', 'credits', { id: 'https://www.films.example.test/title/tt7300112/' });
    expect(credits.title).toBe('The Lantern Keeper');
    expect(gateway().requests[0]?.path).toBe(
      `/v1/movie:filmdb/credits/${encodeURIComponent('https://www.films.example.test/title/tt7300112/')}`,
    );
  });

  it('an id of another form is sent as given: the spec does not show the form of a full title URL', async () => {
    gateway().reply('movie:filmdb', 'credits', { body: { credits: [], hasMore: false } });
    await pdg.run('movie:filmdb', 'credits', { id: 'nm9100231' }, { validate: 'off' });
    expect(gateway().requests[0]?.path).toBe('/v1/movie:filmdb/credits/nm9100231');
  });

  it('episodes of one season, or all seasons when season is left out', async () => {
    const all = await toArray(pdg.items('movie:filmdb', 'episodes', { id: 'tt8200514', count: 2 }));
    expect(all.map((episode) => `${episode.season}x${episode.episode}`)).toEqual(['1x1', '1x2', '1x3', '2x1', '2x2']);
    expect(all[0]).toMatchObject({ airDate: '2022-03-04' });
    const second = await pdg.run('movie:filmdb', 'episodes', { id: 'tt8200514', season: '2' });
    expect(second.episodes.every((episode) => episode.season === '2')).toBe(true);
    const error = await refusal(pdg.run('movie:filmdb', 'episodes', { id: 'tt8200514', season: 'two' }));
    expect(error.issues[0]?.path).toBe('season');
    gateway().reply('movie:filmdb', 'episodes', { body: { episodes: [], hasMore: false } });
    await pdg.run('movie:filmdb', 'episodes', { id: 'tt8200514', season: '' }, { validate: 'off' });
    expect(gateway().requests.at(-1)?.query).toEqual({ season: '' });
  });
});

describe('movie:filmdb searches and lists', () => {
  it('advanced-search walks results with its filters echoed', async () => {
    const params = {
      type: 'movie',
      genres: ['drama'],
      year_from: 2014,
      year_to: 2023,
      rating_min: 7.5,
      sort: 'rating',
      count: 2,
    } as const;
    const results = await toArray(pdg.items('movie:filmdb', 'advanced-search', params));
    expect(results).toHaveLength(5);
    expect(gateway().requests[0]?.query).toMatchObject({ genres: 'drama', year_from: '2014', rating_min: '7.5' });
    const first = await pdg.run('movie:filmdb', 'advanced-search', params);
    expect(first.filters?.yearFrom).toBe(2014);
  });

  it('refuses a rating outside 1 to 10 and an unknown type; sends years in any order', async () => {
    await refusal(pdg.run('movie:filmdb', 'advanced-search', { rating_min: 11 }));
    // @ts-expect-error documentary is not a documented type
    const type = await refusal(pdg.run('movie:filmdb', 'advanced-search', { type: 'documentary' }));
    expect(type.issues[0]?.message).toContain('"movie", "tv", "tv_mini", "tv_movie", "short", "video_game"');
    gateway().reply('movie:filmdb', 'advanced-search', { body: { results: [], hasMore: false } });
    await pdg.run('movie:filmdb', 'advanced-search', { year_from: 2020, year_to: 2010 }, { validate: 'off' });
    expect(gateway().requests.at(-1)?.query).toEqual({ year_from: '2020', year_to: '2010' });
  });

  it('born-today sends no month or day unless given: the gateway uses today', async () => {
    const today = await pdg.run('movie:filmdb', 'born-today');
    expect(today.date).toBe('11-23');
    expect(gateway().requests[0]?.query).toEqual({});
    const error = await refusal(pdg.run('movie:filmdb', 'born-today', { month: 13 }));
    expect(error.issues[0]?.message).toBe('must be at most 12 (received 13)');
    gateway().reply('movie:filmdb', 'born-today', { body: { people: [] } });
    await pdg.run('movie:filmdb', 'born-today', { month: 2, day: 30 }, { validate: 'off' });
    expect(gateway().requests.at(-1)?.query).toEqual({ month: '2', day: '30' });
  });

  it('box office grosses are amounts with a currency; coming-soon takes a 2-letter region', async () => {
    const office = await pdg.run('movie:filmdb', 'box-office', { limit: 3 });
    expect(office.items[2]?.lifetimeGross).toEqual({ amount: 142_800_000, currency: 'USD' });
    await refusal(pdg.run('movie:filmdb', 'box-office', { limit: 21 }));
    const soon = await pdg.run('movie:filmdb', 'coming-soon', { type: 'movie', region: 'US', limit: 2 });
    expect(soon.items[0]?.releaseDate).toBe('2026-11-27');
    await refusal(pdg.run('movie:filmdb', 'coming-soon', { region: 'USA' }));
  });

  it('the named-only endpoints are callable with any params', async () => {
    const names = Object.entries(filmdb.endpoints)
      .filter(([, endpoint]) => 'undocumented' in endpoint && endpoint.undocumented)
      .map(([name]) => name);
    expect(names.sort()).toEqual(['filmography', 'name', 'reviews', 'search', 'title']);
    const title = await pdg.run('movie:filmdb', 'title', { id: 'tt7300112' });
    expect(title).toMatchObject({ title: 'The Lantern Keeper' });
  });
});
