/**
 * The runtime matrix: the same calls (portable/calls.mjs: core and jobs:jobboard) against a mock gateway
 * over loopback, on the Node running the tests (24 in CI), Node 22.12 (the oldest the packages support),
 * Bun, Deno and headless Chromium. Each run prints its runtime and version, which the test asserts, so a
 * wrong binary fails it. Bun, Deno and Node 22.12 come from the npm registry (scripts/runtimes.mjs),
 * Chromium from Debian's package; where one is missing the test fails in CI and is skipped elsewhere,
 * saying how to get it.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type MockRequestInfo, type RunningMockGateway, startMockGateway } from '@pdg/mock';
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
