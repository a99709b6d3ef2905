import { isPdgError } from '@pdg/core';
import { usePdgGateway } from '@pdg/testkit/vitest';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { geoPoint, isFound, parseRows, publichealth } from '../src/index.js';

const { client: pdg, gateway } = usePdgGateway([publichealth], fixtures);

const collect = async <T>(iterable: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const value of iterable) out.push(value);
  return out;
};

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isPdgError(error)) throw new Error(`expected a PdgError, got ${String(error)}`);
  return error;
};

describe('health:publichealth content/{mediaId}: not found is an empty 200', () => {
  it('a found item is a media item: isFound is true and its fields are typed', async () => {
    const result = await pdg.run('health:publichealth', 'content', { mediaId: 140221 });
    expect(isFound(result)).toBe(true);
    if (!isFound(result)) throw new Error('unreachable');
    expect([result.mediaId, result.name, result.status, result.mediaType]).toEqual([
      140221,
      'Clean Hands Save Lives',
      'Published',
      'Video',
    ]);
    expect(result.language).toEqual({ name: 'English', isoCode: 'eng', isoCode2: 'en' });
    expect(result.source?.acronym).toBe('DPHE');
    expect(result.tags?.map((tag) => tag.name)).toEqual(['Hand Hygiene', 'Infection Control']);
    expect(result.alternateImages?.[0]).toMatchObject({ width: 1200, height: 630 });
    expect(result.author).toBeUndefined();
    expect(gateway().requests).toEqual([{ path: '/v1/health:publichealth/content/140221', query: {} }]);
  });

  it('an unknown id answers {}: no error, isFound is false, the body is returned as sent', async () => {
    const result = await pdg.run('health:publichealth', 'content', { mediaId: 99999999 });
    expect(result).toEqual({});
    expect(isFound(result)).toBe(false);
  });

  it('an empty result set ({ items: [], count: 0 }) is accepted as not found too', async () => {
    const result = await pdg.run('health:publichealth', 'content', { mediaId: 120004 });
    expect(result).toEqual({ items: [], count: 0 });
    expect(isFound(result)).toBe(false);
  });

  it('mediaId is a whole number: other values are refused before sending', async () => {
    for (const mediaId of [1.5, Number.NaN]) {
      const error = await refusal(pdg.run('health:publichealth', 'content', { mediaId }));
      expect([error.code, error.issues[0]?.path]).toEqual(['INVALID_PARAMS', 'mediaId']);
    }
    const error = await refusal(
      // @ts-expect-error mediaId is a number
      pdg.run('health:publichealth', 'content', { mediaId: '140221' }),
    );
    expect(error.message).toContain('mediaId');
    expect(gateway().requests).toEqual([]);
  });
});

describe('health:publichealth content-search and content-topics', () => {
  it('items() walks every page of a search, following nextPage to the last', async () => {
    const pages = await collect(
      pdg.pages('health:publichealth', 'content-search', { mediaType: 'Video,Infographic', topicId: '1187', limit: 2 }),
    );
    expect(pages.map((page) => [page.page, page.items.length, page.nextPage, page.totalPages])).toEqual([
      [1, 2, 2, 3],
      [2, 2, 3, 3],
      [3, 1, undefined, 3],
    ]);
    expect(pages.flatMap((page) => page.items.map((item) => item.mediaId))).toEqual([
      140221, 140198, 139870, 139512, 139077,
    ]);
    expect(gateway().requests.map((request) => request.query)).toEqual([
      { mediaType: 'Video,Infographic', topicId: '1187', limit: '2' },
      { mediaType: 'Video,Infographic', topicId: '1187', limit: '2', page: '2' },
      { mediaType: 'Video,Infographic', topicId: '1187', limit: '2', page: '3' },
    ]);
  });

  it('comma-separated params take arrays, sent comma-joined; topic ids may be numbers', async () => {
    const result = await pdg.run('health:publichealth', 'content-search', {
      mediaType: ['Video', 'Infographic'],
      topicId: [1187],
      limit: 2,
    });
    expect(result.items.map((item) => item.name)).toEqual(['Clean Hands Save Lives', 'Five Steps to Handwashing']);
    expect(gateway().requests[0]?.query).toEqual({ mediaType: 'Video,Infographic', topicId: '1187', limit: '2' });
  });

  it('a topic id of another form is sent as given: the spec types topicId as a plain string', async () => {
    gateway().reply('health:publichealth', 'content-search', { body: { items: [], hasMore: false } });
    await pdg.run('health:publichealth', 'content-search', { topicId: ['1187', 'hand-hygiene'] }, { validate: 'off' });
    expect(gateway().requests[0]?.query).toEqual({ topicId: '1187,hand-hygiene' });
    const empty = await refusal(pdg.run('health:publichealth', 'content-search', { topicId: '1187,' }));
    expect(empty.issues[0]?.path).toBe('topicId');
  });

  it('sort is a closed enum, and limit is at most 100', async () => {
    const sort = await refusal(
      // @ts-expect-error sort is one of the four documented orders
      pdg.run('health:publichealth', 'content-search', { sort: 'popular' }),
    );
    expect([sort.code, sort.issues[0]?.path]).toEqual(['INVALID_PARAMS', 'sort']);
    expect(sort.message).toContain('"leastRecentlyUpdated"');
    const limit = await refusal(pdg.run('health:publichealth', 'content-search', { limit: 101 }));
    expect([limit.code, limit.issues[0]?.path, limit.message]).toEqual([
      'INVALID_PARAMS',
      'limit',
      expect.stringContaining('at most 100'),
    ]);
    expect(gateway().requests).toEqual([]);
  });

  it('an exact-title search in another language returns the item with its language record', async () => {
    const { items, total } = await pdg.run('health:publichealth', 'content-search', {
      name: 'Lávese las manos',
      language: 'Spanish',
      sort: 'oldest',
    });
    expect(total).toBe(1);
    expect(items[0]?.language).toEqual({ name: 'Spanish', isoCode: 'spa', isoCode2: 'es' });
  });

  it('topics carry their children, one level deep, across every page', async () => {
    const topics = await collect(pdg.items('health:publichealth', 'content-topics', { limit: 2 }));
    expect(topics.map((topic) => [topic.topicId, topic.children?.map((child) => child.topicId)])).toEqual([
      [1100, [1187, 2204]],
      [1300, [1312]],
      [1500, []],
      [1700, [1721, 1722]],
      [1900, []],
    ]);
    expect(topics[0]?.children?.[0]).not.toHaveProperty('children');
  });
});

