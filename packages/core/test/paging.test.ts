import { describe, expect, it } from 'vitest';
import { gateway, testClient } from './harness.js';

const job = (n: number) => ({ jobId: `j${n}`, title: `Job ${n}` });

/** Three pages of three jobs, the last with hasMore: false. Returns a counter of fetched pages. */
function threeJobPages() {
  const fetched: number[] = [];
  gateway()
    .get('/v1/jobs:board/browse')
    .query(true)
    .times(10)
    .reply((request: Request) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
      fetched.push(page);
      const items = [1, 2, 3].map((i) => job((page - 1) * 3 + i));
      return [200, { page, items, hasMore: page < 3, nextPage: page < 3 ? page + 1 : null }];
    });
  return fetched;
}

function threeCursorPages() {
  const cursors: (string | null)[] = [];
  const next: Record<string, string | null> = { start: 'c2', c2: 'c3', c3: null };
  gateway()
    .get('/v1/social-media:board/hot')
    .query(true)
    .times(10)
    .reply((request: Request) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      cursors.push(cursor);
      const key = cursor ?? 'start';
      const nextCursor = next[key] ?? null;
      const threads = [
        { threadId: `${key}-a`, title: 'a' },
        { threadId: `${key}-b`, title: 'b' },
      ];
      return [200, { ok: true, threads, hasMore: nextCursor !== null, nextCursor }];
    });
  return cursors;
}

