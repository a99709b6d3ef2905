/**
 * The runtime matrix: the same calls (portable/calls.mjs: core and jobs:jobboard) against a mock gateway
 * over loopback, on the Node running the tests (24 in CI), Node 22.12 (the oldest the packages support),
 * Bun, Deno, headless Chromium, and the two edge runtimes: Cloudflare's workerd and Vercel's Edge runtime. Each run prints its runtime and version, which the test asserts, so a
 * wrong binary fails it. Bun, Deno and Node 22.12 come from the npm registry (scripts/runtimes.mjs), workerd
 * and edge-runtime from it too (this package's devDependencies),
 * Chromium from Debian's package; where one is missing the test fails in CI and is skipped elsewhere,
 * saying how to get it.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type MockRequestInfo, type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { EdgeRuntime } from 'edge-runtime';
import { build } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
// Also declares what `inject('runtimes')` holds.
import type { Runtimes } from '../../../config/runtimes-setup.js';
import { findChromium, unavailable } from './available.js';
import { type StaticSite, serveStatic } from './static-site.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const check = 'portable/check.mjs';
const pageEntry = fileURLToPath(new URL('../portable/page.mjs', import.meta.url));
const workerEntry = fileURLToPath(new URL('../portable/worker.mjs', import.meta.url));
const edgeEntry = fileURLToPath(new URL('../portable/edge.mjs', import.meta.url));

/** What portable/calls.mjs reports when every call came back as it should. */
const summary =
  /^browse 3 jobs; limit 500 refused unsent; items\(\) 9 jobs over 3 pages; job "[^"]+"; 429 RATE_LIMITED retryAfter 7$/;

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

/** The runtimes' versions and times, printed when the file ends: the matrix at a glance. */
const rows: string[] = [];
function record(runtime: string, binary: string, startedAt: number) {
  const row = `${runtime.padEnd(26)} ${`${Math.round(performance.now() - startedAt)} ms`.padStart(8)}  ${binary}`;
  rows.push(row);
  console.log(`[runtime matrix] ${row}`);
}

/** Asserts the line a run printed: `ok <runtime> <version>: <summary>`, for exactly this runtime and version. */
function expectPassed(output: string, runtime: string) {
  const line = output.trim();
  expect(line.startsWith(`ok ${runtime}: `), `expected "ok ${runtime}: …", got: ${line}`).toBe(true);
  expect(line.slice(`ok ${runtime}: `.length)).toMatch(summary);
}

const seen: MockRequestInfo[] = [];
let gateway: RunningMockGateway;
beforeAll(async () => {
  gateway = await startMockGateway({ providers: [jobboard], fixtures, onRequest: (request) => seen.push(request) });
});
const fileStartedAt = performance.now();
afterAll(async () => {
  await gateway?.close();
  const total = ((performance.now() - fileStartedAt) / 1000).toFixed(1);
  console.log(
    `[runtime matrix] runtime, time, binary:\n  ${rows.join('\n  ')}\n` +
      `[runtime matrix] ${rows.length} runtimes in ${total} s (installs checked, bundle built, browser launched)`,
  );
});

describe('the same calls from a script, on every runtime', () => {
  // Fetched before any test starts, by config/runtimes-setup.ts (the suite's globalSetup).
  const fetched = inject('runtimes');
  const installed = (context: { skip(note?: string): never }): Runtimes => {
    if (!fetched.ok) unavailable(context, fetched.error);
    return fetched.runtimes;
  };

  it('Node, the one running the tests (24 in CI)', async () => {
    const startedAt = performance.now();
    const { code, stdout, stderr } = await run(process.execPath, [check, gateway.url]);
    expect(code, stderr).toBe(0);
    expectPassed(stdout, `node ${process.versions.node}`);
    record(`node ${process.versions.node}`, process.execPath, startedAt);
  });

  it('Node 22.12, the oldest the packages support', async (context) => {
    const { node22, versions } = installed(context);
    const startedAt = performance.now();
    const { code, stdout, stderr } = await run(node22, [check, gateway.url]);
    expect(code, stderr).toBe(0);
    expectPassed(stdout, `node ${versions.node22}`);
    record(`node ${versions.node22}`, node22, startedAt);
  });

  it('Bun', async (context) => {
    const { bun, versions } = installed(context);
    const startedAt = performance.now();
    const { code, stdout, stderr } = await run(bun, [check, gateway.url]);
    expect(code, stderr).toBe(0);
    expectPassed(stdout, `bun ${versions.bun}`);
    record(`bun ${versions.bun}`, bun, startedAt);
  });

  it('Deno, allowed the network to 127.0.0.1 and nothing else', async (context) => {
    const { deno, versions } = installed(context);
    const startedAt = performance.now();
    const args = ['run', '--no-prompt', '--no-lock', '--allow-net=127.0.0.1', check, gateway.url];
    const { code, stdout, stderr } = await run(deno, args);
    expect(code, stderr).toBe(0);
    expectPassed(stdout, `deno ${versions.deno}`);
    record(`deno ${versions.deno}`, deno, startedAt);
  });
});

