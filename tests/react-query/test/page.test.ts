/**
 * A React page using `@tanstack/react-query` and `@pdg/tanstack-query` (page/app.tsx), bundled with esbuild
 * and opened in headless Chromium, driven by playwright-core, against the mock gateway on another origin:
 * it renders the SG job listing's first page, loads the next page on each click, and ends at the listing's
 * total with no job twice. Chromium as the runtime matrix finds it (PDG_CHROMIUM, else `chromium` on the
 * PATH): missing, the test is skipped saying how to get it, except in CI, where it fails.
 */
import { fileURLToPath } from 'node:url';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type MockRequestInfo, type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { build } from 'esbuild';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findChromium, unavailable } from '../../runtimes/test/available.ts';
import { type StaticSite, serveStatic } from '../../runtimes/test/static-site.ts';

const entry = fileURLToPath(new URL('../page/app.tsx', import.meta.url));
const executable = findChromium();

let browser: Browser | undefined;
let site: StaticSite | undefined;
let gateway: RunningMockGateway | undefined;
const seen: MockRequestInfo[] = [];

beforeAll(async () => {
  gateway = await startMockGateway({ providers: [jobboard], fixtures, onRequest: (request) => seen.push(request) });
  if (!('path' in executable)) return;
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const html =
    '<!doctype html><meta charset="utf-8"><title>pdg jobs</title>' +
    '<div id="root"></div><script type="module" src="/app.js"></script>';
  site = await serveStatic({
    '/': { type: 'text/html; charset=utf-8', body: html },
    '/app.js': { type: 'text/javascript; charset=utf-8', body: bundle.outputFiles[0]?.text ?? '' },
  });
  browser = await chromium.launch({ executablePath: executable.path, timeout: 300_000 });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await gateway?.close();
});

/** The jobs listed, and the status line, once the page is ready (not fetching). */
async function listed(page: Page, pages: number) {
  await page.locator(`#status[data-state="ready"][data-pages="${pages}"]`).waitFor({ timeout: 120_000 });
  const ids = await page
    .locator('#jobs li')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-job-id')));
  return { ids, status: (await page.locator('#status').textContent()) ?? '' };
}

it('renders the listing, loads the next page on a click, and ends at the total with no job twice', async (context) => {
  if ('wrong' in executable) throw new Error(executable.wrong);
  if ('missing' in executable) return unavailable(context, executable.missing);
  if (!browser || !site || !gateway) throw new Error('Chromium was found but not started: see the error of beforeAll.');
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(`${site.url}/?gateway=${encodeURIComponent(gateway.url)}`);
    const first = await listed(page, 1);
    // The SG listing the fixtures describe is 9 jobs; four a page.
    expect(first.status).toBe('4 of 9 jobs');
    expect(first.ids).toHaveLength(4);
    await page.locator('#more').click();
    const second = await listed(page, 2);
    expect(second.status).toBe('8 of 9 jobs');
    expect(second.ids.slice(0, 4)).toEqual(first.ids);
    await page.locator('#more').click();
    const third = await listed(page, 3);
    expect(third.status).toBe('9 of 9 jobs');
    expect(new Set(third.ids).size).toBe(9);
    expect(await page.locator('#more').textContent()).toBe('All loaded');
    expect(await page.locator('#more').isDisabled()).toBe(true);
    // One GET a page, pages 1 to 3, from the page's own origin; nothing else went wrong on the page.
    const gets = seen.filter((request) => request.method === 'GET');
    expect(gets.map((request) => new URL(request.url, gateway?.url).searchParams.get('page'))).toEqual(['1', '2', '3']);
    expect(new Set(gets.map((request) => request.headers.origin))).toEqual(new Set([site.url]));
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});
