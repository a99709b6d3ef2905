/**
 * The API reference site in headless Chromium, twice: served live by `pdg mock` at /docs/, and written by
 * `pdg docs` then served by a plain static file server. Each is read as a reader would: the page loads with
 * no console error and asks no other host, its sidebar lists every operation of the catalog (provider by
 * provider, each group unfolded with its chevron; a screenshot of the page with every group open under
 * `output/`, compared by the operation count, not by pixels), a search for `browse` finds the job board's,
 * and "try it" on `jobs:jobboard browse` shows the mock's 200 and its jobs. One browser for the whole file.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium, unavailable } from '../../runtimes/test/available.ts';
import { type OpenedPage, openGroup, openReference, search, setGateway, tryOperation } from './reference-page.ts';
import { catalog, type RunningMock, runPdg, type StaticServer, serveFolder, startPdgMock } from './servers.ts';

const output = fileURLToPath(new URL('../output/', import.meta.url));
const executable = findChromium();

let browser: Browser | undefined;
let mock: RunningMock | undefined;
let staticSite: StaticServer | undefined;
let siteDir = '';
let providers = new Map<string, string[]>();

beforeAll(async () => {
  siteDir = mkdtempSync(join(tmpdir(), 'pdg-docs-site-'));
  // Nothing of these waits on another: the catalog, the mock, the written site and the browser start together.
  const writeSite = async () => {
    const written = await runPdg(['docs', '--out', siteDir]);
    if (written.code !== 0) throw new Error(`pdg docs failed: ${written.stderr}`);
    staticSite = await serveFolder(siteDir);
  };
  const launch = async () => {
    if ('path' in executable) browser = await chromium.launch({ executablePath: executable.path, timeout: 300_000 });
  };
  const startMock = async () => {
    mock = await startPdgMock();
  };
  const readCatalog = async () => {
    providers = await catalog();
  };
  const settled = await Promise.allSettled([readCatalog(), startMock(), writeSite(), launch()]);
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
});

afterAll(async () => {
  await browser?.close();
  await staticSite?.close();
  await mock?.stop();
  if (siteDir) rmSync(siteDir, { recursive: true, force: true });
});

function started(context: { skip(note?: string): never }): { browser: Browser; mock: RunningMock } {
  if ('wrong' in executable) throw new Error(executable.wrong);
  if ('missing' in executable) return unavailable(context, executable.missing);
  if (!browser || !mock) throw new Error('Chromium was found but not started: see the error of beforeAll.');
  return { browser, mock };
}

it('pdg mock says where the reference is', () => {
  expect(mock?.banner).toContain(`  API reference: ${mock?.url}/docs/ (try any endpoint in the browser)\n`);
});

describe.each([
  { site: 'mock', name: 'served by pdg mock at /docs/' },
  { site: 'static', name: 'written by pdg docs, on a plain static server' },
] as const)('the API reference $name', ({ site }) => {
  let opened: Promise<OpenedPage> | undefined;
  const pageUrl = () => (site === 'mock' ? `${mock?.url}/docs/` : `${staticSite?.url}/`);
  /** The page's own origin and the gateway's: the only places the page may ask anything of. */
  const allowedOrigins = () => new Set([new URL(pageUrl()).origin, mock?.url]);
  const offsite = (requests: readonly string[]) =>
    requests.filter((url) => !url.startsWith('data:') && !allowedOrigins().has(new URL(url).origin));

  afterAll(async () => {
    await opened?.then(({ page }) => page.close()).catch(() => {});
  });

  const visit = async (context: { skip(note?: string): never }) => {
    const { browser } = started(context);
    // One visit for all the tests of a site, opened once: a page that fails to open fails each test at once.
    opened ??= openReference(browser, pageUrl());
    return opened;
  };

  it('loads with no console error and no request to another host', async (context) => {
    const { errors, requests, firstLoadBytes, firstLoadRequests, firstOperationMs } = await visit(context);
    expect(errors).toEqual([]);
    expect(offsite(requests)).toEqual([]);
    expect(requests.length).toBeGreaterThan(0);
    console.log(
      `[docs site] ${site}: first load ${firstLoadRequests} requests, ${(firstLoadBytes / 1000).toFixed(0)} kB transferred; first operation shown after ${(firstOperationMs / 1000).toFixed(1)} s`,
    );
  });

  it('lists every operation of the catalog in the sidebar, provider by provider, the page screenshotted with every group open', async (context) => {
    const { page } = await visit(context);
    const folder = join(output, site);
    mkdirSync(folder, { recursive: true });
    const listed = new Map<string, number>();
    for (const [providerId, endpoints] of providers) {
      const operations = await openGroup(page, providerId);
      // Each operation once, each under its own provider's path.
      expect(new Set(operations).size, providerId).toBe(operations.length);
      for (const operation of operations) expect(operation).toMatch(new RegExp(`^GET /v1/${providerId}/`));
      expect(operations.length, providerId).toBe(endpoints.length);
      listed.set(providerId, operations.length);
    }
    const screenshot = join(folder, 'sidebar-open.png');
    await page.screenshot({ path: screenshot });
    const total = [...listed.values()].reduce((sum, count) => sum + count, 0);
    const expected = [...providers.values()].reduce((sum, endpoints) => sum + endpoints.length, 0);
    expect(total).toBe(expected);
    console.log(
      `[docs site] ${site}: ${total} operations of ${listed.size} providers listed; screenshot ${screenshot}`,
    );
  });

  it("a search for browse finds the job board's browse", async (context) => {
    const { page } = await visit(context);
    const results = await search(page, 'browse');
    expect(results.some((id) => id.endsWith('/tag/jobsjobboard/GET/v1/jobs:jobboard/browse'))).toBe(true);
    await page.keyboard.press('Escape');
  });

  it('"Test Request" on jobs:jobboard browse shows a 200 with jobs from the mock', async (context) => {
    const { page } = await visit(context);
    const gateway = mock?.url ?? '';
    // The static site's server is a variable (the local mock's usual address) and it holds no key: the
    // reader fills in both, as they would for their own gateway.
    if (site === 'static') await setGateway(page, gateway, 'made-up-key');
    const outcome = await tryOperation(page, '/v1/jobs:jobboard/browse');
    expect(new URL(outcome.url).origin).toBe(gateway);
    expect(outcome.status).toBe(200);
    const { items } = outcome.body as { items: { jobId: string; title: string }[] };
    expect(items.length).toBeGreaterThan(0);
    expect(outcome.shown).toContain('200 OK');
    expect(outcome.shown).toContain(items[0]?.jobId);
  });

  it('asked nothing of another host and logged no error during the whole visit', async (context) => {
    const { errors, requests } = await visit(context);
    expect(errors).toEqual([]);
    expect(offsite(requests)).toEqual([]);
  });
});
