/**
 * The sign-in page in a real browser (Chromium through playwright-core): a refused key shows the gateway's
 * reason, a good one follows the redirect to a loopback redirect URI this test serves, with `code` and
 * `state`; the page asks for nothing from elsewhere and breaks none of its own policy. Chromium is
 * `PDG_CHROMIUM` or `chromium` on the PATH; without one the test fails in CI and is skipped elsewhere,
 * saying how to get one.
 */
import { accessSync, constants } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { delimiter, join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Hosted, keyA, mcpPost, pkcePair, startHosted, tokenRequest } from './hosted.js';

function findChromium(): string | undefined {
  const given = process.env.PDG_CHROMIUM;
  if (given) return given;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    try {
      accessSync(join(dir, 'chromium'), constants.X_OK);
      return join(dir, 'chromium');
    } catch {}
  }
  return undefined;
}

const executablePath = findChromium();
const missing =
  "Chromium is not installed: install Debian's package (`apt-get install --no-install-recommends chromium`) or set PDG_CHROMIUM to a Chromium or Chrome executable.";

let hosted: Hosted;
let browser: Browser | undefined;
let callback: Server;
let callbackUri: string;
const arrived: URL[] = [];

beforeAll(async () => {
  hosted = await startHosted();
  callback = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    // The browser may also ask for /favicon.ico.
    if (url.pathname === '/callback') arrived.push(url);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', connection: 'close' });
    response.end('<!doctype html><title>Signed in</title><p id="done">You can close this window.</p>');
  });
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
  callbackUri = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
  if (executablePath) {
    browser = await chromium.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-background-networking'],
      timeout: 120_000,
    });
  }
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => {
    callback.close(() => resolve());
    callback.closeAllConnections();
  });
  await hosted.close();
});

it('signs in in Chromium: a refused key shows the reason, a good one redirects with code and state', async (context) => {
  if (!browser) {
    if (process.env.CI === 'true') throw new Error(missing);
    context.skip(missing);
    return;
  }
  const registered = await fetch(`${hosted.origin}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      redirect_uris: [callbackUri],
      token_endpoint_auth_method: 'none',
      client_name: 'Browser test',
    }),
  });
  const clientId = ((await registered.json()) as { client_id: string }).client_id;
  const { verifier, challenge } = pkcePair();
  const authorize = new URL('/authorize', hosted.origin);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: callbackUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'browser-state-42',
    resource: hosted.server.url,
  }).toString();

  const page = await browser.newPage();
  const elsewhere: string[] = [];
  const policyBreaks: string[] = [];
  page.on('request', (request) => {
    const origin = new URL(request.url()).origin;
    if (origin !== hosted.origin && origin !== new URL(callbackUri).origin) elsewhere.push(request.url());
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) policyBreaks.push(message.text());
  });
  try {
    await page.goto(authorize.href, { timeout: 60_000 });
    expect(await page.title()).toBe('Sign in to pdg');
    await page.fill('input[name="api_key"]', 'made-up-key-nobody-has');
    await Promise.all([page.waitForLoadState('load', { timeout: 60_000 }), page.click('button[type="submit"]')]);
    await expect
      .poll(() => page.textContent('[role="alert"]'), { timeout: 60_000 })
      .toMatch(/refused this key: .*Invalid API key\./);
    expect(arrived).toEqual([]);

    await page.fill('input[name="api_key"]', keyA);
    await Promise.all([page.waitForURL(`${callbackUri}?**`, { timeout: 60_000 }), page.click('button[type="submit"]')]);
    expect(await page.textContent('#done')).toBe('You can close this window.');
  } finally {
    await page.close();
  }
  expect(arrived.length).toBe(1);
  const back = arrived[0] as URL;
  expect(back.searchParams.get('state')).toBe('browser-state-42');
  const code = back.searchParams.get('code') as string;
  expect(elsewhere).toEqual([]);
  expect(policyBreaks).toEqual([]);

  const answer = await tokenRequest(hosted.origin, {
    grant_type: 'authorization_code',
    client_id: clientId,
    code,
    code_verifier: verifier,
    redirect_uri: callbackUri,
    resource: hosted.server.url,
  });
  expect(answer.status).toBe(200);
  const { access_token } = (await answer.json()) as { access_token: string };
  const listed = await mcpPost(
    hosted,
    { authorization: `Bearer ${access_token}` },
    { method: 'tools/list', params: {} },
  );
  expect(listed.status).toBe(200);
}, 240_000);
