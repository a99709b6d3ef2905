/** Walks against a loopback gateway whose paging would make them endless, short, or skip pages. */
import { describe, expect, it } from 'vitest';
import { createClient, toArray } from '../src/index.js';
import { json, loopbackPerTest } from './loopback.js';
import { failure } from './pdg-error-of.js';
import { providers } from './providers.js';

const { serve } = loopbackPerTest();

function client(baseUrl: string, validate: 'strict' | 'off' = 'strict') {
  return createClient({ providers, apiKey: 'test-key', baseUrl, validate, retry: { limit: 0, baseDelay: 1 } });
}

const query = (url: string | undefined, name: string) => new URL(url ?? '', 'http://x').searchParams.get(name);

describe('empty pages that keep saying hasMore: true', () => {
  it('a fresh cursor each time: items() with maxItems 500 stops after 3 pages with INVALID_RESPONSE', async () => {
    let n = 0;
    const server = await serve((_, response) => {
      n++;
      json(response, 200, { ok: true, threads: [], hasMore: true, nextCursor: `fresh-${n}` });
    });
    const error = await failure(toArray(client(server.url).items('social-media:board', 'hot', {}, { maxItems: 500 })));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.endpoint).toBe('hot');
    expect(error.message).toContain('social-media:board hot: after 3 page(s) the gateway sent 3 pages in a row');
    expect(server.requests).toHaveLength(3);
  });

  it('nextPage + 1 each time: pages() stops after 3 pages, the empty pages delivered first', async () => {
    const server = await serve((request, response) => {
      const page = Number(query(request.url, 'page') ?? '1');
      json(response, 200, { page, items: [], hasMore: true, nextPage: page + 1 });
    });
    const seen: number[] = [];
    const walk = async () => {
      for await (const page of client(server.url).pages('jobs:board', 'browse')) seen.push(page.page);
    };
    const error = await failure(walk());
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.issues).toEqual([{ path: 'items', message: expect.stringContaining('no items') }]);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('maxEmptyPages sets how many, and pages with items in between reset the count', async () => {
    const server = await serve((request, response) => {
      const page = Number(query(request.url, 'page') ?? '1');
      // Every fourth page has an item: three empty pages in a row never happen, five do not either.
      const items = page % 4 === 0 ? [{ jobId: `j${page}`, title: 't' }] : [];
      json(response, 200, { page, items, hasMore: page < 12, nextPage: page < 12 ? page + 1 : null });
    });
    const jobs = await toArray(client(server.url).items('jobs:board', 'browse', {}, { maxEmptyPages: 4 }));
    expect(jobs.map((job) => job.jobId)).toEqual(['j4', 'j8', 'j12']);
    expect(server.requests).toHaveLength(12);
    const error = await failure(toArray(client(server.url).items('jobs:board', 'browse', {}, { maxEmptyPages: 2 })));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(server.requests).toHaveLength(14);
  });

  it('maxEmptyPages below 1 is a USAGE error before anything is sent', async () => {
    const server = await serve((_, response) => json(response, 500, {}));
    const error = await failure(client(server.url).pages('jobs:board', 'browse', {}, { maxEmptyPages: 0 }).next());
    expect(error.code).toBe('USAGE');
    expect(error.message).toBe('maxEmptyPages must be a whole number >= 1 (received 0).');
    expect(server.requests).toHaveLength(0);
  });
});

describe('hasMore: true with no way to continue', () => {
  it('nextCursor null is INVALID_RESPONSE after the page is delivered, not the end of the walk', async () => {
    const server = await serve((_, response) => {
      json(response, 200, { ok: true, threads: [{ threadId: 't1', title: 't' }], hasMore: true, nextCursor: null });
    });
    const taken: unknown[] = [];
    const walk = client(server.url).items('social-media:board', 'hot');
    const error = await failure(
      (async () => {
        for await (const thread of walk) taken.push(thread.threadId);
      })(),
    );
    expect(taken).toEqual(['t1']);
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toContain('said hasMore: true but sent no nextCursor');
    expect(walk.checkpoint.done).toBeUndefined();
  });
});

describe('a next page that is not a page number', () => {
  for (const validate of ['strict', 'off'] as const) {
    it(`nextPage 2.5 is the gateway's INVALID_RESPONSE, not the caller's INVALID_PARAMS (validate: '${validate}')`, async () => {
      const server = await serve((_, response) => {
        json(response, 200, { page: 1, items: [{ jobId: 'j1', title: 't' }], hasMore: true, nextPage: 2.5 });
      });
      const error = await failure(toArray(client(server.url, validate).pages('jobs:board', 'browse')));
      expect(error.code).toBe('INVALID_RESPONSE');
      expect(error.issues).toEqual([{ path: 'nextPage', message: expect.stringContaining('nextPage 2.5') }]);
      expect(server.requests).toHaveLength(1);
    });
  }

  it('a nextPage before the current page is refused, wherever the walk started', async () => {
    const server = await serve((request, response) => {
      const page = Number(query(request.url, 'page') ?? '1');
      json(response, 200, { page, items: [{ jobId: `j${page}`, title: 't' }], hasMore: true, nextPage: 3 });
    });
    const error = await failure(toArray(client(server.url).pages('jobs:board', 'browse', { page: 5 })));
    expect(error.message).toContain('pointed back to page 3 from page 5');
    expect(server.requests).toHaveLength(1);
  });
});

