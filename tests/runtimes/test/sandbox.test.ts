/**
 * Code mode's sandbox behaves the same on every runtime the packages support: portable/sandbox.mjs on the
 * Node running the tests, Node 22.12, Bun and Deno (allowed the network to 127.0.0.1 and nothing else).
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Runtimes } from '../../../config/runtimes-setup.js';
import { unavailable } from './available.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const script = 'portable/sandbox.mjs';
const expected = '30; stopped at cpuMs; stopped at memoryBytes; "undefined,undefined,undefined,undefined,undefined"';

/**
 * The built package as an install puts it, in a `node_modules` folder: Deno lets a package there read its own
 * files (the worker's module among them) without `--allow-read`, which the workspace's link (a folder outside
 * any `node_modules`) does not get. Its dependencies are the workspace's; an import map sends the script's
 * `@pdg/sandbox` to it. Removed when the tests end.
 */
function installedSandbox(): { importMap: string; remove: () => void } {
  const sandbox = fileURLToPath(new URL('../../../packages/sandbox/', import.meta.url));
  const folder = mkdtempSync(join(tmpdir(), 'pdg-sandbox-deno-'));
  const installed = join(folder, 'node_modules', '@pdg', 'sandbox');
  mkdirSync(installed, { recursive: true });
  cpSync(join(sandbox, 'package.json'), join(installed, 'package.json'));
  cpSync(join(sandbox, 'dist'), join(installed, 'dist'), { recursive: true });
  symlinkSync(join(sandbox, 'node_modules'), join(installed, 'node_modules'), 'junction');
  const importMap = join(folder, 'import-map.json');
  const entry = pathToFileURL(join(installed, 'dist', 'index.js')).href;
  writeFileSync(importMap, JSON.stringify({ imports: { '@pdg/sandbox': entry } }));
  return { importMap, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

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

  it('Deno, allowed the network to 127.0.0.1 and nothing else, the package installed in node_modules', async (context) => {
    const { deno, versions } = installed(context);
    const sandbox = installedSandbox();
    try {
      const args = ['run', '--no-prompt', '--no-lock', '--allow-net=127.0.0.1', `--import-map=${sandbox.importMap}`];
      const { code, stdout, stderr } = await run(deno, [...args, script, gateway.url]);
      expect(code, stderr).toBe(0);
      expect(stdout.trim()).toBe(`ok deno ${versions.deno}: ${expected}`);
    } finally {
      sandbox.remove();
    }
  });
});
