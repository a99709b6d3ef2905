/** `pdg.items()` in the sandbox: items across pages, under `maxItems`, `maxPages` and the gateway call bound. */
import { createClient } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { beforeEach, describe, expect, it } from 'vitest';
import { runProgram } from '../src/index.js';
import { sandboxOnMock } from './on-mock.js';

/** The `page` param of each browse request since the test began ('-' for none). */
let pagesAsked: string[] = [];
const apiKey = 'made-up-key-sandbox-items-5e92b1';
const { gateway, client, run, failure } = sandboxOnMock(apiKey, (request) =>
  pagesAsked.push(new URL(request.url, 'http://127.0.0.1').searchParams.get('page') ?? '-'),
);
beforeEach(() => {
  pagesAsked = [];
});

/** The ids of the first `count` jobs, read page by page with `run()` outside the sandbox. */
async function firstIds(limit: number, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ids.length < count; page++) {
    const answer = await client().run('jobs:jobboard', 'browse', { limit, page });
    ids.push(...answer.items.map((job) => String(job.jobId)));
    if (!answer.hasMore) break;
  }
  pagesAsked = [];
  return ids.slice(0, count);
}

describe('pdg.items() in the sandbox', () => {
  it('hands out items across page boundaries up to maxItems, one gateway call per page fetched', async () => {
    const expected = await firstIds(4, 10);
    expect(expected).toHaveLength(10);
    const result = await run(`
      const ids = [];
      for await (const job of pdg.items('jobs:jobboard', 'browse', { limit: 4 }, { maxItems: 10 })) ids.push(job.jobId);
      return ids;
    `);
    expect(result.value).toEqual(expected);
    expect(result.calls).toBe(3);
    expect(pagesAsked).toEqual(['-', '2', '3']);
  });

  it('ends at maxItems on the last item of a page without fetching the page after it', async () => {
    const result = await run(
      "return (await pdg.toArray(pdg.items('jobs:jobboard', 'browse', { limit: 4 }, { maxItems: 8 }))).length",
    );
    expect(result.value).toBe(8);
    expect(result.calls).toBe(2);
    expect(pagesAsked).toEqual(['-', '2']);
  });

  it('stops at maxPages, and counts the pages with the run() calls beside them', async () => {
    const result = await run(`
      const before = await pdg.run('jobs:jobboard', 'browse', { limit: 1 });
      const jobs = await pdg.toArray(pdg.items('jobs:jobboard', 'browse', { limit: 3 }, { maxPages: 2, maxItems: 100 }));
      return [before.items.length, jobs.length];
    `);
    expect(result.value).toEqual([1, 6]);
    expect(result.calls).toBe(3);
    expect(pagesAsked).toEqual(['-', '-', '2']);
  });

  it('refuses the page past maxCalls before it is sent, even if the program catches the refusal', async () => {
    const error = await failure(
      `
      const ids = [];
      try {
        for await (const job of pdg.items('jobs:jobboard', 'browse', { limit: 4 }, { maxItems: 12 })) ids.push(job.jobId);
      } catch {}
      return ids.length;
    `,
      { maxCalls: 2 },
    );
    expect(error).toMatchObject({ kind: 'bound', bound: 'maxCalls', limit: 2 });
    expect(error.message).toMatch(/^Bound exceeded: maxCalls 2 gateway calls \(call 3 was refused\)/);
    // The first two pages were fetched; the third was never sent.
    expect(pagesAsked).toEqual(['-', '2']);
  });

  it('lets a walk that fits its call bound exactly finish, the call after the last page refused', async () => {
    const fits = await run(
      "return (await pdg.toArray(pdg.items('jobs:jobboard', 'browse', { limit: 4 }, { maxItems: 8 }))).length",
      { maxCalls: 2 },
    );
    expect(fits).toMatchObject({ value: 8, calls: 2 });
    const refused = await failure(
      "await pdg.toArray(pdg.items('jobs:jobboard', 'browse', { limit: 4 }, { maxItems: 8 })); return await pdg.run('jobs:jobboard', 'browse', { limit: 1 })",
      { maxCalls: 2 },
    );
    expect(refused.message).toMatch(/^Bound exceeded: maxCalls 2 gateway calls \(call 3 was refused\)/);
    expect(pagesAsked).toEqual(['-', '2', '-', '2']);
  });

  it('refuses bad walk options with the same messages, before anything is sent', async () => {
    const messages: string[] = [];
    for (const options of [
      '{ maxItems: 0 }',
      '{ maxItems: 2.5 }',
      "{ maxItems: '3' }",
      '{ maxPages: -1 }',
      '{ pageSize: 3 }',
    ]) {
      const result = await run(`
        try {
          for await (const job of pdg.items('jobs:jobboard', 'browse', {}, ${options})) return 'no error';
        } catch (error) {
          return error.name + ': ' + error.message;
        }
      `);
      messages.push(String(result.value));
    }
    expect(messages).toEqual([
      'TypeError: maxItems must be a whole number >= 1 (received 0)',
      'TypeError: maxItems must be a whole number >= 1 (received 2.5)',
      'TypeError: maxItems must be a whole number >= 1 (received 3)',
      'PdgError: maxPages must be a whole number >= 0 (received -1).',
      'Error: walk options take maxPages (and items also maxItems); not pageSize',
    ]);
    expect(pagesAsked).toEqual([]);
  });

  it('counts only the pages fetched: no call for a walk refused before its first page, nor for its end', async () => {
    const refused = await run(
      "try { await pdg.toArray(pdg.items('jobs:jobboard', 'browse', {}, { maxPages: -1 })); } catch { return 'refused'; }",
    );
    expect(refused).toMatchObject({ value: 'refused', calls: 0 });
    // 250 jobs at 100 a page: three pages, the last saying hasMore: false, each walk within 3 calls.
    for (const walk of ['items', 'pages']) {
      const whole = await run(
        `return (await pdg.toArray(pdg.${walk}('jobs:jobboard', 'browse', { limit: 100 }))).length`,
        { maxCalls: 3 },
      );
      expect(whole).toMatchObject({ value: walk === 'items' ? 250 : 3, calls: 3 });
    }
    expect(pagesAsked).toEqual(['-', '2', '3', '-', '2', '3']);
  });

  it('passes each item through redact before the program sees it', async () => {
    const leaky = createClient({
      providers: [jobboard],
      apiKey,
      baseUrl: gateway().url,
      retry: 0,
      // A gateway that echoes the key into a title: the program must never see it.
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const answer = await fetch(input, init);
        const body = (await answer.json()) as { items: { title: string }[] };
        for (const job of body.items) job.title = `title ${apiKey}`;
        const headers = new Headers(answer.headers);
        headers.delete('content-encoding');
        headers.delete('content-length');
        return new Response(JSON.stringify(body), { status: answer.status, headers });
      },
    });
    const result = await runProgram({
      code: "return (await pdg.toArray(pdg.items('jobs:jobboard', 'browse', { limit: 2 }, { maxItems: 3 }))).map((job) => job.title)",
      client: leaky,
      redact: (value) => JSON.parse(JSON.stringify(value).replaceAll(apiKey, '[key]')),
    });
    expect(result.value).toEqual(['title [key]', 'title [key]', 'title [key]']);
  });
});