describe('a resume checkpoint the walk can verify', () => {
  it('a forged { at: 2, taken: 1e6 } is refused when page 2 arrives, instead of skipping it', async () => {
    const server = await serve((request, response) => {
      const page = Number(query(request.url, 'page') ?? '1');
      const items = [1, 2, 3].map((i) => ({ jobId: `j${page}-${i}`, title: 't' }));
      json(response, 200, { page, items, hasMore: page < 3, nextPage: page < 3 ? page + 1 : null });
    });
    const error = await failure(
      toArray(client(server.url).items('jobs:board', 'browse', {}, { resume: { at: 2, taken: 1e6 } })),
    );
    expect(error.code).toBe('USAGE');
    expect(error.message).toContain('resume says 1000000 item(s) of page 2 were taken, but that page has 3');
    expect(server.requests.map((request) => query(request.url, 'page'))).toEqual(['2']);
  });

  it('a genuine checkpoint in the middle of a page still resumes after its last taken item', async () => {
    const server = await serve((request, response) => {
      const page = Number(query(request.url, 'page') ?? '1');
      const items = [1, 2, 3].map((i) => ({ jobId: `j${page}-${i}`, title: 't' }));
      json(response, 200, { page, items, hasMore: page < 2, nextPage: page < 2 ? page + 1 : null });
    });
    const jobs = await toArray(client(server.url).items('jobs:board', 'browse', {}, { resume: { at: 2, taken: 2 } }));
    expect(jobs.map((job) => job.jobId)).toEqual(['j2-3']);
  });

  for (const resume of [null, 'x', 7]) {
    it(`resume: ${JSON.stringify(resume)} is a USAGE PdgError, not a TypeError`, async () => {
      const server = await serve((_, response) => json(response, 500, {}));
      const error = await failure(
        (async () =>
          // @ts-expect-error not a checkpoint
          client(server.url).items('jobs:board', 'browse', {}, { resume }).next())(),
      );
      expect(error.code).toBe('USAGE');
      expect(error.message).toContain(`resume must be a checkpoint a walk gave`);
      expect(server.requests).toHaveLength(0);
    });
  }
});

describe('pages that repeat the same items under a fresh cursor or page number', () => {
  const ten = Array.from({ length: 10 }, (_, i) => ({ threadId: `t${i}`, title: `thread ${i}` }));

  it('the same ten threads under a fresh cursor: items() ends with INVALID_RESPONSE at page 2, no thread twice', async () => {
    let n = 0;
    const server = await serve((_, response) => {
      n++;
      json(response, 200, { ok: true, threads: ten, hasMore: true, nextCursor: `fresh-${n}` });
    });
    const seen: string[] = [];
    const walk = client(server.url).items('social-media:board', 'hot', {}, { maxItems: 10_000 });
    const error = await failure(
      (async () => {
        for await (const thread of walk) seen.push(String(thread.threadId));
      })(),
    );
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toContain(
      'social-media:board hot: after 2 page(s) the gateway sent the same 10 threads as the page before, under a new cursor',
    );
    expect(error.issues).toEqual([{ path: 'threads', message: expect.stringContaining('the same 10 threads') }]);
    // The first page's ten threads reached the caller, and none of the repeated page's: 0 duplicates.
    expect(seen).toEqual(ten.map((thread) => thread.threadId));
    expect(new Set(seen).size).toBe(seen.length);
    expect(server.requests).toHaveLength(2);
    // Resumed, the walk asks for the repeated page again rather than skip it.
    expect(walk.checkpoint).toEqual({ at: 'fresh-1', taken: 0 });
  });

  it("pages() hands out no repeated page: increasing page numbers with the page before's items end the walk there", async () => {
    const server = await serve((request, response) => {
      const page = Number(query(request.url, 'page') ?? '1');
      // From page 4 on, the gateway sends page 3's items under every page number.
      const shown = Math.min(page, 3);
      json(response, 200, { page, items: [{ jobId: `j${shown}`, title: 't' }], hasMore: true, nextPage: page + 1 });
    });
    const seen: string[] = [];
    const walk = async () => {
      // maxPages bounds the walk should the gateway's repeats go unnoticed.
      for await (const page of client(server.url).pages('jobs:board', 'browse', {}, { maxPages: 50 })) {
        seen.push(...page.items.map((item) => String(item.jobId)));
      }
    };
    const error = await failure(walk());
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toContain('after 4 page(s) the gateway sent the same 1 items as the page before');
    expect(seen).toEqual(['j1', 'j2', 'j3']);
    expect(server.requests).toHaveLength(4);
  });

  it('pages whose items differ, or are empty, are not repeats', async () => {
    const server = await serve((request, response) => {
      const page = Number(query(request.url, 'page') ?? '1');
      const items = page === 2 || page === 3 ? [] : [{ jobId: `j${page}`, title: 't' }];
      json(response, 200, { page, items, hasMore: page < 5, nextPage: page < 5 ? page + 1 : null });
    });
    const items = await toArray(client(server.url).items('jobs:board', 'browse', {}));
    expect(items.map((item) => item.jobId)).toEqual(['j1', 'j4', 'j5']);
  });
});
