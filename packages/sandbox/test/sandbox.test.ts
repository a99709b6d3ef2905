/** The sandbox: the bridged client works, and every way out or past a bound ends in a clear error. */
import { createClient, isPdgError } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { describe, expect, it } from 'vitest';
import { runProgram } from '../src/index.js';
import { sandboxOnMock } from './on-mock.js';

const requests: string[] = [];
const apiKey = 'made-up-key-sandbox-7d41c0a9';
const { gateway, run, failure } = sandboxOnMock(apiKey, (request) => requests.push(request.url));

describe('runProgram', () => {
  it('runs TypeScript as the body of an async function, with pdg.run, pdg.pages and pdg.items', async () => {
    const before = requests.length;
    const result = await run(`
      interface Job { title: string }
      const first = await pdg.run('jobs:jobboard', 'browse', { limit: 5 });
      const pages: number[] = [];
      for await (const page of pdg.pages('jobs:jobboard', 'browse', { limit: 5 }, { maxPages: 2 })) pages.push(page.items.length);
      const titles: string[] = [];
      for await (const job of pdg.items('jobs:jobboard', 'browse', { limit: 5 }, { maxItems: 7 })) titles.push((job as Job).title);
      console.log('seen', titles.length);
      return { first: first.items.length, pages, titles: titles.length };
    `);
    expect(result.value).toEqual({ first: 5, pages: [5, 5], titles: 7 });
    expect(result.console).toBe('seen 7\n');
    expect(result.calls).toBe(5);
    expect(requests.length - before).toBe(5);
  });

  it('finds no process, require, import(), fetch, Deno, Bun, timers or host object', async () => {
    const result = await run(`
      return {
        globals: [typeof process, typeof require, typeof globalThis.fetch, typeof Deno, typeof Bun, typeof setTimeout, typeof module, typeof XMLHttpRequest, typeof WebAssembly],
        own: Object.getOwnPropertyNames(globalThis).filter((name) => !/^[A-Z]/.test(name) && !['globalThis', 'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'decodeURI', 'decodeURIComponent', 'encodeURI', 'encodeURIComponent', 'escape', 'unescape', 'eval', 'undefined', 'NaN', 'Infinity'].includes(name)),
      };
    `);
    expect(result.value).toEqual({ globals: Array(9).fill('undefined'), own: ['pdg', 'console'] });
    for (const code of [
      'return process.env',
      "return require('fs')",
      'return globalThis.fetch("http://127.0.0.1/")',
      'return Deno.env',
      'return Bun.file("x")',
    ]) {
      expect((await failure(code)).message).toMatch(/^(ReferenceError|TypeError): /);
    }
    const imported = await failure("return await import('node:fs')");
    expect(imported.message).toMatch(/could not load module/);
  });

  it('finds only the sandbox itself behind a constructor escape', async () => {
    const result = await run(`
      const escapes = [
        (function () {}).constructor('return this')(),
        (async function () {}).constructor('return this')(),
        (function* () {}).constructor('return this')().next?.() ?? null,
        Object.getPrototypeOf(pdg.run).constructor('return this')(),
        pdg.items.constructor.constructor('return this')(),
        console.log.constructor('return this')(),
      ];
      return escapes.map((found) => found === globalThis || found === undefined || found === null || typeof found === 'object' && !('process' in found) && !('require' in found));
    `);
    expect(result.value).toEqual(Array(6).fill(true));
    const probe = await run(`
      const found = (function () {}).constructor('return this')();
      return [typeof found.process, typeof found.require, typeof found.Deno, typeof found.Bun];
    `);
    expect(probe.value).toEqual(['undefined', 'undefined', 'undefined', 'undefined']);
  });

  it('interrupts an endless loop at its CPU bound, even one inside try/catch', async () => {
    for (const code of [
      'for (;;) {}',
      'try { for (;;) {} } catch { return "caught" }',
      'while (true) { try { for (;;) {} } catch {} }',
    ]) {
      const error = await failure(code, { cpuMs: 300 });
      expect(error).toMatchObject({ kind: 'bound', bound: 'cpuMs', limit: 300 });
      expect(error.message).toMatch(/^Bound exceeded: cpuMs 300 ms\. The program was stopped \(interrupted\);/);
    }
  });

  it('stops a program allocating without end at its memory bound', async () => {
    for (const code of [
      'const a = []; for (;;) a.push(new Array(1000).fill(a.length))',
      'const a = []; for (;;) a.push("x".repeat(1000) + a.length)',
      'return "x".repeat(100_000_000)',
    ]) {
      const error = await failure(code, { memoryBytes: 16 * 1024 * 1024, cpuMs: 60_000 });
      expect(error).toMatchObject({ kind: 'bound', bound: 'memoryBytes', limit: 16 * 1024 * 1024 });
      expect(error.message).toMatch(/^Bound exceeded: memoryBytes 16,777,216 bytes/);
    }
  });

  it('refuses the gateway call past maxCalls, even if the program catches the refusal', async () => {
    const before = requests.length;
    const error = await failure(
      `for (let i = 0; i < 10000; i++) { try { await pdg.run('jobs:jobboard', 'browse', { limit: 1 }); } catch {} } return 'done'`,
      { maxCalls: 25 },
    );
    expect(error).toMatchObject({ kind: 'bound', bound: 'maxCalls', limit: 25 });
    expect(error.message).toMatch(/^Bound exceeded: maxCalls 25 gateway calls \(call 26 was refused\)/);
    expect(requests.length - before).toBe(25);
  });

  it('refuses a result over maxResultBytes, and console output over maxConsoleBytes', async () => {
    const big = await failure('return "x".repeat(1_000_000)', { maxResultBytes: 10_000 });
    expect(big).toMatchObject({ kind: 'bound', bound: 'maxResultBytes', limit: 10_000 });
    expect(big.message).toMatch(
      /^Bound exceeded: maxResultBytes 10,000 bytes \(the answer is 1,000,002 characters of JSON\)/,
    );
    const chatty = await failure('for (;;) console.log("again and again")', { maxConsoleBytes: 1_000 });
    expect(chatty).toMatchObject({ kind: 'bound', bound: 'maxConsoleBytes', limit: 1_000 });
  });

  it('stops waiting at its wall-time bound, and cancels the calls under way', async () => {
    const stalled = createClient({
      providers: [jobboard],
      apiKey,
      baseUrl: gateway().url,
      retry: 0,
      timeout: 60_000,
      fetch: (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    });
    const error = await runProgram({
      code: "return await pdg.run('jobs:jobboard', 'browse', {})",
      client: stalled,
      // Long enough for the program to make its call on a busy machine, which it must before the bound.
      bounds: { wallMs: 5_000 },
    }).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ kind: 'bound', bound: 'wallMs', limit: 5_000 });
    expect((error as Error).message).toMatch(/^Bound exceeded: wallMs 5,000 ms \(1 gateway call\(s\) still waiting\)/);
  });

  it('never shows the key: not in pdg, the globals, or an error', async () => {
    const result = await run(`
      const seen = [];
      const look = (value, depth) => {
        if (depth > 3 || value === null || (typeof value !== 'object' && typeof value !== 'function')) return;
        for (const name of Object.getOwnPropertyNames(value)) {
          seen.push(name);
          try { const inner = value[name]; seen.push(typeof inner === 'function' ? String(inner) : JSON.stringify(inner) ?? ''); look(inner, depth + 1); } catch {}
        }
      };
      look(globalThis, 0);
      look(pdg, 0);
      try { await pdg.run('jobs:jobboard', 'browse', { sort: 'sideways' }); } catch (error) { seen.push(String(error), error.stack, error.code); }
      return seen.join('\\n');
    `);
    expect(typeof result.value).toBe('string');
    expect(result.value as string).toContain('INVALID_PARAMS');
    expect(result.value as string).not.toContain(apiKey);
    expect(result.value as string).not.toContain('made-up-key');
  });

  it('reports a program error with its line, an uncaught gateway error with its code, and a syntax error', async () => {
    expect((await failure('const a = 1;\nnull.x;')).message).toMatch(/^TypeError: .* \(at line 2 of the program\)/);
    const gatewayError = await failure("await pdg.run('jobs:jobboard', 'browse', { sort: 'sideways' })");
    expect(gatewayError).toMatchObject({ kind: 'gateway', code: 'INVALID_PARAMS' });
    expect((await failure('return 1 +')).message).toMatch(/^SyntaxError: the program does not parse/);
    expect((await failure('await new Promise(() => {})')).message).toMatch(
      /waiting on a promise that nothing will settle/,
    );
  });

  it("is one of pdg's errors, coded: isPdgError knows each SandboxError, its code saying what failed", async () => {
    const thrown = await failure('throw new Error("thrown")');
    const bound = await failure('for (;;) {}', { cpuMs: 200 });
    const gatewayError = await failure("await pdg.run('jobs:jobboard', 'browse', { sort: 'sideways' })");
    expect([thrown, bound, gatewayError].map(isPdgError)).toEqual([true, true, true]);
    expect([thrown.code, bound.code, gatewayError.code]).toEqual(['PROGRAM_ERROR', 'BOUND_EXCEEDED', 'INVALID_PARAMS']);
    expect(bound).toMatchObject({ kind: 'bound', bound: 'cpuMs', limit: 200, issues: [], retryable: false });
  });

  it('gives each program a fresh sandbox: nothing set by one is seen by the next, and a breach harms none', async () => {
    await failure('globalThis.leftOver = 1; for (;;) {}', { cpuMs: 200 });
    await failure('const a = []; for (;;) a.push(new Array(1000).fill(1))', { memoryBytes: 8 * 1024 * 1024 });
    expect((await run('return typeof leftOver')).value).toBe('undefined');
    // A worker whose program ended on its own takes the next one, in a fresh engine instance.
    await run('globalThis.leftOver = 2; Object.prototype.polluted = 1; return 1');
    await failure('globalThis.leftOver = 3; throw new Error("thrown")');
    expect((await run('return [typeof leftOver, typeof ({}).polluted]')).value).toEqual(['undefined', 'undefined']);
    expect((await run("return (await pdg.run('jobs:jobboard', 'browse', { limit: 2 })).items.length")).value).toBe(2);
  });

  it('refuses bad bounds and an empty program clearly', async () => {
    await expect(run('return 1', { cpuMs: 0 })).rejects.toThrow(
      'bounds.cpuMs must be a whole number >= 1 (received 0).',
    );
    await expect(run('  ')).rejects.toThrow(/code must be the text of a program/);
  });
});
