/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PagedWalk, PdgClient } from '@pdg/core';
import type * as v from 'valibot';
import { expectTypeOf } from 'vitest';
import type { chartRow, credit, episode, filmdb, searchResult } from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof filmdb]>;

const search = await pdg.run('movie:filmdb', 'advanced-search', { q: 'harbour', type: 'tv_mini', genres: ['drama'] });
expectTypeOf(search.results[0]?.rating).toEqualTypeOf<number | undefined>();
const born = await pdg.run('movie:filmdb', 'born-today', { month: 11, day: 23 });
expectTypeOf(born.people[0]?.professions).toEqualTypeOf<string[] | undefined>();
await pdg.run('movie:filmdb', 'born-today');
const office = await pdg.run('movie:filmdb', 'box-office', { limit: 5 });
expectTypeOf(office.items[0]?.weekendGross?.amount).toEqualTypeOf<number | undefined>();
const chart = await pdg.run('movie:filmdb', 'chart', { chart: 'popular_tv', page: 30 });
expectTypeOf(chart.items[0]?.rank).toEqualTypeOf<number | undefined>();
const soon = await pdg.run('movie:filmdb', 'coming-soon', { type: 'tv', region: 'GB' });
expectTypeOf(soon.items[0]?.genres).toEqualTypeOf<string[] | undefined>();
const credits = await pdg.run('movie:filmdb', 'credits', { id: 'tt7300112' });
expectTypeOf(credits.credits[0]?.characters).toEqualTypeOf<string[] | undefined>();
const episodes = await pdg.run('movie:filmdb', 'episodes', { id: 'tt8200514', season: '1' });
expectTypeOf(episodes.episodes[0]?.season).toEqualTypeOf<string | undefined>();
await pdg.run('movie:filmdb', 'title', { id: 'tt7300112' });

expectTypeOf(pdg.items('movie:filmdb', 'chart')).toEqualTypeOf<PagedWalk<v.InferOutput<typeof chartRow>>>();
expectTypeOf(pdg.items('movie:filmdb', 'advanced-search', { q: 'x' })).toEqualTypeOf<
  PagedWalk<v.InferOutput<typeof searchResult>>
>();
expectTypeOf(pdg.items('movie:filmdb', 'credits', { id: 'tt1' })).toEqualTypeOf<
  PagedWalk<v.InferOutput<typeof credit>>
>();
expectTypeOf(pdg.items('movie:filmdb', 'episodes', { id: 'tt1' })).toEqualTypeOf<
  PagedWalk<v.InferOutput<typeof episode>>
>();

// Misuse is a compile error.
// @ts-expect-error id is required
void pdg.run('movie:filmdb', 'credits', { page: 2 });
// @ts-expect-error chart is one of the six documented charts
void pdg.run('movie:filmdb', 'chart', { chart: 'top_anime' });
// @ts-expect-error sort is one of popularity, rating, newest, oldest
void pdg.run('movie:filmdb', 'advanced-search', { sort: 'votes' });
// @ts-expect-error season is text such as "2"
void pdg.run('movie:filmdb', 'episodes', { id: 'tt8200514', season: 2 });
// @ts-expect-error box-office is not paged
void pdg.items('movie:filmdb', 'box-office');