describe('health:publichealth media types', () => {
  it('is one unpaged list; a missing count reads as undefined', async () => {
    const { items, count, provider } = await pdg.run('health:publichealth', 'content-media-types', {});
    expect([count, provider]).toEqual([4, 'publichealth']);
    expect(items.map((type) => type.name)).toEqual(['Html', 'Video', 'Infographic', 'Podcast']);
    expect(items[3]?.mediaCount).toBeUndefined();
  });
});

describe('health:publichealth datasets', () => {
  it('a dataset id of any form is sent as given: the spec types datasetId as a plain string', async () => {
    gateway().reply('health:publichealth', 'dataset', { body: {} });
    await pdg.run('health:publichealth', 'dataset', { datasetId: 'causes-of-death' }, { validate: 'off' });
    expect(gateway().requests[0]?.path).toBe('/v1/health:publichealth/dataset/causes-of-death');
    const empty = await refusal(pdg.run('health:publichealth', 'dataset', { datasetId: '' }));
    expect(empty.issues).toEqual([{ path: 'datasetId', message: 'must not be empty (received "")' }]);
  });

  it('dataset metadata carries owner, columns with stats and open custom fields', async () => {
    const meta = await pdg.run('health:publichealth', 'dataset', { datasetId: 'k7qv-3m2p' });
    expect([meta.datasetId, meta.publicationStage, meta.isPublic, meta.columnCount]).toEqual([
      'k7qv-3m2p',
      'published',
      true,
      4,
    ]);
    expect(meta.columns?.find((column) => column.fieldName === 'deaths')?.stats?.topValues).toEqual([
      { count: 4, value: 219 },
      { count: 3, value: 161 },
    ]);
    expect(meta.columns?.[3]?.stats).toBeUndefined();
    expect(meta.rowIdentifierColumnId).toBeUndefined();
    expect(meta.customFields?.Temporal).toEqual({ 'Update Frequency': 'Annual' });
  });

  it('dataset-count counts every row without where, and echoes where with it', async () => {
    const all = await pdg.run('health:publichealth', 'dataset-count', { datasetId: 'k7qv-3m2p' });
    expect([all.total, all.where]).toEqual([10868, undefined]);
    const some = await pdg.run('health:publichealth', 'dataset-count', {
      datasetId: 'k7qv-3m2p',
      where: "state = 'Arizona'",
    });
    expect([some.total, some.where]).toEqual([209, "state = 'Arizona'"]);
    expect(gateway().requests.map((request) => request.path)).toEqual([
      '/v1/health:publichealth/dataset-count/k7qv-3m2p',
      '/v1/health:publichealth/dataset-count/k7qv-3m2p',
    ]);
  });

  it('datasets takes lists as arrays, an open order, and params the spec does not show', async () => {
    const result = await pdg.run('health:publichealth', 'datasets', {
      tags: ['vaccination', 'covid-19'],
      categories: ['Vaccinations'],
      limit: 2,
    });
    expect(result).toMatchObject({ resultSetSize: 14 });
    expect(gateway().requests[0]?.query).toEqual({
      tags: 'vaccination,covid-19',
      categories: 'Vaccinations',
      limit: '2',
    });
    const ordered = await pdg.run('health:publichealth', 'datasets', {
      query: 'mortality',
      only: 'dataset',
      order: 'updatedAt',
    });
    expect(ordered).toMatchObject({ provider: 'publichealth' });
    const only = await refusal(
      // @ts-expect-error only is one of dataset, chart, map, filter, href
      pdg.run('health:publichealth', 'datasets', { only: 'story' }),
    );
    expect([only.code, only.issues[0]?.path]).toEqual(['INVALID_PARAMS', 'only']);
  });
});

