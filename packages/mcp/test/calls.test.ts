/** Tool calls through the client: paged walks with resume, cursors, path params, and refusals before sending. */

import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { createClient, toArray } from '@pdg/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiKey, type Connected, connect, providers, textOf } from './connect.js';

let mcp: Connected;
beforeAll(async () => {
  mcp = await connect();
});
afterAll(async () => {
  await mcp.close();
});
beforeEach(() => {
  mcp.requests.length = 0;
});

interface Walked {
  items?: { jobId: string }[];
  threads?: { threadId: string }[];
  posts?: unknown[];
  firstPage?: Record<string, unknown>;
  walk: { items: number; pages: number; done: boolean; resume?: { at?: number | string; taken: number } };
  note?: string;
}

const structured = <T>(result: { structuredContent?: unknown }) => result.structuredContent as T;

describe('a page-numbered endpoint', () => {
  it('walks pages up to maxItems, fetches no page past the last item, and says how to go on', async () => {
    const result = await mcp.call('jobs_jobboard_browse', { limit: 3, maxItems: 5 });
    expect(result.isError).toBeFalsy();
    const walked = structured<Walked>(result);
    expect(walked.items).toHaveLength(5);
    expect(walked.walk).toEqual({ items: 5, pages: 2, done: false, resume: { at: 2, taken: 2 } });
    expect(walked.note).toContain('Stopped at maxItems 5');
    expect(walked.note).toContain('"resume": {"at":2,"taken":2}');
    expect(mcp.requests.map((request) => request.url)).toEqual([
      '/v1/jobs:jobboard/browse?limit=3',
      '/v1/jobs:jobboard/browse?page=2&limit=3',
    ]);
    // The text rendering is the same data as JSON.
    expect(JSON.parse(textOf(result))).toEqual(walked);
  });

  it('goes on from resume with no item skipped or repeated', async () => {
    const sdk = createClient({ providers, apiKey, baseUrl: mcp.gatewayUrl });
    const expected = await toArray(sdk.items('jobs:jobboard', 'browse', { limit: 3 }), { maxItems: 12 });
    const first = structured<Walked>(await mcp.call('jobs_jobboard_browse', { limit: 3, maxItems: 5 }));
    const second = structured<Walked>(
      await mcp.call('jobs_jobboard_browse', { limit: 3, maxItems: 7, resume: first.walk.resume }),
    );
    const ids = [...(first.items ?? []), ...(second.items ?? [])].map((job) => job.jobId);
    expect(ids).toEqual(expected.map((job) => job.jobId));
    expect(second.walk.resume).toEqual({ at: 5, taken: 0 });
  });

  it('stops at maxPages, starting from the page given', async () => {
    const walked = structured<Walked>(await mcp.call('jobs_jobboard_browse', { limit: 2, page: 3, maxPages: 1 }));
    expect(walked.walk).toEqual({ items: 2, pages: 1, done: false, resume: { at: 4, taken: 0 } });
    expect(walked.note).toContain('Stopped at maxPages 1');
    expect(mcp.requests.map((request) => request.url)).toEqual(['/v1/jobs:jobboard/browse?page=3&limit=2']);
  });

  it("walks to the end, with the first page's own fields, and says it is done", async () => {
    const walked = structured<Walked>(await mcp.call('social-media_forum_thread', { threadId: '8120443' }));
    expect(walked.walk.done).toBe(true);
    expect(walked.walk.resume).toBeUndefined();
    expect(walked.note).toBeUndefined();
    expect(walked.posts).toHaveLength(walked.firstPage?.total as number);
    expect(walked.firstPage).toMatchObject({ thread: { title: 'Finished my first split keyboard build' } });
    expect(walked.firstPage).not.toHaveProperty('hasMore');
    expect(walked.firstPage).not.toHaveProperty('posts');
  });
});

