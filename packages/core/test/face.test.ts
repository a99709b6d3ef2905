/**
 * Core's face for what is built on the client (`@pdg/core/face`), as a tool uses it: an endpoint by name
 * with core's one message, the next position of a walk with the page maximum, a call's identity, the key
 * redacted in every form, the environment, and walks with the checkpoint after each item or page.
 */
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { endpointCatalog, endpointsOf, type ItemStep, maskUrlCredentials, pdgEnvironment } from '../src/face-entry.js';
import {
  createClient,
  defineEndpoint,
  defineProvider,
  integerParam,
  optional,
  pageOf,
  record,
  type WalkCheckpoint,
} from '../src/index.js';
import { json, loopbackPerTest } from './loopback.js';
import { failure } from './pdg-error-of.js';
import { API_KEY, BASE_URL, providers } from './providers.js';

const { serve } = loopbackPerTest();

/** A chart whose `page` param stops at 3, as `movie:filmdb chart` stops at 30. */
const charts = defineProvider({
  id: 'movie:charts',
  description: 'A chart of at most three pages.',
  endpoints: {
    chart: defineEndpoint({
      path: 'chart',
      description: 'The chart, page by page.',
      ...pageOf('items', record({ title: v.string() })),
      params: v.strictObject({ page: optional(integerParam('1-based page', { min: 1, max: 3 })) }),
    }),
  },
});

const client = (options: { baseUrl?: string; apiKey?: string } = {}) =>
  createClient({ providers: [...providers, charts], apiKey: API_KEY, baseUrl: BASE_URL, ...options });

describe('an endpoint by name', () => {
  it('a misspelt endpoint or provider is core USAGE error, naming the closest and every one', () => {
    const catalog = endpointCatalog(providers);
    expect(() => catalog.definition('jobs:board', 'brwose')).toThrow(
      'Unknown endpoint "brwose" of jobs:board. Did you mean browse? Endpoints: browse, job, search.',
    );
    expect(() => catalog.definition('jobs:bord', 'browse')).toThrow(
      'Unknown provider "jobs:bord". Did you mean jobs:board? This client has: music:tunes, jobs:board, social-media:board.',
    );
    // The client's face says the same; an unknown name is a USAGE error with the call's target.
    const error = (() => {
      try {
        endpointsOf(client()).definition('jobs:board', 'brwose');
      } catch (caught) {
        return caught as { code: string; provider: string; endpoint: string };
      }
    })();
    expect(error).toMatchObject({ code: 'USAGE', provider: 'jobs:board', endpoint: 'brwose' });
    expect(catalog.definition('jobs:board', 'browse')).toBe(providers[1].endpoints.browse);
  });

  it('run() says the same words, without the hint (a typed call cannot misspell a name)', async () => {
    const untyped = client() as unknown as { run(p: string, e: string): Promise<unknown> };
    await expect(untyped.run('jobs:board', 'brwose')).rejects.toThrow(
      'Unknown endpoint "brwose" of jobs:board. Endpoints: browse, job, search.',
    );
  });

  it('a name megabytes long is quoted as a short prefix and its length, as a long param value is', () => {
    const long = 'x'.repeat(1_000_000);
    const message = (() => {
      try {
        endpointCatalog(providers).definition('jobs:board', long);
      } catch (caught) {
        return (caught as Error).message;
      }
    })();
    expect(message?.length).toBeLessThan(300);
    expect(message).toContain(`Unknown endpoint "${'x'.repeat(64)}…" (1000000 characters) of jobs:board.`);
  });

  it('a walk of an endpoint that is not paged is refused with the message pages() gives', () => {
    expect(() => endpointCatalog(providers).pagedDefinition('jobs:board', 'job')).toThrow(
      'jobs:board job is not a paged endpoint; call it with run().',
    );
  });
});

