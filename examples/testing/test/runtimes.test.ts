/**
 * The same user-side checks (portable/top-tracks.check.ts) under Node, Bun and Deno, with the fetch-based
 * testkit: each runtime runs the file as it is, and Deno runs it without network permission.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
// Also declares what `inject('runtimes')` holds.
import type { Runtimes } from '../../../config/runtimes-setup.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const check = 'portable/top-tracks.check.ts';

function run(file: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd: root, timeout: 300_000, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

// Bun, Deno and Node 22.12 are fetched before any test starts (config/runtimes-setup.ts, the globalSetup).
function installed(): Runtimes {
  const fetched = inject('runtimes');
  if (!fetched.ok) throw new Error(fetched.error);
  return fetched.runtimes;
}

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
    const { code, stdout, stderr } = await run(installed().node22, ['--no-warnings', '-e', load]);
    expect(code, stderr).toBe(0);
    expect(stdout.trim()).toBe('v22.12.0 function music:catalogstore function');
  });

  it('Bun runs the same file', async () => {
    const { code, stdout, stderr } = await run(installed().bun, [check]);
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/^ok 4 checks on bun \d+/);
  });

  it('Deno runs the same file, with no network permission at all', async () => {
    const { code, stdout, stderr } = await run(installed().deno, [
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