describe('a cursor endpoint', () => {
  it('follows nextCursor, and resumes from a cursor', async () => {
    const first = structured<Walked>(await mcp.call('social-media_forum_hot', { limit: 2, maxItems: 3 }));
    expect(first.threads).toHaveLength(3);
    expect(first.walk.resume).toEqual({ at: expect.any(String), taken: 1 });
    const second = structured<Walked>(
      await mcp.call('social-media_forum_hot', { limit: 2, maxItems: 2, resume: first.walk.resume }),
    );
    const sdk = createClient({ providers, apiKey, baseUrl: mcp.gatewayUrl });
    const expected = await toArray(sdk.items('social-media:forum', 'hot', { limit: 2 }), { maxItems: 5 });
    expect([...(first.threads ?? []), ...(second.threads ?? [])].map((thread) => thread.threadId)).toEqual(
      expected.map((thread) => thread.threadId),
    );
    expect(mcp.requests.some((request) => request.url.includes('cursor='))).toBe(true);
  });
});

describe('a path-param endpoint', () => {
  it('sends the param as the path segment and returns the answer as result', async () => {
    const listed = structured<Walked>(await mcp.call('jobs_jobboard_browse', { country: 'SG', maxItems: 1 }));
    const jobId = listed.items?.[0]?.jobId as string;
    mcp.requests.length = 0;
    const result = await mcp.call('jobs_jobboard_job', { jobId });
    expect(result.isError).toBeFalsy();
    expect(structured<{ result: { jobId: string; title: string } }>(result).result.jobId).toBe(jobId);
    expect(mcp.requests.map((request) => request.url)).toEqual([`/v1/jobs:jobboard/job/${jobId}`]);
  });
});

describe('refusals and failures', () => {
  it('refuses an off-list enum value as a tool error naming the param, sending nothing', async () => {
    const result = await mcp.call('jobs_jobboard_browse', { country: 'SG', sort: 'bogus' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'INVALID_PARAMS: Invalid params for jobs:jobboard browse: sort must be one of "newest", "oldest" (received "bogus"). Nothing was sent.',
    );
    expect(structured<{ error: { issues: unknown[] } }>(result).error.issues).toEqual([
      { path: 'sort', message: 'must be one of "newest", "oldest" (received "bogus")' },
    ]);
    expect(mcp.requests).toHaveLength(0);
  });

  it('refuses a param the endpoint does not have, and walk arguments out of range, sending nothing', async () => {
    const unknown = await mcp.call('jobs_jobboard_job', { jobId: 'a', maxItems: 5 });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/^INVALID_PARAMS: .*maxItems/);
    const tooMany = await mcp.call('jobs_jobboard_browse', { maxItems: 501 });
    expect(textOf(tooMany)).toBe(
      'INVALID_PARAMS: Invalid arguments for jobs_jobboard_browse: maxItems must be a whole number from 1 to 500 (received 501). A longer walk (up to 10,000 items and 400 pages) runs as a task: ask for it as one (tools/call with "task" in 2025-11-25, or with the io.modelcontextprotocol/tasks extension in 2026-07-28), or take what one call gives and go on with the walk.resume it returns. Nothing was sent.',
    );
    const badResume = await mcp.call('jobs_jobboard_browse', { resume: { at: 2 } });
    expect(textOf(badResume)).toMatch(/^USAGE: resume must be a checkpoint/);
    expect(mcp.requests).toHaveLength(0);
  });

  it('returns a gateway error with its code, status and message', async () => {
    const result = await mcp.call('jobs_jobboard_job', { jobId: 'no-such-job' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^NOT_FOUND \(HTTP 404\): /);
    expect(structured<{ error: { code: string; status: number } }>(result).error).toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
  });

  it('answers an unknown tool with a protocol error naming it', async () => {
    await expect(mcp.client.callTool({ name: 'jobs_jobboard_brwose', arguments: {} })).rejects.toThrow(McpError);
    await expect(mcp.client.callTool({ name: 'jobs_jobboard_brwose', arguments: {} })).rejects.toThrow(
      'Unknown tool "jobs_jobboard_brwose"',
    );
  });
});