describe('the next position of a walk', () => {
  const catalog = endpointCatalog([...providers, charts]);

  it('follows nextPage, and ends at the page maximum the endpoint accepts', () => {
    const page = (n: number) => ({ page: n, items: [{ title: 't' }], hasMore: true, nextPage: n + 1 });
    expect(catalog.nextPosition('movie:charts', 'chart', page(1), undefined)).toBe(2);
    expect(catalog.nextPosition('movie:charts', 'chart', page(2), 2)).toBe(3);
    // Page 3 says more follow, but the `page` param stops at 3: the walk ends, as pages() ends.
    expect(catalog.nextPosition('movie:charts', 'chart', page(3), 3)).toBeUndefined();
    expect(catalog.nextPosition('jobs:board', 'browse', { ...page(1), hasMore: false }, 1)).toBeUndefined();
  });

  it('follows cursors; one already fetched, or a page pointing back, is INVALID_RESPONSE', () => {
    const hot = (next: string) => ({ threads: [], hasMore: true, nextCursor: next });
    expect(catalog.nextPosition('social-media:board', 'hot', hot('c2'), undefined)).toBe('c2');
    expect(() => catalog.nextPosition('social-media:board', 'hot', hot('c1'), 'c2', [undefined, 'c1', 'c2'])).toThrow(
      'after 3 page(s) the gateway pointed back to cursor "c1", already fetched',
    );
    expect(() =>
      catalog.nextPosition('jobs:board', 'browse', { page: 4, items: [], hasMore: true, nextPage: 2 }, 4),
    ).toThrow('pointed back to page 2 from page 4');
  });

  it('ends a walk exactly where pages() ends it', async () => {
    const server = await serve((request, response) => {
      const page = Number(new URL(request.url ?? '', 'http://x').searchParams.get('page') ?? '1');
      json(response, 200, { page, items: [{ title: `p${page}` }], hasMore: true, nextPage: page + 1 });
    });
    const pdg = client({ baseUrl: server.url });
    const walked: number[] = [];
    for await (const page of pdg.pages('movie:charts', 'chart')) walked.push(page.page);
    const followed: number[] = [];
    const endpoints = endpointsOf(pdg);
    let at: number | undefined = 1;
    while (at !== undefined) {
      followed.push(at);
      at = endpoints.nextPosition(
        'movie:charts',
        'chart',
        { page: at, items: [{ title: 'x' }], hasMore: true, nextPage: at + 1 },
        at,
      ) as number | undefined;
    }
    expect(walked).toEqual([1, 2, 3]);
    expect(followed).toEqual(walked);
  });
});

describe("a call's identity", () => {
  it('the same request is one identity whatever the order of its params and whether defaults are spelled out', () => {
    const endpoints = endpointsOf(client());
    const a = endpoints.identity('music:tunes', 'search', { q: 'x', limit: 5 });
    const b = endpoints.identity('music:tunes', 'search', { limit: 5, q: 'x', page: 1, type: 'track' });
    expect(a).toEqual(b);
    expect(a.request).toBe('https://gateway.test/v1/music:tunes/search?limit=5&page=1&q=x&type=track');
    expect(endpoints.identity('music:tunes', 'search', { q: 'y', limit: 5 })).not.toEqual(a);
  });

  it('tells gateways and keys apart, without holding the key', () => {
    const first = endpointsOf(client()).identity('jobs:board', 'browse', {});
    const otherGateway = endpointsOf(client({ baseUrl: 'https://other.test' })).identity('jobs:board', 'browse', {});
    const otherKey = endpointsOf(client({ apiKey: 'another-key-77' })).identity('jobs:board', 'browse', {});
    const sameKey = endpointsOf(client()).identity('jobs:board', 'browse', {});
    expect(otherGateway.request).not.toBe(first.request);
    expect(otherKey.key).not.toBe(first.key);
    expect(sameKey).toEqual(first);
    expect(JSON.stringify([first, otherKey])).not.toContain(API_KEY);
    expect(JSON.stringify([first, otherKey])).not.toContain('another-key-77');
    expect(first.key).toMatch(/^key-[0-9a-f]{16}$/);
  });

  it('params that cannot make a URL still have an identity (the call is refused when run)', () => {
    const endpoints = endpointsOf(client());
    expect(endpoints.identity('jobs:board', 'job', { jobId: '' }).request).toBe('jobs:board job {"jobId":""}');
  });
});

describe('redaction of the key', () => {
  it('as it is, URL-encoded and base64 at any alignment, in any string of a value', () => {
    const key = 'sk_live/a+b=c?d&e';
    const endpoints = endpointsOf(client({ apiKey: key }));
    const base64 = (text: string) => Buffer.from(text).toString('base64');
    const echoed = {
      title: `your key is ${key}`,
      url: `https://x.test/?k=${encodeURIComponent(key)}`,
      basic: [base64(`user:${key}`), base64(`u:${key}`), base64(`${key}`)],
      urlSafe: base64(`ab${key}`).replaceAll('+', '-').replaceAll('/', '_'),
      [key]: 'a key as a field name',
    };
    const shown = JSON.stringify(endpoints.redact(echoed));
    expect(shown).toContain('[redacted]');
    expect(shown).not.toContain(key);
    expect(shown).not.toContain(encodeURIComponent(key));
    // Encoded, only the few characters at either end that also encode the bytes around the key are left.
    for (const encoded of [...echoed.basic, echoed.urlSafe]) {
      const redacted = endpoints.redact(encoded);
      expect(redacted).toContain('[redacted]');
      expect(redacted.replace('[redacted]', '').length).toBeLessThanOrEqual(12);
    }
  });

  it('credentials in URLs: a password masked with its user name kept, a user part alone masked whole', () => {
    expect(maskUrlCredentials('postgres://app:s3cret-pw@db.test:5432/harvest')).toBe(
      'postgres://app:***@db.test:5432/harvest',
    );
    expect(maskUrlCredentials('rediss://:s3cret-pw@cache.test:6380')).toBe('rediss://:***@cache.test:6380');
    expect(maskUrlCredentials('https://tok_3xample@gateway.test/v1')).toBe('https://***@gateway.test/v1');
    // Every URL of a message; an @ after the host (a path, a query) is not a user part.
    expect(
      maskUrlCredentials('Redis at redis://u:p1@a.test:1 and redis://u:p2@b.test:2/0 (see https://x.test/a@b?c=d@e)'),
    ).toBe('Redis at redis://u:***@a.test:1 and redis://u:***@b.test:2/0 (see https://x.test/a@b?c=d@e)');
    expect(maskUrlCredentials('http://127.0.0.1:4010/v1')).toBe('http://127.0.0.1:4010/v1');
  });
});