describe('health:publichealth dataset-rows', () => {
  const causeRow = v.object({
    year: v.string(),
    causeName: v.string(),
    state: v.string(),
    deaths: v.number(),
    ageAdjustedDeathRate: v.number(),
    location: geoPoint,
    computedRegionHj4x2qxk: v.optional(v.string()),
  });

  it('items() walks every page of rows to the last (hasMore false); total is null, read as undefined', async () => {
    const pages = await collect(
      pdg.pages('health:publichealth', 'dataset-rows', { datasetId: 'k7qv-3m2p', order: 'causeName,state', limit: 3 }),
    );
    expect(pages.map((page) => [page.page, page.items.length, page.hasMore, page.total])).toEqual([
      [1, 3, true, undefined],
      [2, 3, true, undefined],
      [3, 2, false, undefined],
    ]);
    expect(pages[0]?.fields).toContain('computedRegionHj4x2qxk');
    expect(pages[0]?.datasetId).toBe('k7qv-3m2p');
  });

  it('parseRows types rows with your own schema; geoPoint reads a geocode column', async () => {
    const result = await pdg.run('health:publichealth', 'dataset-rows', {
      datasetId: 'k7qv-3m2p',
      order: 'causeName,state',
      limit: 3,
    });
    const rows = parseRows(result, causeRow);
    expect(rows.map((row) => [row.state, row.deaths])).toEqual([
      ['Alaska', 1012],
      ['Arizona', 13874],
      ['Colorado', 8120],
    ]);
    const [longitude, latitude] = rows[0]?.location.coordinates ?? [];
    expect([longitude, latitude]).toEqual([-152.2683, 61.3707]);
    const walked = await collect(
      pdg.items('health:publichealth', 'dataset-rows', { datasetId: 'k7qv-3m2p', order: 'causeName,state', limit: 3 }),
    );
    expect(parseRows(walked, causeRow)).toHaveLength(8);
  });

  it('parseRows throws INVALID_RESPONSE naming the row index and field that does not match', async () => {
    const result = await pdg.run('health:publichealth', 'dataset-rows', {
      datasetId: 'p4tn-9wxe',
      where: "county = 'Lake'",
    });
    const overdoseRow = v.object({ weekEndingDate: v.string(), county: v.string(), overdoseDeaths: v.number() });
    let thrown: unknown;
    try {
      parseRows(result, overdoseRow);
    } catch (error) {
      thrown = error;
    }
    expect(isPdgError(thrown) && [thrown.code, thrown.endpoint, thrown.issues.map((issue) => issue.path)]).toEqual([
      'INVALID_RESPONSE',
      'dataset-rows',
      ['items[1].overdoseDeaths'],
    ]);
    expect((thrown as Error).message).toContain('row 1, field overdoseDeaths: expected number, received null');
    const tolerant = v.object({ ...overdoseRow.entries, overdoseDeaths: v.nullable(v.number()) });
    expect(parseRows(result, tolerant).map((row) => row.overdoseDeaths)).toEqual([4, null, 6]);
  });

  it('excludeSystemFields is a boolean, sent as true/false; group takes an array', async () => {
    const result = await pdg.run('health:publichealth', 'dataset-rows', {
      datasetId: 'k7qv-3m2p',
      select: 'causeName, sum(deaths) as totalDeaths',
      group: ['causeName'],
      excludeSystemFields: true,
    });
    expect(result.fields).toEqual(['causeName', 'totalDeaths']);
    expect(gateway().requests[0]?.query).toMatchObject({ excludeSystemFields: 'true', group: 'causeName' });
    const error = await refusal(
      pdg.run('health:publichealth', 'dataset-rows', {
        datasetId: 'k7qv-3m2p',
        // @ts-expect-error excludeSystemFields is a boolean
        excludeSystemFields: 'yes',
      }),
    );
    expect([error.code, error.issues[0]?.path]).toEqual(['INVALID_PARAMS', 'excludeSystemFields']);
  });

  it('limit is at most 1000', async () => {
    const error = await refusal(
      pdg.run('health:publichealth', 'dataset-rows', { datasetId: 'k7qv-3m2p', limit: 1001 }),
    );
    expect([error.code, error.issues[0]?.path]).toEqual(['INVALID_PARAMS', 'limit']);
    expect(gateway().requests).toEqual([]);
  });
});

describe('health:publichealth named-only endpoints', () => {
  it('can be called with any params; their answer is passed through unchecked', async () => {
    const result = await pdg.run('health:publichealth', 'tracking-indicators', { contentAreaId: 1 });
    expect(result).toEqual({ items: [{ indicatorId: 11, name: 'Ozone', contentAreaId: 1 }], provider: 'publichealth' });
    expect(gateway().requests).toEqual([
      { path: '/v1/health:publichealth/tracking-indicators', query: { contentAreaId: '1' } },
    ]);
  });
});