describe('the same calls from a web page in headless Chromium, driven by playwright-core', () => {
  const executable = findChromium();
  const executablePath = 'path' in executable ? executable.path : '';
  let browser: Browser | undefined;
  let site: StaticSite | undefined;
  let launchedIn = 0;
  beforeAll(async () => {
    if (!executablePath) return;
    const startedAt = performance.now();
    const bundle = await build({
      entryPoints: [pageEntry],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'chrome120',
      write: false,
      logLevel: 'silent',
    });
    const html =
      '<!doctype html><meta charset="utf-8"><title>pdg runtime matrix</title>' +
      '<pre id="result">running</pre><script type="module" src="/page.js"></script>';
    site = await serveStatic({
      '/': { type: 'text/html; charset=utf-8', body: html },
      '/page.js': { type: 'text/javascript; charset=utf-8', body: bundle.outputFiles[0]?.text ?? '' },
    });
    browser = await chromium.launch({ executablePath, timeout: 300_000 });
    launchedIn = performance.now() - startedAt;
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const started = (context: { skip(note?: string): never }) => {
    if ('wrong' in executable) throw new Error(executable.wrong);
    if ('missing' in executable) return unavailable(context, executable.missing);
    if (!browser || !site) throw new Error('Chromium was found but not started: see the error of beforeAll.');
    return { browser, site };
  };

  /** Opens the page against a gateway and reads what it wrote into #result once it is done. */
  async function openPage(browser: Browser, site: StaticSite, gatewayUrl: string) {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${site.url}/?gateway=${encodeURIComponent(gatewayUrl)}`);
      const result = page.locator('#result[data-state]');
      await result.waitFor({ timeout: 300_000 });
      return { state: await result.getAttribute('data-state'), text: (await result.textContent()) ?? '', errors };
    } finally {
      await page.close();
    }
  }

  it('runs the calls cross-origin: the gateway answers the preflights and every answer with CORS', async (context) => {
    const { browser, site } = started(context);
    const startedAt = performance.now() - launchedIn;
    const from = seen.length;
    const outcome = await openPage(browser, site, gateway.url);
    expect(outcome.errors).toEqual([]);
    expect(outcome.state, outcome.text).toBe('done');
    const version = browser.version();
    expectPassed(outcome.text, `chromium ${version}`);
    // The binary named is the one that ran the page.
    const { stdout } = await run(executablePath, ['--version']);
    expect(stdout).toContain(` ${version} `);
    // The page is on another origin than the gateway: the browser sent its origin, and preflights first.
    expect(new URL(site.url).origin).not.toBe(new URL(gateway.url).origin);
    const requests = seen.slice(from);
    expect(new Set(requests.map((request) => request.headers.origin))).toEqual(new Set([site.url]));
    expect(requests.filter((request) => request.method === 'OPTIONS').length).toBeGreaterThan(0);
    expect(requests.filter((request) => request.method === 'GET')).toHaveLength(6);
    record(`chromium ${version}`, executablePath, startedAt);
  });

  it("gets a NETWORK error, and sends no GET, from a gateway that does not allow the page's origin", async (context) => {
    const { browser, site } = started(context);
    const requests: MockRequestInfo[] = [];
    const restricted = await startMockGateway({
      providers: [jobboard],
      fixtures,
      cors: { origins: ['http://localhost:5173'] },
      onRequest: (request) => requests.push(request),
    });
    try {
      const outcome = await openPage(browser, site, restricted.url);
      expect(outcome.state).toBe('failed');
      expect(outcome.text).toMatch(/^failed on chromium [\d.]+: NETWORK jobs:jobboard browse: /);
      // The preflight was refused, so the browser never sent the call itself.
      expect(requests.map((request) => request.method)).toEqual(['OPTIONS']);
    } finally {
      await restricted.close();
    }
  });
});

/** One file of the calls, bundled by esbuild for a runtime without a module loader of Node's kind. */
async function bundled(entry: string, format: 'esm' | 'iife'): Promise<string> {
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    format,
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return bundle.outputFiles[0]?.text ?? '';
}

/** A free port on loopback, for a server that must be told its port before it starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * workerd's configuration: the bundled Worker with the gateway's URL and the API key as `env` bindings, its
 * socket on loopback, and outbound requests allowed to loopback only (where the mock gateway is).
 */
function workerdConfig(port: number, baseUrl: string, apiKey: string): string {
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "loopback", network = (allow = ["local"])),
  ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const worker :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed "worker.js") ],
  compatibilityDate = "2025-09-01",
  bindings = [
    (name = "PDG_BASE_URL", text = ${JSON.stringify(baseUrl)}),
    (name = "PDG_API_KEY", text = ${JSON.stringify(apiKey)}),
  ],
  globalOutbound = "loopback",
);
`;
}

/** Asks the Worker at `url` once it listens: workerd takes a moment to start. Bounded in tries. */
async function askWorker(
  url: string,
  workerd: ChildProcess,
  log: () => string,
): Promise<{ status: number; text: string }> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (workerd.exitCode !== null) throw new Error(`workerd exited with ${workerd.exitCode}: ${log()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(240_000) });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      if ((error as { name?: string }).name === 'TimeoutError') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`workerd did not answer at ${url} within 600 tries: ${log()}`);
}

describe('the same calls on the edge runtimes', () => {
  const require = createRequire(import.meta.url);

  /** A gateway that accepts `apiKey` alone, so an answer proves the key the runtime was given arrived. */
  async function keyedGateway(apiKey: string) {
    const requests: MockRequestInfo[] = [];
    const keyed = await startMockGateway({
      providers: [jobboard],
      fixtures,
      apiKeys: [apiKey],
      onRequest: (request) => requests.push(request),
    });
    return { keyed, requests };
  }

  it("Cloudflare's workerd: a module Worker, the key and the gateway's URL from its env bindings", async () => {
    const startedAt = performance.now();
    // The native binary itself (the package's main export), not its bin script: that script runs the binary as
    // a child, which killing the script would leave serving after the test.
    const binary = (require('workerd') as { default: string }).default;
    const { stdout: versionText } = await run(binary, ['--version']);
    const version = versionText.trim().replace(/^workerd /, '');
    expect(version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const dir = mkdtempSync(join(tmpdir(), 'pdg-workerd-'));
    const port = await freePort();
    const { keyed, requests } = await keyedGateway('key-from-env-binding');
    writeFileSync(join(dir, 'worker.js'), await bundled(workerEntry, 'esm'));
    writeFileSync(join(dir, 'config.capnp'), workerdConfig(port, keyed.url, 'key-from-env-binding'));
    let output = '';
    const workerd = spawn(binary, ['serve', join(dir, 'config.capnp')], { cwd: dir });
    workerd.stdout.on('data', (chunk) => (output += chunk));
    workerd.stderr.on('data', (chunk) => (output += chunk));
    try {
      const answer = await askWorker(`http://127.0.0.1:${port}/`, workerd, () => output);
      expect(answer.status, answer.text).toBe(200);
      expectPassed(answer.text, 'workerd');
      // Six calls, each with the key of the env binding (the gateway accepts no other).
      expect(requests.filter((request) => request.method === 'GET')).toHaveLength(6);
      record(`workerd ${version}`, binary, startedAt);
    } finally {
      workerd.kill();
      await keyed.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("Vercel's Edge runtime: an edge function, the key from its process.env", async () => {
    const startedAt = performance.now();
    const manifest = require.resolve('edge-runtime/package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    const { keyed, requests } = await keyedGateway('key-from-edge-env');
    try {
      const edge = new EdgeRuntime({
        initialCode: await bundled(edgeEntry, 'iife'),
        // The Edge runtime's environment variables, as a deployment's settings give them.
        extend: (context) => Object.assign(context, { process: { env: { PDG_API_KEY: 'key-from-edge-env' } } }),
      });
      const response = await edge.dispatchFetch(`http://edge.test/?gateway=${encodeURIComponent(keyed.url)}`);
      const text = await response.text();
      await response.waitUntil();
      expect(response.status, text).toBe(200);
      expectPassed(text, 'edge-runtime');
      // Six calls, each with the key of the environment (the gateway accepts no other).
      expect(requests.filter((request) => request.method === 'GET')).toHaveLength(6);
      record(`edge-runtime ${version}`, manifest, startedAt);
    } finally {
      await keyed.close();
    }
  });
});