describe('the environment', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('reads every PDG_* variable pdg uses in one place', () => {
    process.env.PDG_REDIS_URL = 'redis://127.0.0.1:6390';
    process.env.PDG_BASE_URL = 'http://127.0.0.1:4010';
    delete process.env.PDG_DEBUG;
    expect(pdgEnvironment()).toMatchObject({
      PDG_REDIS_URL: 'redis://127.0.0.1:6390',
      PDG_BASE_URL: 'http://127.0.0.1:4010',
      PDG_DEBUG: undefined,
    });
  });
});

describe('walks with the checkpoint after each item or page', () => {
  /** Pages 1-3 of three items each, `j<page>-<index>`. */
  async function threePages() {
    return serve((request, response) => {
      const page = Number(new URL(request.url ?? '', 'http://x').searchParams.get('page') ?? '1');
      const items = [0, 1, 2].map((index) => ({ jobId: `j${page}-${index}`, title: 't' }));
      json(response, 200, { page, items, hasMore: page < 3, nextPage: page < 3 ? page + 1 : null });
    });
  }

  it("itemSteps: resumed from any item's `after`, the walk gives exactly the items after it", async () => {
    const server = await threePages();
    const endpoints = endpointsOf(client({ baseUrl: server.url }));
    const steps: ItemStep[] = [];
    for await (const step of endpoints.itemSteps('jobs:board', 'browse', {})) steps.push(step);
    const ids = steps.map((step) => (step.item as { jobId: string }).jobId);
    expect(ids).toHaveLength(9);
    expect(steps.at(-1)?.after).toEqual({ taken: 0, done: true });
    for (const cut of [0, 2, 4]) {
      const rest: string[] = [];
      const resume = steps[cut]?.after;
      for await (const { item } of endpoints.itemSteps('jobs:board', 'browse', {}, { resume })) {
        rest.push((item as { jobId: string }).jobId);
      }
      expect(rest).toEqual(ids.slice(cut + 1));
    }
  });

  it('pageSteps: each page with its items, cut at maxItems, the last step done', async () => {
    const server = await threePages();
    const endpoints = endpointsOf(client({ baseUrl: server.url }));
    const steps = [];
    for await (const step of endpoints.pageSteps('jobs:board', 'browse', {}, { maxItems: 5 })) steps.push(step);
    expect(steps.map((step) => step.items.length)).toEqual([3, 2]);
    expect(steps.map((step) => step.after)).toEqual([
      { at: 2, taken: 0 },
      { taken: 0, done: true },
    ]);
    // Page 3 was never asked for.
    expect(server.requests).toHaveLength(2);
  });

  it('pageSteps: each page with the params it was asked with, page number included, resumed or not', async () => {
    const server = await threePages();
    const endpoints = endpointsOf(client({ baseUrl: server.url }));
    const paramsOf = async (options: { resume?: WalkCheckpoint } = {}) => {
      const seen = [];
      for await (const step of endpoints.pageSteps('jobs:board', 'browse', { country: 'SG' }, options))
        seen.push(step.params);
      return seen;
    };
    expect(await paramsOf()).toEqual([{ country: 'SG' }, { country: 'SG', page: 2 }, { country: 'SG', page: 3 }]);
    expect(await paramsOf({ resume: { at: 2, taken: 1 } })).toEqual([
      { country: 'SG', page: 2 },
      { country: 'SG', page: 3 },
    ]);
    // Each step's params are the page's request: the pages asked for say the same.
    expect(server.requests.slice(3).map((request) => new URL(request.url ?? '', 'http://x').search)).toEqual([
      '?country=SG&page=2',
      '?country=SG&page=3',
    ]);
  });

  it('a face needs a client made by createClient', async () => {
    const error = await failure(Promise.resolve().then(() => endpointsOf({ providers } as never)));
    expect(error.code).toBe('USAGE');
    expect(error.message).toContain('endpointsOf needs a client made by createClient');
  });
});
