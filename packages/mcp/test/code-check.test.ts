/**
 * Code mode's type check, through `execute` as a model calls it: a misspelt provider, endpoint, param or
 * result field is a tool error with the program's line and the name meant, and the gateway gets no request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connect, textOf } from './connect.js';

let code: Connected;

beforeAll(async () => {
  code = await connect({ toolset: 'code' });
});
afterAll(async () => {
  await code.close();
});

/** The tool error's text for the program, checking that the gateway got no request for it. */
async function refused(program: string): Promise<string> {
  const sent = code.requests.length;
  const result = await code.call('execute', { code: program });
  expect(result.isError, `expected a tool error, got ${JSON.stringify(result.content)}`).toBe(true);
  expect(result.structuredContent).toMatchObject({ error: { code: 'INVALID_PARAMS' } });
  expect(code.requests.length, 'requests sent').toBe(sent);
  return textOf(result);
}

describe('execute checks a program against the endpoints types before it runs', () => {
  it("a misspelt endpoint on line 2: the line, 'browse', and no request", async () => {
    const text = await refused(
      "let count = 0;\nfor await (const job of pdg.items('jobs:jobboard', 'brwose', {}, { maxItems: 40 })) count++;\nreturn count;",
    );
    expect(text).toMatch(/^INVALID_PARAMS: The program does not type-check/);
    expect(text).toContain('line 2, column 52: jobs:jobboard has no endpoint "brwose". Did you mean browse?');
    expect(text).toContain('it was not run, and nothing was sent.');
    const run = await refused(
      "const params = { limit: 5 };\nconst r = await pdg.run('jobs:jobboard', 'brwose', params);\nreturn r;",
    );
    expect(run).toContain('line 2, column 42: jobs:jobboard has no endpoint "brwose". Did you mean browse?');
  });

  it("a misspelt result field on line 2: the line, 'items', and no request", async () => {
    const text = await refused(
      "const page = await pdg.run('jobs:jobboard', 'browse', { limit: 5 });\nreturn page.itmes.map((job) => job.title);",
    );
    expect(text).toContain(
      "line 2, column 13: Property 'itmes' does not exist on type 'JobsJobboardBrowsePage'. Did you mean 'items'?",
    );
  });

  it('a misspelt provider names the one meant', async () => {
    const text = await refused("return await pdg.run('jobs:jobbord', 'job', { jobId: 'x' });");
    expect(text).toContain('line 1, column 22: No provider "jobs:jobbord" is served. Did you mean jobs:jobboard?');
  });

  it("a misspelt param names the one meant, and a param's wrong value names the values it takes", async () => {
    const text = await refused(
      "const page = await pdg.run('jobs:jobboard', 'browse', { contry: 'SG' });\nconst other = await pdg.run('jobs:jobboard', 'browse', { sort: 'newst' });\nreturn [page, other];",
    );
    expect(text).toContain(
      "line 1, column 57: Object literal may only specify known properties, but 'contry' does not exist in type 'JobsJobboardBrowseParams'. Did you mean to write 'country'?",
    );
    expect(text).toContain(`line 2, column 58: Type '"newst"' is not assignable to type '"newest" | "oldest"'.`);
  });

  it('a misspelt field of an item, and of a destructured answer, names the field meant', async () => {
    const text = await refused(
      [
        "for await (const thread of pdg.items('social-media:forum', 'hot', {}, { maxItems: 5 })) {",
        '  if (thread.totalReply > 3) return thread.title;',
        '}',
        "const { comunity } = await pdg.run('social-media:forum', 'community', { communityId: 'c1' });",
        'return comunity;',
      ].join('\n'),
    );
    expect(text).toContain(
      "line 2, column 14: Property 'totalReply' does not exist on type 'SocialMediaForumHotItem'. Did you mean 'totalReplies'?",
    );
    expect(text).toContain(
      "line 4, column 9: Property 'comunity' does not exist on type 'SocialMediaForumCommunity'. Did you mean community?",
    );
  });

  it('walking an endpoint that is not paged, and leaving out a required param, are named', async () => {
    const walked = await refused(
      "for await (const job of pdg.items('jobs:jobboard', 'job', { jobId: 'x' })) return job;",
    );
    expect(walked).toContain('jobs:jobboard job is not paged: call it with pdg.run.');
    const bare = await refused("return await pdg.run('jobs:jobboard', 'job');");
    expect(bare).toContain('line 1, column 18: Expected 3 arguments, but got 2.');
  });

  it("plain JavaScript a model writes for itself passes the check and runs: the example of execute's description", async () => {
    const { tools } = await code.client.listTools();
    const description = tools.find((tool) => tool.name === 'execute')?.description ?? '';
    const example = description.slice(description.indexOf('const counts = {};'));
    expect(example.startsWith('const counts = {};')).toBe(true);
    const result = await code.call('execute', {
      code: `const total = {};\ntotal.sum = 1;\n${example}`,
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(Array.isArray((result.structuredContent as { result: unknown }).result)).toBe(true);
  });

  it('// @ts-nocheck on the first line runs the program unchecked', async () => {
    const result = await code.call('execute', {
      code: "// @ts-nocheck\nconst page = await pdg.run('jobs:jobboard', 'browse', { limit: 2 });\nreturn page.itmes ?? 'no such field';",
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ result: 'no such field', calls: 1 });
  });

  it('a syntax error is answered with its line before anything runs', async () => {
    const text = await refused('const a = 1;\nconst b = ;\nreturn a;');
    expect(text).toContain('line 2, column 11: Expression expected.');
  });
});