describe('pages() and items()', () => {
  it('pages() walks a page-numbered endpoint and stops at hasMore: false', async () => {
    const fetched = threeJobPages();
    const pages = [];
    for await (const page of testClient().pages('jobs:board', 'browse', { country: 'SG' })) pages.push(page.page);
    expect(pages).toEqual([1, 2, 3]);
    expect(fetched).toEqual([1, 2, 3]);
  });

  it('pages() starts at the page the caller gives', async () => {
    const fetched = threeJobPages();
    for await (const _ of testClient().pages('jobs:board', 'browse', { page: 2 })) {
    }
    expect(fetched).toEqual([2, 3]);
  });

  it('pages() stops at maxPages without fetching further pages', async () => {
    const fetched = threeJobPages();
    const pages = [];
    for await (const page of testClient().pages('jobs:board', 'browse', {}, { maxPages: 2 })) pages.push(page.page);
    expect(pages).toEqual([1, 2]);
    expect(fetched).toEqual([1, 2]);
  });

  it('items() yields every item across pages, typed from the endpoint', async () => {
    threeJobPages();
    const ids: unknown[] = [];
    for await (const item of testClient().items('jobs:board', 'browse')) ids.push(item.jobId);
    expect(ids).toEqual(['j1', 'j2', 'j3', 'j4', 'j5', 'j6', 'j7', 'j8', 'j9']);
  });

  it('items() stops at maxItems without fetching further pages', async () => {
    const fetched = threeJobPages();
    const ids: unknown[] = [];
    for await (const item of testClient().items('jobs:board', 'browse', {}, { maxItems: 3 })) ids.push(item.jobId);
    expect(ids).toEqual(['j1', 'j2', 'j3']);
    expect(fetched).toEqual([1]);
  });

  it('items() with maxItems in the middle of a page fetches no page after it', async () => {
    const fetched = threeJobPages();
    const ids: unknown[] = [];
    for await (const item of testClient().items('jobs:board', 'browse', {}, { maxItems: 5 })) ids.push(item.jobId);
    expect(ids).toHaveLength(5);
    expect(fetched).toEqual([1, 2]);
  });

  it('pages() walks a cursor endpoint, sending back nextCursor', async () => {
    const cursors = threeCursorPages();
    const pages = [];
    for await (const page of testClient().pages('social-media:board', 'hot', { limit: 2 })) {
      pages.push(page.threads.map((thread) => thread.threadId));
    }
    expect(cursors).toEqual([null, 'c2', 'c3']);
    expect(pages).toEqual([
      ['start-a', 'start-b'],
      ['c2-a', 'c2-b'],
      ['c3-a', 'c3-b'],
    ]);
  });

  it('items() walks a cursor endpoint whose array is named threads, and stops at maxItems', async () => {
    const cursors = threeCursorPages();
    const ids: unknown[] = [];
    for await (const thread of testClient().items('social-media:board', 'hot', {}, { maxItems: 4 }))
      ids.push(thread.threadId);
    expect(ids).toEqual(['start-a', 'start-b', 'c2-a', 'c2-b']);
    expect(cursors).toEqual([null, 'c2']);
  });

  it('a page-numbered envelope endpoint without nextPage moves on only on hasMore: true', async () => {
    let calls = 0;
    gateway()
      .get('/v1/music:tunes/search')
      .query(true)
      .times(5)
      .reply((request: Request) => {
        calls++;
        const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
        return [200, { status: 'success', message: 'ok', content: { page, count: 0, items: [], hasMore: page < 2 } }];
      });
    const pages = [];
    for await (const page of testClient().pages('music:tunes', 'search', { q: 'x' })) pages.push(page.page);
    expect(pages).toEqual([1, 2]);
    expect(calls).toBe(2);
  });

  it('an abort signal stops the walk', async () => {
    const fetched = threeJobPages();
    const controller = new AbortController();
    const seen: number[] = [];
    await expect(async () => {
      for await (const page of testClient().pages('jobs:board', 'browse', {}, { signal: controller.signal })) {
        seen.push(page.page);
        controller.abort();
      }
    }).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual([1]);
    expect(fetched).toEqual([1]);
  });

  it('a non-paged endpoint is refused by pages() with a pointer to run()', async () => {
    // @ts-expect-error job is not a paged endpoint
    await expect(testClient().pages('jobs:board', 'job', { jobId: 'x' }).next()).rejects.toThrow('call it with run()');
  });

  it('the checks before the first page keep their order: resume when the walk is made, then maxItems, paging, the page limits', async () => {
    const pdg = testClient();
    // A damaged checkpoint is refused by pages() and items() themselves, before the walk is started.
    // @ts-expect-error not a checkpoint
    expect(() => pdg.items('jobs:board', 'browse', {}, { resume: 'x' })).toThrow('resume must be a checkpoint');
    // A checkpoint's type, with a count no walk gives.
    expect(() => pdg.pages('jobs:board', 'browse', {}, { resume: { taken: -1 } })).toThrow('resume must be');
    // maxItems first: checked on a non-paged endpoint too, where 0 takes nothing and is no error.
    // @ts-expect-error job is not a paged endpoint
    await expect(pdg.items('jobs:board', 'job', {}, { maxItems: -1 }).next()).rejects.toThrow(
      'maxItems must be a whole number >= 0 (received -1).',
    );
    // @ts-expect-error job is not a paged endpoint
    await expect(pdg.items('jobs:board', 'job', {}, { maxItems: 0 }).next()).resolves.toEqual({ done: true });
    // Then the paging, then the page limits, each before anything is sent (no gateway answer is set up here).
    // @ts-expect-error job is not a paged endpoint
    await expect(pdg.pages('jobs:board', 'job', {}, { maxPages: -1 }).next()).rejects.toThrow('call it with run()');
    await expect(pdg.pages('jobs:board', 'browse', {}, { maxPages: 1.5 }).next()).rejects.toThrow(
      'maxPages must be a whole number >= 0 (received 1.5).',
    );
    await expect(pdg.items('jobs:board', 'browse', {}, { maxEmptyPages: 0 }).next()).rejects.toMatchObject({
      code: 'USAGE',
      message: 'maxEmptyPages must be a whole number >= 1 (received 0).',
    });
  });

  it('a paging object written by hand is refused before anything is sent, naming pageOf() and cursorPageOf()', async () => {
    const { createClient, defineEndpoint, defineProvider } = await import('../src/index.js');
    const v = await import('valibot');
    const byHand = defineProvider({
      id: 'test:byhand',
      description: 'Paging written by hand.',
      endpoints: {
        list: defineEndpoint({
          description: 'A list.',
          paging: { kind: 'page', items: 'items' },
          params: v.strictObject({}),
          response: v.looseObject({ items: v.array(v.string()) }),
        }),
      },
    });
    const pdg = createClient({ providers: [byHand], apiKey: 'k-test', baseUrl: 'https://gateway.test' });
    for (const walk of [pdg.pages('test:byhand', 'list'), pdg.items('test:byhand', 'list')]) {
      await expect(walk.next()).rejects.toMatchObject({
        code: 'USAGE',
        message:
          'test:byhand list has paging written by hand, which cannot be walked: make it with pageOf() or cursorPageOf().',
      });
    }
  });
});

describe('a walk ends at the page param’s documented maximum', () => {
  it('stops after the last page the endpoint accepts, even when the gateway says hasMore: true', async () => {
    const { createClient, defineProvider, integerParam, optional, pageOf } = await import('../src/index.js');
    const v = await import('valibot');
    const charts = defineProvider({
      id: 'movie:charts',
      description: 'Charts.',
      endpoints: {
        chart: {
          description: 'A chart.',
          params: v.strictObject({ page: optional(integerParam({ min: 1, max: 3 })) }),
          ...pageOf('items', v.object({ rank: v.number() })),
        },
      },
    });
    const asked: string[] = [];
    const pdg = createClient({
      providers: [charts],
      apiKey: 'test-key',
      baseUrl: 'https://gateway.pdg.test',
      fetch: async (input) => {
        const page = Number(new URL(new Request(input).url).searchParams.get('page') ?? '1');
        asked.push(String(page));
        return Response.json({ page, items: [{ rank: page }], hasMore: true, nextPage: page + 1 });
      },
    });
    const ranks: number[] = [];
    for await (const item of pdg.items('movie:charts', 'chart')) ranks.push(item.rank);
    expect(ranks).toEqual([1, 2, 3]);
    expect(asked).toEqual(['1', '2', '3']);
  });
});
