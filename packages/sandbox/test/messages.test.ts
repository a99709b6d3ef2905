/**
 * What a program is told when it fails: deep recursion is a SandboxError (nothing of the engine reaches the
 * host's stderr), an import says modules cannot be imported, an answer that is not JSON is blamed on the
 * answer, and an uncaught gateway error says its code once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sandboxOnMock } from './on-mock.js';

const { failure } = sandboxOnMock('made-up-key-sandbox-messages-47a0de', () => undefined);

let written: string[] = [];
beforeEach(() => {
  written = [];
  for (const stream of [process.stderr, process.stdout]) {
    const write = stream.write.bind(stream);
    vi.spyOn(stream, 'write').mockImplementation(((chunk: string | Uint8Array, ...rest: never[]) => {
      written.push(String(chunk));
      return write(chunk, ...rest);
    }) as typeof stream.write);
  }
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("a failed program's message", () => {
  it('is a SandboxError for deep recursion, however it recurses, with nothing of the engine on stderr', async () => {
    for (const code of [
      'const f = (n) => f(n + 1) + 1; return f(0)',
      'const f = (n) => [f(n + 1)]; return f(0)',
      'const f = (n) => { try { return f(n + 1); } catch { return f(n + 1); } }; return f(0)',
      'let a = []; for (let i = 0; i < 100000; i++) a = [a]; return a',
      "await pdg.run('jobs:jobboard', 'browse', { sort: 'sideways' })",
    ]) {
      // Some recurse again from each catch, or make a value too deep to answer: those end at their CPU bound
      // (its size is no part of the claim: small, so that they burn little).
      const error = await failure(code, { cpuMs: 200 });
      expect(['program', 'bound', 'gateway']).toContain(error.kind);
      expect(error.message).not.toMatch(/Maximum call stack/);
    }
    expect(await failure('const f = (n) => f(n + 1) + 1; return f(0)')).toMatchObject({
      kind: 'program',
      message: 'RangeError: stack overflow: the program recursed too deep; recurse less deeply, or use a loop.',
    });
    expect(written.join('')).not.toMatch(/Assert|Aborted|quickjs/i);
  });

  it('says that modules cannot be imported, with the line', async () => {
    for (const [code, line] of [
      ["import fs from 'fs';\nreturn fs.readFileSync('/etc/passwd', 'utf8')", 1],
      ["const a = 1;\nimport { readFileSync } from 'node:fs'\nreturn a", 2],
      ["import 'fs'", 1],
      ['export const a = 1', 1],
    ] as const) {
      const error = await failure(code);
      expect(error).toMatchObject({ kind: 'program' });
      expect(error.message).toBe(
        `SyntaxError: the program cannot import modules (line ${line}): it is the body of an async function, with no modules, files or network; use pdg.run, pdg.items and pdg.pages, which are in scope.`,
      );
    }
  });

  it('blames an answer that cannot be made into JSON on the answer, not on a line', async () => {
    for (const code of [
      'return { a: 1n }',
      'const a = {}; a.a = a; return a',
      'return { toJSON() { throw new Error("no") } }',
    ]) {
      const error = await failure(code);
      expect(error.kind).toBe('program');
      expect(error.message).toMatch(/^The program's answer cannot be made into JSON \(.+\): return plain data/);
      expect(error.message).not.toMatch(/line/);
    }
  });

  it('gives an uncaught gateway error its code once: in code, not again in the message', async () => {
    const error = await failure("await pdg.run('jobs:jobboard', 'browse', { sort: 'sideways' })");
    expect(error).toMatchObject({ kind: 'gateway', code: 'INVALID_PARAMS' });
    expect(error.message).toMatch(/^Invalid params for jobs:jobboard browse: sort must be one of/);
    expect(error.message).not.toMatch(/INVALID_PARAMS/);
  });
});
