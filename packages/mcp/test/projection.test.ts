/** Field projection on the per-endpoint tools and call_endpoint, and each tool's outputSchema, through the SDK client. */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connect, textOf } from './connect.js';

let endpoints: Connected;
let catalog: Connected;
let tools: Tool[];

beforeAll(async () => {
  endpoints = await connect({ toolset: 'endpoints' });
  catalog = await connect({ toolset: 'catalog' });
  tools = (await endpoints.client.listTools()).tools;
});
afterAll(async () => {
  await endpoints.close();
  await catalog.close();
});

const ajv = new Ajv2020({ strict: false, allErrors: true });

function validates(toolName: string, structured: unknown): void {
  const tool = tools.find((candidate) => candidate.name === toolName);
  const validate = ajv.compile(tool?.outputSchema as object);
  expect(validate(structured), JSON.stringify(validate.errors)).toBe(true);
}

describe('outputSchema', () => {
  it('every per-endpoint tool declares one, an object schema', () => {
    expect(tools.length).toBeGreaterThan(10);
    for (const tool of tools) {
      expect(tool.outputSchema, tool.name).toMatchObject({ type: 'object' });
      expect(() => ajv.compile(tool.outputSchema as object), tool.name).not.toThrow();
    }
  });

  it('whole results validate against it, single and paged (the SDK client checks them too)', async () => {
    for (const [name, args] of [
      ['jobs_jobboard_browse', { maxItems: 30 }],
      ['jobs_jobboard_filters', { country: 'SG' }],
      ['social-media_forum_hot', {}],
      ['social-media_forum_communities', {}],
    ] as const) {
      const result = await endpoints.call(name, args);
      expect(result.isError, textOf(result)).toBeFalsy();
      validates(name, result.structuredContent);
    }
  });
});

describe('fields', () => {
  it('keeps every item, each cut to the fields named, and the page fields named', async () => {
    const whole = await endpoints.call('jobs_jobboard_browse', { maxItems: 40 });
    const projected = await endpoints.call('jobs_jobboard_browse', {
      maxItems: 40,
      fields: ['items[].title', 'items[].location.city', 'total'],
    });
    expect(projected.isError, textOf(projected)).toBeFalsy();
    const wholeItems = (whole.structuredContent as { items: { title: string; location: { city: string } }[] }).items;
    const structured = projected.structuredContent as { items: unknown[]; firstPage: unknown; walk: { items: number } };
    expect(structured.items).toEqual(
      wholeItems.map((job) => ({ title: job.title, location: { city: job.location.city } })),
    );
    expect(structured.firstPage).toEqual({ total: 250 });
    expect(structured.walk.items).toBe(40);
    expect(textOf(projected).length).toBeLessThan(textOf(whole).length / 5);
    validates('jobs_jobboard_browse', structured);
  });

  it('projects a single answer, and call_endpoint takes fields too', async () => {
    const single = await endpoints.call('jobs_jobboard_filters', { country: 'SG', fields: ['items[].field', 'count'] });
    expect(single.structuredContent).toEqual({
      result: { count: 6, items: expect.arrayContaining([{ field: 'jobType' }, { field: 'workArrangement' }]) },
    });
    validates('jobs_jobboard_filters', single.structuredContent);
    const viaCatalog = await catalog.call('call_endpoint', {
      provider: 'social-media:forum',
      endpoint: 'hot',
      fields: ['threads[].title', 'threads[].totalReplies'],
    });
    const threads = (viaCatalog.structuredContent as { threads: Record<string, unknown>[] }).threads;
    expect(threads.length).toBeGreaterThan(5);
    for (const thread of threads) expect(Object.keys(thread).sort()).toEqual(['title', 'totalReplies']);
  });

  it('an unknown path is a tool error listing the response fields, and nothing is sent', async () => {
    const before = endpoints.requests.length;
    const result = await endpoints.call('jobs_jobboard_browse', { fields: ['items[].salaryRange', 'total'] });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toMatch(
      /^INVALID_PARAMS: Invalid arguments for jobs_jobboard_browse: fields names a path the response does not have: "items\[\]\.salaryRange"\./,
    );
    expect(text).toContain("The response's fields: page, hasMore, nextPage, items, items[].url");
    expect(text).toContain('items[].location.city');
    expect(endpoints.requests.length).toBe(before);
    const empty = await endpoints.call('jobs_jobboard_browse', { fields: [] });
    expect(textOf(empty)).toMatch(/fields must be a non-empty list of field paths/);
  });
});
