/** Code mode: search_docs and execute through the SDK client; the task set answered both ways; every escape and bound. */
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareModes, type TaskRun } from '../bench/compare.ts';
import { createMcpServer } from '../src/index.js';
import { apiKey, type Connected, connect, textOf } from './connect.js';

let code: Connected;
/**
 * A server whose CPU bound is short (200 ms, all the loop burns), for the endless loop only: every other program
 * gets CPU time to spare, since the host's time on a program's calls counts against cpuMs and a busy machine
 * stretches it.
 */
let tight: Connected;
/**
 * The same server's bounds with CPU time to spare, for the programs that must meet the memory bound: on a
 * slow or busy machine, 200 ms could end them before they had taken 16 MB.
 */
let roomy: Connected;

beforeAll(async () => {
  code = await connect({
    toolset: 'code',
    // Room for every answer the sandbox lets through (100,000 bytes), so that no answer here is cut.
    limits: { maxResultBytes: 250_000 },
    sandbox: { cpuMs: 60_000, memoryBytes: 16 * 1024 * 1024, maxCalls: 50, wallMs: 120_000 },
  });
  tight = await connect({
    toolset: 'code',
    sandbox: { cpuMs: 200, memoryBytes: 16 * 1024 * 1024, maxCalls: 50, wallMs: 60_000 },
  });
  roomy = await connect({
    toolset: 'code',
    sandbox: { cpuMs: 60_000, memoryBytes: 16 * 1024 * 1024, maxCalls: 50, wallMs: 120_000 },
  });
});
afterAll(async () => {
  await code.close();
  await roomy.close();
  await tight.close();
});

/** The text of a tool error (failing the test if the call answered). */
async function toolError(program: string, server: Connected = code): Promise<string> {
  const result = await server.call('execute', { code: program });
  expect(result.isError, `expected a tool error, got ${JSON.stringify(result.content)}`).toBe(true);
  return textOf(result);
}

/** The server still answers a program after a failure. */
async function stillServing(): Promise<void> {
  const result = await code.call('execute', {
    code: "return (await pdg.run('jobs:jobboard', 'browse', { limit: 3 })).items.length",
  });
  expect(result.isError).toBeFalsy();
  expect(result.structuredContent).toMatchObject({ result: 3 });
}

