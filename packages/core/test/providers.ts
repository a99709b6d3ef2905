/** Small providers defined for core's tests: one of each shape the contract supports. */
import * as v from 'valibot';
import {
  booleanParam,
  cursorPageOf,
  defineEndpoint,
  defineProvider,
  enumParam,
  integerParam,
  openEnumParam,
  optional,
  pageOf,
  record,
  stringParam,
} from '../src/index.js';

export const BASE_URL = 'https://gateway.test';
export const API_KEY = 'test-key-5f2b9c1e';

const track = record({ title: v.string(), trackId: v.number(), isExplicit: v.boolean() });

export const music = defineProvider({
  id: 'music:tunes',
  description: 'A music catalogue whose search wraps its body in the envelope.',
  endpoints: {
    search: defineEndpoint({
      path: 'search',
      description: 'Search tracks.',
      envelope: true,
      cacheSeconds: 120,
      paging: pageOf('items', track).paging,
      params: v.strictObject({
        q: stringParam('track, album or artist name'),
        type: optional(enumParam(['track', 'album', 'artist'], 'what to search', { default: 'track' })),
        limit: optional(integerParam('results per page', { min: 1, max: 50, default: 25 })),
        page: optional(integerParam('1-based page', { min: 1, default: 1 })),
        explicit: optional(booleanParam('include explicit tracks')),
        tags: optional(v.array(v.string())),
      }),
      response: v.looseObject({
        page: v.number(),
        count: v.number(),
        items: v.array(track),
        hasMore: v.optional(v.boolean()),
        nextPage: v.nullish(v.number()),
      }),
    }),
  },
});

const job = record({ jobId: v.string(), title: v.string() });

export const jobs = defineProvider({
  id: 'jobs:board',
  description: 'Jobs: a page-numbered listing, a detail with a path param, and an undocumented endpoint.',
  endpoints: {
    browse: defineEndpoint({
      path: 'browse',
      description: 'Paged browse.',
      paging: pageOf('items', job).paging,
      params: v.strictObject({
        country: optional(stringParam('two-letter code')),
        mode: optional(openEnumParam(['auto'], 'fetch mode')),
        page: optional(integerParam('page', { min: 1 })),
      }),
      response: v.looseObject({
        page: v.number(),
        items: v.array(job),
        hasMore: v.boolean(),
        nextPage: v.nullable(v.number()),
      }),
    }),
    job: defineEndpoint({
      path: 'job',
      pathParam: 'jobId',
      description: 'One job.',
      params: v.strictObject({ jobId: stringParam('job UUID') }),
      response: job,
    }),
    search: defineEndpoint({
      path: 'search',
      description: 'Named by the spec, not described.',
      undocumented: true,
      params: v.looseObject({}),
      response: v.unknown(),
    }),
  },
});

const thread = record({ threadId: v.string(), title: v.string() });

export const forum = defineProvider({
  id: 'social-media:board',
  description: 'A forum with cursor paging.',
  endpoints: {
    hot: defineEndpoint({
      path: 'hot',
      description: 'Hot threads, cursor-paged.',
      paging: cursorPageOf('threads', thread).paging,
      params: v.strictObject({
        cursor: optional(stringParam('the nextCursor of the prior response')),
        limit: optional(integerParam('page size')),
      }),
      response: v.looseObject({
        ok: v.boolean(),
        threads: v.array(thread),
        hasMore: v.boolean(),
        nextCursor: v.nullish(v.string()),
      }),
    }),
  },
});

export const providers = [music, jobs, forum] as const;
