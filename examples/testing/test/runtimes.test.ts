/**
 * The same user-side checks (portable/top-tracks.check.ts) under Node, Bun and Deno, with the fetch-based
 * testkit: each runtime runs the file as it is, and Deno runs it without network permission.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const check = 'portable/top-tracks.check.ts';
const installer = fileURLToPath(new URL('../../../scripts/runtimes.mjs', import.meta.url));

function run(file: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd: root, timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let runtimes: { bun: string; deno: string; node22: string };
beforeAll(async () => {
  // Installs Bun and Deno from the npm registry into a cache outside the clone, once.
  const { code, stdout, stderr } = await run(process.execPath, [installer]);
  expect(code, stderr).toBe(0);
  runtimes = JSON.parse(stdout);
}, 300_000);

describe('the fetch-based testkit on every runtime', () => {
  it('Node runs the checks, with no network reached', async () => {
    const { code, stdout, stderr } = await run(process.execPath, [check]);
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/^ok 4 checks on node \d+/);
  });

  it('Node 22.12, the oldest the packages support, loads them with require() as well as import', async () => {
    const load = `
      const { createClient } = require('@pdg/core');
      const { catalogstore } = require('@pdg/music-catalogstore');
      const { mockFetch } = require('@pdg/testkit');
      import('@pdg/core').then((esm) => {
        if (esm.createClient !== createClient) throw new Error('require and import gave different modules');
        console.log(process.version, typeof createClient, catalogstore.id, typeof mockFetch);
      });`;
    const { code, stdout, stderr } = await run(runtimes.node22, ['--no-warnings', '-e', load]);
    expect(code, stderr).toBe(0);
    expect(stdout.trim()).toBe('v22.12.0 function music:catalogstore function');
  });

  it('Bun runs the same file', async () => {
    const { code, stdout, stderr } = await run(runtimes.bun, [check]);
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/^ok 4 checks on bun \d+/);
  });

  it('Deno runs the same file, with no network permission at all', async () => {
    const { code, stdout, stderr } = await run(runtimes.deno, [
      'run',
      '--no-prompt',
      '--no-lock',
      '--allow-read',
      check,
    ]);
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/^ok 4 checks on deno \d+/);
  });
});
