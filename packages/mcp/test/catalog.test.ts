/**
 * `toolset: 'catalog'`: the endpoints as two tools, a search and a call, and arguments of another JSON type
 * that say the same thing converted by either toolset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connect, textOf, typeArrays } from './connect.js';

let catalog: Connected;
let endpoints: Connected;
beforeAll(async () => {
  catalog = await connect({ toolset: 'catalog' });
  endpoints = await connect();
});
afterAll(async () => {
  await catalog.close();
  await endpoints.close();
});

describe("toolset: 'catalog'", () => {
  it('lists find_endpoints and call_endpoint, read-only, with single-type schemas', async () => {
    const { tools } = await catalog.client.listTools();
    expect(tools.map((tool) => [tool.name, tool.annotations])).toEqual([
      ['find_endpoints', { readOnlyHint: true, openWorldHint: true }],
      ['call_endpoint', { readOnlyHint: true, openWorldHint: true }],
    ]);
    expect(tools.flatMap((tool) => typeArrays(tool.inputSchema, tool.name))).toEqual([]);
  });

  it("gives each match's response fields with their types, as paths call_endpoint's fields takes", async () => {
    const found = await catalog.call('find_endpoints', { query: 'forum thread hot', limit: 5 });
    const matches = (found.structuredContent as { endpoints: { endpoint: string; fields: string[] }[] }).endpoints;
    const fieldsOf = (name: string) => matches.find((match) => match.endpoint === name)?.fields ?? [];
    // `author` is a name in one endpoint and an object in another: the types say which.
    expect(fieldsOf('hot')).toContain('threads[].author: string | null');
    expect(fieldsOf('thread')).toContain('posts[].author: object | null');
    expect(fieldsOf('thread')).toContain('posts[].author.username: string | null');
    const projected = await catalog.call('call_endpoint', {
      provider: 'social-media:forum',
      endpoint: 'hot',
      maxItems: 2,
      fields: [
        fieldsOf('hot')
          .find((field) => field.startsWith('threads[].author:'))
          ?.split(': ')[0],
      ],
    });
    expect(projected.isError).toBeFalsy();
    expect((projected.structuredContent as { threads: object[] }).threads).toEqual([
      { author: expect.any(String) },
      { author: expect.any(String) },
    ]);
  });

  it('finds endpoints by words, best first, each with its params schema and no walk arguments', async () => {
    const found = await catalog.call('find_endpoints', { query: 'hot threads', limit: 2 });
    const { endpoints: matches, total } = found.structuredContent as {
      endpoints: { provider: string; endpoint: string; paged?: string; params: { properties: object } }[];
      total: number;
    };
    expect(matches[0]).toMatchObject({ provider: 'social-media:forum', endpoint: 'hot', paged: 'cursor' });
    expect(Object.keys(matches[0]?.params.properties ?? {})).toEqual(['channelId', 'cursor', 'limit']);
    expect(matches).toHaveLength(2);
    expect(total).toBeGreaterThan(2);
    const jobs = await catalog.call('find_endpoints', { provider: 'jobs:jobboard', limit: 20 });
    expect((jobs.structuredContent as { total: number }).total).toBe(7);
    const none = await catalog.call('find_endpoints', { query: 'zzqx' });
    expect(none.structuredContent).toMatchObject({ endpoints: [], total: 0 });
  });

  it('calls an endpoint as its own tool would: params checked, pages walked, resume given', async () => {
    const before = catalog.requests.length;
    const walked = await catalog.call('call_endpoint', {
      provider: 'jobs:jobboard',
      endpoint: 'browse',
      params: { country: 'SG', limit: 3 },
      maxItems: 4,
    });
    expect(walked.structuredContent).toMatchObject({
      walk: { items: 4, pages: 2, done: false, resume: { at: 2, taken: 1 } },
    });
    expect(catalog.requests.length - before).toBe(2);
    const refused = await catalog.call('call_endpoint', {
      provider: 'jobs:jobboard',
      endpoint: 'browse',
      params: { sort: 'sideways' },
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('sort must be one of "newest", "oldest" (received "sideways")');
    expect(catalog.requests.length - before).toBe(2);
  });

  it('refuses an unknown provider or endpoint with a tool error naming what exists, sending nothing', async () => {
    const before = catalog.requests.length;
    const endpoint = await catalog.call('call_endpoint', { provider: 'social-media:forum', endpoint: 'threads' });
    // Core's own message for a wrong name, as client.run gives it, with its "did you mean".
    expect(textOf(endpoint)).toContain('Unknown endpoint "threads" of social-media:forum. Did you mean thread?');
    expect((endpoint.structuredContent as { error: { issues: { path: string }[] } }).error.issues[0]?.path).toBe(
      'endpoint',
    );
    const provider = await catalog.call('call_endpoint', { provider: 'social:forum', endpoint: 'hot' });
    expect(textOf(provider)).toMatch(
      /^INVALID_PARAMS: Invalid arguments for call_endpoint: Unknown provider "social:forum"/,
    );
    expect((provider.structuredContent as { error: { issues: { path: string }[] } }).error.issues[0]?.path).toBe(
      'provider',
    );
    expect(catalog.requests.length).toBe(before);
  });
});

describe('arguments of another JSON type that say the same thing', () => {
  it('a number for a string id is sent as its digits, by either toolset', async () => {
    const own = await endpoints.call('social-media_forum_thread', { threadId: 8120443, maxItems: 1 });
    expect(own.isError, textOf(own)).toBeFalsy();
    const found = await catalog.call('call_endpoint', {
      provider: 'social-media:forum',
      endpoint: 'thread',
      params: { threadId: 8120443 },
      maxItems: 1,
    });
    expect(found.isError, textOf(found)).toBeFalsy();
    for (const connected of [endpoints, catalog]) {
      expect(connected.requests.at(-1)?.url).toBe('/v1/social-media:forum/thread/8120443');
    }
  });

  it('text of a number for a number param is sent as the number', async () => {
    const result = await endpoints.call('jobs_jobboard_browse', { country: 'SG', limit: '3', maxItems: 3 });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(endpoints.requests.at(-1)?.url).toBe('/v1/jobs:jobboard/browse?country=SG&limit=3');
  });
});
