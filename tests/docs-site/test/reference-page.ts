/**
 * The reference page driven as a reader drives it: open it, open a provider's group in the sidebar, search,
 * and "Test Request" then "Send" on an endpoint. Selectors are the renderer's visible names and its
 * sidebar ids (`…/tag/jobsjobboard/GET/v1/jobs:jobboard/browse`), never styling.
 */
import type { Browser, Page } from 'playwright-core';

export interface OpenedPage {
  readonly page: Page;
  /** Every URL the page asked for, in order, for as long as it is open. */
  readonly requests: string[];
  /** Console errors and uncaught exceptions. */
  readonly errors: string[];
  /** Bytes transferred (headers and bodies, as sent) by the first load, until the network is idle. */
  readonly firstLoadBytes: number;
  /** Requests of the first load. */
  readonly firstLoadRequests: number;
  /** From the start of navigation to the first operation shown. */
  readonly firstOperationMs: number;
}

export async function openReference(browser: Browser, url: string): Promise<OpenedPage> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  // Waits end when the page shows what is awaited; the limit only catches a page that never does.
  page.setDefaultTimeout(120_000);
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  let finished = 0;
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    finished++;
  });
  const startedAt = performance.now();
  await page.goto(url);
  // The first provider's section lists its operations: `GET /v1/bypass-tools:lockedlink/resolve`.
  await page
    .locator('a')
    .filter({ hasText: /^\s*get\s*\/v1\//i })
    .first()
    .waitFor();
  const firstOperationMs = performance.now() - startedAt;
  await page.waitForLoadState('networkidle');
  const firstLoad = { firstLoadBytes: bytes, firstLoadRequests: finished };
  await cdp.detach();
  return { page, requests, errors, ...firstLoad, firstOperationMs };
}

/** The renderer's id of a provider's group: `jobs:jobboard` is `jobsjobboard`. */
const tagSlug = (providerId: string) => providerId.replaceAll(':', '');

/**
 * Opens a provider's group in the sidebar with its chevron ("Open Group - jobs:jobboard"), as a reader unfolds
 * it without leaving the page, and returns the names of the operations the sidebar then lists under it
 * (`GET /v1/jobs:jobboard/browse`). (Its name instead would also scroll the page to the provider's section,
 * which the renderer then draws: about five times the browser's CPU time, for the same list.)
 */
export async function openGroup(page: Page, providerId: string): Promise<string[]> {
  const group = page.locator(`li[data-sidebar-id$="/tag/${tagSlug(providerId)}"]`);
  await group.getByRole('button', { name: `Open Group - ${providerId}`, exact: true }).click();
  const entries = group.locator('li[data-sidebar-id*="/GET/"]');
  await entries.first().waitFor();
  const ids = await entries.evaluateAll((items) => items.map((item) => item.getAttribute('data-sidebar-id') ?? ''));
  return ids.map((id) => `GET ${id.slice(id.indexOf('/GET/') + '/GET'.length)}`);
}

/** Types into the page's search and returns the results' ids, once at least one is shown. */
export async function search(page: Page, text: string): Promise<string[]> {
  await page.getByRole('button', { name: /Open Search/ }).click();
  await page.keyboard.type(text);
  const results = page.getByRole('listbox', { name: 'Reference Search Results' }).getByRole('option');
  await results.first().waitFor();
  return results.evaluateAll((options) => options.map((option) => option.id));
}

/** Fills in the server variable and the API key, as a reader of the static site does before trying. */
export async function setGateway(page: Page, gatewayUrl: string, apiKey: string): Promise<void> {
  await page.getByLabel('base_url').first().fill(gatewayUrl);
  await page.getByLabel('Value', { exact: true }).first().fill(apiKey);
}

export interface TryOutcome {
  /** The gateway's answer, as the browser received it. */
  readonly status: number;
  readonly url: string;
  readonly body: unknown;
  /** The text of the renderer's response panel once it shows the answer. */
  readonly shown: string;
}

/**
 * "Test Request" on an operation, then "Send", as a reader does: resolves with the gateway's answer and
 * what the page shows of it.
 */
export async function tryOperation(page: Page, operationPath: string): Promise<TryOutcome> {
  const section = page.locator(`[id$="/GET${operationPath}"]`).first();
  await section.scrollIntoViewIfNeeded();
  await section.getByRole('button', { name: 'Test Request' }).first().click();
  const escaped = operationPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === operationPath);
  await page.getByRole('button', { name: new RegExp(`^Send\\b.* request to .*${escaped}$`) }).click();
  const response = await answered;
  const body = (await response.json()) as unknown;
  const panel = page.locator('section[aria-label="Response"]').filter({ hasText: `${response.status()} ` });
  await panel.first().waitFor();
  // biome-ignore lint/performance/useDomNodeTextContent: the text as the reader sees it, not hidden labels.
  const shown = await panel.first().innerText();
  return { status: response.status(), url: response.url(), body, shown };
}
