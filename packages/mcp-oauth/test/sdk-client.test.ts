/**
 * The MCP SDK's own 2025 client signs in against the server with its OAuth client provider: it is refused,
 * finds the metadata, registers, sends the user to the sign-in page (done here with fetch, as a browser
 * would), exchanges the code and then calls tools with the token, spending the user's key.
 */
import { auth, type OAuthClientProvider, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type Hosted, keyA, redirectUri, startHosted } from './hosted.js';

/** A client's memory: what the SDK asks its provider to keep, and the sign-in page it was sent to. */
class RememberingProvider implements OAuthClientProvider {
  information: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  sentTo: URL | undefined;
  readonly redirectUrl = redirectUri;
  readonly clientMetadata: OAuthClientMetadata = {
    redirect_uris: [redirectUri],
    client_name: 'SDK test client',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.sentTo = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

let hosted: Hosted;
beforeEach(async () => {
  hosted = await startHosted();
});
afterEach(async () => {
  await hosted.close();
});

/** What a browser does with the sign-in page: open it, paste the key, submit; the redirect's code. */
async function signInAsBrowser(page: URL, apiKey: string): Promise<string> {
  const opened = await fetch(page);
  const html = await opened.text();
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
  );
  const cookie = opened.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const submitted = await fetch(new URL('/sign-in', page), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ ...fields, api_key: apiKey }),
  });
  expect(submitted.status).toBe(303);
  return new URL(submitted.headers.get('location') as string).searchParams.get('code') as string;
}

it("the SDK's 2025 client signs in, calls a tool with the user's key, and refreshes its token", async () => {
  const provider = new RememberingProvider();
  const url = new URL(hosted.server.url);
  const firstTry = new Client({ name: 'sdk-oauth-test', version: '0.0.0' });
  const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
  await expect(firstTry.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.information?.client_id).toBeTruthy();
  const page = provider.sentTo as URL;
  expect(page.pathname).toBe('/authorize');
  expect(page.searchParams.get('code_challenge_method')).toBe('S256');
  expect(page.searchParams.get('resource')).toBe(hosted.server.url);

  await transport.finishAuth(await signInAsBrowser(page, keyA));
  expect(provider.saved?.access_token).toBeTruthy();
  expect(JSON.stringify(provider.saved)).not.toContain(keyA);

  const client = new Client({ name: 'sdk-oauth-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
  const result = (await client.callTool({
    name: 'jobs_jobboard_browse',
    arguments: { limit: 3, maxItems: 2 },
  })) as CallToolResult;
  expect(result.isError).toBeFalsy();
  expect(JSON.stringify(result)).not.toContain(keyA);
  expect(hosted.sent.at(-1)?.key).toBe(keyA);
  await client.close();

  // The SDK's refresh: a new pair, the old refresh token spent.
  const before = provider.saved as OAuthTokens;
  expect(await auth(provider, { serverUrl: url })).toBe('AUTHORIZED');
  expect(provider.saved?.refresh_token).not.toBe(before.refresh_token);
});
