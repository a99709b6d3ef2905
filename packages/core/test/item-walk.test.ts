import { describe, expect, it } from 'vitest';
import { endpointsOf, type ItemWalkOptions } from '../src/face-entry.js';
import { isPdgError } from '../src/index.js';
import { gateway, testClient } from './harness.js';

/** Pages of jobs by page number: `sizes[n - 1]` jobs on page n, the last with hasMore: false. */
function jobPages(sizes: readonly number[]) {
  const fetched: number[] = [];
  gateway()
    .get('/v1/jobs:board/browse')
    .query(true)
    .times(20)
    .reply((request: Request) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
      fetched.push(page);
      const items = Array.from({ length: sizes[page - 1] ?? 0 }, (_, i) => ({ jobId: `p${page}-${i}`, title: 't' }));
      const more = page < sizes.length;
      return [200, { page, items, total: 99, hasMore: more, nextPage: more ? page + 1 : null }];
    });
  return fetched;
}

/** Every item of an untyped item walk, with the checkpoint after each and the page events in order. */
async function walkAll(options: ItemWalkOptions = {}) {
  const events: string[] = [];
  const walk = endpointsOf(testClient()).items(
    'jobs:board',
    'browse',
    {},
    {
      ...options,
      onPage: (page, count) => events.push(`page ${count} (${(page as { page: number }).page})`),
      onPageDone: (_page, count) => events.push(`done ${count}`),
    },
  );
  const after: unknown[] = [];
  for await (const item of walk) {
    events.push((item as { jobId: string }).jobId);
    after.push(walk.checkpoint);
  }
  return { walk, events, after };
}

describe("the face's items(): the item walk for callers that name the endpoint at run time", () => {
  it('hands out every item, with a checkpoint per item and each page announced before and after its items', async () => {
    const fetched = jobPages([2, 0, 1]);
    const { walk, events, after } = await walkAll();
    expect(fetched).toEqual([1, 2, 3]);
    expect(events).toEqual([
      'page 1 (1)',
      'p1-0',
      'p1-1',
      'done 1',
      'page 2 (2)',
      'done 2',
      'page 3 (3)',
      'p3-0',
      'done 3',
    ]);
    // The first page is asked for without a page number: its checkpoints name none.
    expect(after).toEqual([{ taken: 1 }, { at: 2, taken: 0 }, { taken: 0, done: true }]);
    expect(walk.pageCount).toBe(3);
    expect((walk.page as { page: number }).page).toBe(3);
  });

  it('resumes in the middle of a page from a checkpoint it gave, with no item skipped or repeated', async () => {
    const fetched = jobPages([3, 3]);
    const { events } = await walkAll({ resume: { at: 1, taken: 2 } });
    expect(events.filter((event) => /^p\d/.test(event))).toEqual(['p1-2', 'p2-0', 'p2-1', 'p2-2']);
    expect(fetched).toEqual([1, 2]);
  });

  it('ends at maxItems on the last item of a page: that page is done, and no page after it is fetched', async () => {
    const fetched = jobPages([2, 2]);
    const { walk, events } = await walkAll({ maxItems: 2 });
    expect(events).toEqual(['page 1 (1)', 'p1-0', 'p1-1', 'done 1']);
    expect(fetched).toEqual([1]);
    expect(walk.checkpoint).toEqual({ at: 2, taken: 0 });
  });

  it('ends at maxItems in the middle of a page without saying the page is done', async () => {
    jobPages([3, 3]);
    const { walk, events } = await walkAll({ maxItems: 1 });
    expect(events).toEqual(['page 1 (1)', 'p1-0']);
    expect(walk.checkpoint).toEqual({ taken: 1 });
  });

  it('refuses a checkpoint that took more items than its page holds (USAGE), once that page is here', async () => {
    jobPages([2]);
    const error = await walkAll({ resume: { at: 1, taken: 5 } }).catch((caught: unknown) => caught);
    expect(isPdgError(error) && error.code).toBe('USAGE');
    expect((error as Error).message).toContain('resume says 5 item(s) of page 1 were taken, but that page has 2');
  });

  it('counts a page without its item array (an answer left unchecked) as a page with no items, and goes on', async () => {
    gateway()
      .get('/v1/jobs:board/browse')
      .query(true)
      .times(2)
      .reply((request: Request) => {
        const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
        return page === 1
          ? [200, { page, hasMore: true, nextPage: 2 }]
          : [200, { page, items: [{ jobId: 'p2-0', title: 't' }], hasMore: false, nextPage: null }];
      });
    const walk = testClient({ validate: 'off' }).items('jobs:board', 'browse', {});
    const ids: string[] = [];
    for await (const item of walk) ids.push(String(item.jobId));
    expect(ids).toEqual(['p2-0']);
    expect(walk.checkpoint).toEqual({ taken: 0, done: true });
  });
});

describe("the face's items(): onPageFetch", () => {
  it('is called before each page is asked for, with the count that page will have', async () => {
    const fetched = jobPages([2, 0, 1]);
    const asked: string[] = [];
    const { events } = await walkAll({
      onPageFetch: (count) => asked.push(`fetch ${count} after ${fetched.length} sent`),
    });
    expect(asked).toEqual(['fetch 1 after 0 sent', 'fetch 2 after 1 sent', 'fetch 3 after 2 sent']);
    expect(events.filter((event) => event.startsWith('page'))).toEqual(['page 1 (1)', 'page 2 (2)', 'page 3 (3)']);
  });

  it('is not called for a page maxPages keeps the walk from', async () => {
    const fetched = jobPages([2, 2, 2]);
    const asked: number[] = [];
    await walkAll({ maxPages: 2, onPageFetch: (count) => asked.push(count) });
    expect(asked).toEqual([1, 2]);
    expect(fetched).toEqual([1, 2]);
  });

  it('is not called after maxItems ends the walk on the last item of a page', async () => {
    const fetched = jobPages([2, 2]);
    const asked: number[] = [];
    await walkAll({ maxItems: 2, onPageFetch: (count) => asked.push(count) });
    expect(asked).toEqual([1]);
    expect(fetched).toEqual([1]);
  });

  it('ends the walk with the error it throws, that page unsent and the items before it handed out', async () => {
    const fetched = jobPages([2, 2, 2]);
    const refused = new Error('no more calls');
    const ids: string[] = [];
    const walk = endpointsOf(testClient()).items(
      'jobs:board',
      'browse',
      {},
      {
        onPageFetch: (count) => {
          if (count > 2) throw refused;
        },
      },
    );
    const error = await (async () => {
      for await (const item of walk) ids.push((item as { jobId: string }).jobId);
    })().catch((caught: unknown) => caught);
    expect(error).toBe(refused);
    expect(ids).toEqual(['p1-0', 'p1-1', 'p2-0', 'p2-1']);
    expect(fetched).toEqual([1, 2]);
    expect(walk.pageCount).toBe(2);
  });
});
