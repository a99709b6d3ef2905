/** Tool listings: the spec's wording, annotations, and input schemas that say what the client checks. */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connect, typeArrays } from './connect.js';

let mcp: Connected;
beforeAll(async () => {
  mcp = await connect();
});
afterAll(async () => {
  await mcp.close();
});

const listed = async () => (await mcp.client.listTools()).tools;
const tool = async (name: string) => {
  const found = (await listed()).find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
};

describe('tools/list', () => {
  it('gives every tool a valid JSON Schema (2020-12) of type object, which accepts and refuses as the client does', async () => {
    const ajv = new Ajv2020({ strict: false });
    const tools = await listed();
    expect(tools.length).toBeGreaterThan(10);
    for (const { name, inputSchema } of tools) {
      expect(inputSchema.type, name).toBe('object');
      expect(() => ajv.compile(inputSchema), name).not.toThrow();
    }
    const browse = ajv.compile((await tool('jobs_jobboard_browse')).inputSchema);
    expect(browse({ country: 'SG', sort: 'oldest', limit: 100, maxItems: 20 })).toBe(true);
    expect(browse({ sort: 'bogus' })).toBe(false);
    expect(browse({ limit: 101 })).toBe(false);
    expect(browse({ maxItems: 501 })).toBe(false);
    expect(browse({ countryy: 'SG' })).toBe(false);
  });

  it('carries enums, limits, server defaults, required params and descriptions from the params schema', async () => {
    const browse = (await tool('jobs_jobboard_browse')).inputSchema as unknown as {
      properties: Record<string, Record<string, unknown>>;
      additionalProperties: unknown;
    };
    expect(browse.properties.sort).toMatchObject({ enum: ['newest', 'oldest'], default: 'newest' });
    expect(browse.properties.limit).toMatchObject({ type: 'integer', minimum: 0, maximum: 100, default: 20 });
    expect(browse.properties.country).toMatchObject({ type: 'string', pattern: '^[A-Za-z]{2}$' });
    expect(browse.properties.country?.description).toMatch(/country code/);
    expect(browse.additionalProperties).toBe(false);
    const job = (await tool('jobs_jobboard_job')).inputSchema;
    expect(job.required).toEqual(['jobId']);
  });

  it('adds maxItems, maxPages and resume to paged tools only, bounded by the limits', async () => {
    const browse = (await tool('jobs_jobboard_browse')).inputSchema.properties ?? {};
    expect(browse.maxItems).toMatchObject({ type: 'integer', minimum: 1, maximum: 500, default: 50 });
    expect(browse.maxPages).toMatchObject({ type: 'integer', minimum: 1, maximum: 20, default: 3 });
    expect(browse.resume).toMatchObject({ type: 'object', required: ['taken'] });
    const job = (await tool('jobs_jobboard_job')).inputSchema.properties ?? {};
    // Every tool takes `fields` (projection); only paged ones take the walk arguments.
    expect(Object.keys(job)).toEqual(['jobId', 'fields']);
    expect(job.fields).toMatchObject({ type: 'array', items: { type: 'string' }, minItems: 1 });
  });

  it('takes the title and description from the spec wording, with paging and cache notes', async () => {
    const hot = await tool('social-media_forum_hot');
    expect(hot.title).toBe('Hot threads, optionally of one channel, cursor-paged (social-media:forum hot)');
    expect(hot.description).toContain('Hot threads, optionally of one channel, cursor-paged.');
    expect(hot.description).toContain('GET /v1/social-media:forum/hot');
    expect(hot.description).toContain('Paged (cursor)');
    expect(hot.description).toContain('{ threads: [...]');
    const browse = await tool('jobs_jobboard_browse');
    expect(browse.description).toContain('The gateway caches answers for 10 min.');
    expect(browse.description).toContain('from `page` if given');
    const job = await tool('jobs_jobboard_job');
    expect(job.description).toContain('GET /v1/jobs:jobboard/job/{jobId}');
    expect(job.description).toContain('Returns { result: the answer }.');
  });

  it('gives every schema of every input schema one type: no type lists, which single-type clients refuse', async () => {
    const tools = await listed();
    expect(tools.flatMap((tool) => typeArrays(tool.inputSchema, tool.name))).toEqual([]);
    const hot = (await tool('social-media_forum_hot')).inputSchema.properties ?? {};
    expect(hot.resume).toMatchObject({ properties: { at: { type: 'string' } } });
    const browse = (await tool('jobs_jobboard_browse')).inputSchema.properties ?? {};
    expect(browse.resume).toMatchObject({ properties: { at: { type: 'integer' } } });
  });

  it('marks every tool read-only and open-world', async () => {
    for (const { name, annotations } of await listed()) {
      expect(annotations, name).toEqual({ readOnlyHint: true, openWorldHint: true });
    }
  });

  it('offers a named-only endpoint with an open input schema, and says so', async () => {
    const search = await tool('jobs_jobboard_search');
    expect(search.inputSchema).toMatchObject({ type: 'object', properties: {}, additionalProperties: true });
    expect(search.description).toContain('does not document its params or its result');
  });
});
