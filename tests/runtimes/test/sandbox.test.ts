/**
 * Code mode's sandbox behaves the same on every runtime the packages support: portable/sandbox.mjs on the
 * Node running the tests, Node 22.12, Bun and Deno (allowed the network to 127.0.0.1 and nothing else).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Runtimes } from '../../../config/runtimes-setup.js';
import { unavailable } from './available.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const script = 'portable/sandbox.mjs';
const expected = '30; stopped at cpuMs; stopped at memoryBytes; "undefined,undefined,undefined,undefined,undefined"';

function run(file: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd: root, timeout: 300_000, env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let gateway: RunningMockGateway;
beforeAll(async () => {
  gateway = await startMockGateway({ providers: [jobboard], fixtures });
});
afterAll(() => gateway?.close());

describe('the sandbox of code mode, on every runtime', () => {
  const fetched = inject('runtimes');
  const installed = (context: { skip(note?: string): never }): Runtimes => {
    if (!fetched.ok) unavailable(context, fetched.error);
    return fetched.runtimes;
  };

  it('Node, the one running the tests', async () => {
    const { code, stdout, stderr } = await run(process.execPath, [script, gateway.url]);
    expect(code, stderr).toBe(0);
    expect(stdout.trim()).toBe(`ok node ${process.versions.node}: ${expected}`);
  });

  it('Node 22.12', async (context) => {
    const { node22, versions } = installed(context);
    const { code, stdout, stderr } = await run(node22, [script, gateway.url]);
    expect(code, stderr).toBe(0);
    expect(stdout.trim()).toBe(`ok node ${versions.node22}: ${expected}`);
  });

  it('Bun', async (context) => {
    const { bun, versions } = installed(context);
    const { code, stdout, stderr } = await run(bun, [script, gateway.url]);
    expect(code, stderr).toBe(0);
    expect(stdout.trim()).toBe(`ok bun ${versions.bun}: ${expected}`);
  });

  it('Deno, allowed the network to 127.0.0.1 and nothing else', async (context) => {
    const { deno, versions } = installed(context);
    const args = ['run', '--no-prompt', '--no-lock', '--allow-net=127.0.0.1', script, gateway.url];
    const { code, stdout, stderr } = await run(deno, args);
    expect(code, stderr).toBe(0);
    expect(stdout.trim()).toBe(`ok deno ${versions.deno}: ${expected}`);
  });
});