describe('code mode', () => {
  it('lists search_docs and execute, whose descriptions say what a program may use, with an example', async () => {
    const { tools } = await code.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['search_docs', 'execute']);
    const execute = tools[1]?.description ?? '';
    for (const phrase of [
      'pdg.run(provider, endpoint, params)',
      'pdg.items(',
      'pdg.pages(',
      'console.log',
      'no network',
      'Example',
      'return',
    ]) {
      expect(execute).toContain(phrase);
    }
    expect(execute).toContain('jobs:jobboard, social-media:forum');
    expect(execute).toContain('50 gateway calls');
  });

  it('search_docs gives the best match whole, its answer as types, and names the next four', async () => {
    const result = await code.call('search_docs', { query: 'browse job listings city' });
    const text = textOf(result);
    expect(text.startsWith('jobs:jobboard browse: ')).toBe(true);
    expect(text).toContain("call: for await (const item of pdg.items('jobs:jobboard', 'browse'");
    expect(text).toContain('type JobsJobboardBrowseItem = { ');
    expect(text).toContain('location?: { city?: string; ');
    expect(text).toContain('items: JobsJobboardBrowseItem[]');
    expect(text).toMatch(/params: .*country \(string/);
    const also = text.slice(text.indexOf('Also matching'));
    expect(also.split('\n').filter((line) => line.startsWith('  jobs:jobboard '))).toHaveLength(4);
    expect(Buffer.byteLength(text)).toBeLessThan(4_000);
    const thread = textOf(await code.call('search_docs', { query: 'forum thread posts', limit: 1 }));
    expect(thread.startsWith('social-media:forum thread:')).toBe(true);
    expect(thread).toContain("'social-media:forum', 'thread', {\"threadId\":");
  });

  it("search_docs types every field: a forum thread's author is a name in hot and an object in thread", async () => {
    const hot = textOf(await code.call('search_docs', { query: 'hot threads' }));
    expect(hot).toMatch(/type SocialMediaForumHotItem = \{ [^\n]*author\?: string; /);
    const thread = textOf(await code.call('search_docs', { query: 'forum thread posts' }));
    expect(thread).toMatch(/type SocialMediaForumThreadItem = \{ [^\n]*author\?: \{ [^}]*username\?: string; /);
    expect(thread).not.toContain('... (');
  });

  it('execute returns the answer as text and structured content, with console output apart', async () => {
    const result = await code.call('execute', {
      code: "const page = await pdg.run('jobs:jobboard', 'browse', { limit: 2 }); console.log('total', page.total); return { titles: page.items.map((job: { title: string }) => job.title).length }",
    });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe('{"titles":2}');
    expect(result.content[1]).toEqual({ type: 'text', text: 'console:\ntotal 250\n' });
    expect(result.structuredContent).toEqual({ result: { titles: 2 }, calls: 1, console: 'total 250\n' });
  });

  it('answers each task of the set as the two-tool sequence does, reading at most 20% of its bytes, docs included', async () => {
    const runs: TaskRun[] = await compareModes(createMcpServer);
    expect(runs.length).toBeGreaterThanOrEqual(5);
    for (const run of runs) {
      expect(run.code.answer, run.task.name).toEqual(run.twoTools.answer);
      expect(isDeepStrictEqual(run.code.answer, null)).toBe(false);
      // The searches, then one program.
      expect(run.code.calls).toBe(run.task.searches.length + 1);
      expect(run.twoTools.calls, run.task.name).toBeGreaterThan(run.task.searches.length);
      expect(run.code.bytes / run.twoTools.bytes, run.task.name).toBeLessThanOrEqual(0.2);
    }
  });
});

describe('code mode: what a program cannot do', () => {
  it.each([
    ['process', 'return process.env.PDG_API_KEY', /^PROGRAM_ERROR: ReferenceError: .*process/],
    ['require', "return require('node:fs')", /^PROGRAM_ERROR: ReferenceError: .*require/],
    ['import()', "return await import('node:fs')", /^PROGRAM_ERROR: .*could not load module/],
    ['globalThis.fetch', "return await globalThis.fetch('http://127.0.0.1/')", /^PROGRAM_ERROR: TypeError: /],
    ['Deno', 'return Deno.env.get("PDG_API_KEY")', /^PROGRAM_ERROR: ReferenceError: .*Deno/],
    ['Bun', 'return Bun.env.PDG_API_KEY', /^PROGRAM_ERROR: ReferenceError: .*Bun/],
  ])('%s: a clear tool error, and the server goes on', async (_name, program, message) => {
    // Past the type check (which names most of these before anything runs): the sandbox itself must hold.
    expect(await toolError(`// @ts-nocheck\n${program}`)).toMatch(message);
    await stillServing();
  });

  it.each([
    ['process', 'return process.env.PDG_API_KEY'],
    ['require', "return require('node:fs')"],
    ['Deno', 'return Deno.env.get("PDG_API_KEY")'],
    ['Bun', 'return Bun.env.PDG_API_KEY'],
  ])('%s: named by the type check before the program runs', async (name, program) => {
    const sent = code.requests.length;
    expect(await toolError(program)).toContain(
      `line 1, column 8: Cannot find name '${name}': a program has pdg, console and JavaScript's own globals, nothing else.`,
    );
    expect(code.requests.length).toBe(sent);
  });

  it('a constructor escape finds the sandbox global, with no host object in it', async () => {
    const result = await code.call('execute', {
      code: `
        const found = [
          (function () {}).constructor('return this')(),
          await (async function () {}).constructor('return globalThis')(),
          pdg.run.constructor.constructor('return this')(),
          console.log.constructor('return this')(),
        ];
        return found.map((global) => [global === globalThis, typeof global.process, typeof global.require, typeof global.Deno, typeof global.Bun, typeof global.fetch]);
      `,
    });
    expect(result.structuredContent).toMatchObject({
      result: Array(4).fill([true, 'undefined', 'undefined', 'undefined', 'undefined', 'undefined']),
    });
  });

  it('an endless loop is interrupted at the CPU bound', async () => {
    expect(await toolError('for (;;) {}', tight)).toMatch(
      /^BOUND_EXCEEDED: Bound exceeded: cpuMs 200 ms\. The program was stopped \(interrupted\)/,
    );
    await stillServing();
  });

  it('a program allocating without end is stopped at the memory bound', async () => {
    expect(await toolError('const kept = []; for (;;) kept.push(new Array(1000).fill(kept.length))', roomy)).toMatch(
      /^BOUND_EXCEEDED: Bound exceeded: memoryBytes 16,777,216 bytes/,
    );
    await stillServing();
  });

  it('10,000 gateway calls are stopped at the calls bound, with no more requests sent', async () => {
    // On the server with CPU time to spare: the host's time on each call counts against cpuMs, and 50 calls on a
    // busy machine can pass 200 ms of it before the 51st is asked for.
    const before = roomy.requests.length;
    const message = await toolError(
      "for (let i = 0; i < 10000; i++) await pdg.run('jobs:jobboard', 'browse', { limit: 1 }); return 'all sent'",
      roomy,
    );
    expect(message).toMatch(/^BOUND_EXCEEDED: Bound exceeded: maxCalls 50 gateway calls \(call 51 was refused\)/);
    expect(roomy.requests.length - before).toBe(50);
    await stillServing();
  });

  it('a 100 MB result is refused within the bounds', async () => {
    expect(await toolError("return 'x'.repeat(100 * 1024 * 1024)", roomy)).toMatch(
      /^BOUND_EXCEEDED: Bound exceeded: memoryBytes/,
    );
    expect(await toolError("return 'x'.repeat(1024 * 1024)")).toMatch(
      /^BOUND_EXCEEDED: Bound exceeded: maxResultBytes 100,000 bytes \(the answer is 1,048,578 characters of JSON\)/,
    );
    await stillServing();
  });

  it('a program looking for the API key finds nothing, in the globals, pdg, or an error', async () => {
    const result = await code.call('execute', {
      code: `
        const seen = [];
        const look = (value, depth) => {
          if (depth > 3 || value === null || (typeof value !== 'object' && typeof value !== 'function')) return;
          for (const name of Object.getOwnPropertyNames(value)) {
            seen.push(name);
            try { const inner = value[name]; seen.push(String(inner)); look(inner, depth + 1); } catch {}
          }
        };
        look(globalThis, 0);
        try { await pdg.run('jobs:jobboard', 'browse', { country: 'sideways' }); } catch (error) { seen.push(error.message, error.stack, error.code); }
        return seen.join(' ');
      `,
    });
    expect(result.isError).toBeFalsy();
    const text = JSON.stringify(result);
    expect(text).toContain('INVALID_PARAMS');
    expect(text).not.toContain(apiKey);
  });
});
