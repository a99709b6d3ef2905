/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PagedWalk, PdgClient } from '@pdg/core';
import * as v from 'valibot';
import { expectTypeOf } from 'vitest';
import {
  type ContentResult,
  type FoundMediaItem,
  geoPoint,
  isFound,
  type mediaItem,
  parseRows,
  type publichealth,
  type topic,
} from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof publichealth]>;

// Every endpoint the spec gives is callable, with typed params and a typed result.
const mediaTypes = await pdg.run('health:publichealth', 'content-media-types', {});
expectTypeOf(mediaTypes.items[0]?.mediaCount).toEqualTypeOf<number | undefined>();
expectTypeOf(mediaTypes.count).toEqualTypeOf<number | undefined>();

const search = await pdg.run('health:publichealth', 'content-search', {
  mediaType: ['Video', 'Infographic'],
  topicId: [1187, '2204'],
  sort: 'recentlyUpdated',
  limit: 100,
});
expectTypeOf(search.items[0]).toEqualTypeOf<v.InferOutput<typeof mediaItem> | undefined>();
expectTypeOf(search.items[0]?.mediaId).toEqualTypeOf<number | undefined>();
expectTypeOf(search.items[0]?.tags?.[0]?.name).toEqualTypeOf<string | undefined>();
expectTypeOf(search.items[0]?.publishedAt).toEqualTypeOf<string | undefined>();
expectTypeOf(search.items[0]?.isTopSyndicated).toEqualTypeOf<boolean | undefined>();
expectTypeOf(search.totalPages).toEqualTypeOf<number | undefined>();
expectTypeOf(search.hasMore).toEqualTypeOf<boolean>();
void pdg.run('health:publichealth', 'content-search', { mediaType: 'Video', topicId: '1187,2204' });

const topics = await pdg.run('health:publichealth', 'content-topics', { page: 2 });
expectTypeOf(topics.items[0]).toEqualTypeOf<v.InferOutput<typeof topic> | undefined>();
expectTypeOf(topics.items[0]?.children?.[0]?.topicId).toEqualTypeOf<number | undefined>();

const content = await pdg.run('health:publichealth', 'content', { mediaId: 140221 });
expectTypeOf(content).toEqualTypeOf<ContentResult>();
if (isFound(content)) {
  expectTypeOf(content).toEqualTypeOf<FoundMediaItem>();
  expectTypeOf(content.mediaId).toEqualTypeOf<number>();
  expectTypeOf(content.language?.isoCode).toEqualTypeOf<string | undefined>();
}

const count = await pdg.run('health:publichealth', 'dataset-count', {
  datasetId: 'k7qv-3m2p',
  where: "state = 'Ohio'",
});
expectTypeOf(count.total).toEqualTypeOf<number>();
expectTypeOf(count.where).toEqualTypeOf<string | undefined>();

const rows = await pdg.run('health:publichealth', 'dataset-rows', {
  datasetId: 'k7qv-3m2p',
  select: 'state, sum(deaths)',
  group: ['state'],
  excludeSystemFields: true,
  limit: 1000,
});
expectTypeOf(rows.items[0]).toEqualTypeOf<{ [key: string]: unknown } | undefined>();
expectTypeOf(rows.fields).toEqualTypeOf<string[] | undefined>();
const typedRows = parseRows(rows, v.object({ state: v.string(), location: geoPoint }));
expectTypeOf(typedRows[0]?.location.coordinates).toEqualTypeOf<[number, number] | undefined>();
expectTypeOf(typedRows[0]?.state).toEqualTypeOf<string | undefined>();

const meta = await pdg.run('health:publichealth', 'dataset', { datasetId: 'k7qv-3m2p' });
expectTypeOf(meta.columns?.[0]?.stats?.nullCount).toEqualTypeOf<number | undefined>();
expectTypeOf(meta.owner?.screenName).toEqualTypeOf<string | undefined>();

const catalogue = await pdg.run('health:publichealth', 'datasets', {
  query: 'mortality',
  order: 'someFutureOrder',
  rows: 5,
});
expectTypeOf(catalogue).toEqualTypeOf<unknown>();
void pdg.run('health:publichealth', 'mortality-query', { anything: 'goes' });
void pdg.run('health:publichealth', 'tracking-content-areas', {});
void pdg.run('health:publichealth', 'tracking-indicators', {});
void pdg.run('health:publichealth', 'tracking-measures', {});

// items() yields the endpoint's own record type.
expectTypeOf(pdg.items('health:publichealth', 'content-search', { topicId: '1187' })).toEqualTypeOf<
  PagedWalk<v.InferOutput<typeof mediaItem>>
>();
expectTypeOf(pdg.items('health:publichealth', 'dataset-rows', { datasetId: 'k7qv-3m2p' })).toEqualTypeOf<
  PagedWalk<{ [key: string]: unknown }>
>();

// Misuse is a compile error.
// @ts-expect-error the spec documents no `search` endpoint
void pdg.run('health:publichealth', 'search', {});
// @ts-expect-error mediaId is required
void pdg.run('health:publichealth', 'content', {});
// @ts-expect-error mediaId is a number
void pdg.run('health:publichealth', 'content', { mediaId: '140221' });
// @ts-expect-error sort is one of the four documented orders
void pdg.run('health:publichealth', 'content-search', { sort: 'popular' });
// @ts-expect-error limit is a number
void pdg.run('health:publichealth', 'content-topics', { limit: '20' });
// @ts-expect-error content-search params are closed: no misspelt params
void pdg.run('health:publichealth', 'content-search', { topic: '1187' });
// @ts-expect-error datasetId is required
void pdg.run('health:publichealth', 'dataset-rows', { limit: 10 });
// @ts-expect-error excludeSystemFields is a boolean
void pdg.run('health:publichealth', 'dataset-rows', { datasetId: 'k7qv-3m2p', excludeSystemFields: 'true' });
// @ts-expect-error only is a closed enum
void pdg.run('health:publichealth', 'datasets', { only: 'story' });
// @ts-expect-error content is not paged: items() cannot walk it
void pdg.items('health:publichealth', 'content', { mediaId: 140221 });
// @ts-expect-error dataset metadata is not paged
void pdg.items('health:publichealth', 'dataset', { datasetId: 'k7qv-3m2p' });
// @ts-expect-error the found item's mediaId is only known after isFound
expectTypeOf(content.mediaId).toEqualTypeOf<number>();
