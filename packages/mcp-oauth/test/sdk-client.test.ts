/**
 * The MCP SDK's own 2025 client signs in against the server with its OAuth client provider: it is refused,
 * finds the metadata, registers, sends the user to the sign-in page (done here with fetch, as a browser
 * would), exchanges the code and then calls tools with the token, spending the user's key.
 */
import { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type Hosted, keyA, RememberingProvider, redirectUri, signInAsBrowser, startHosted } from './hosted.js';

/** Where the 2026-style client below says its metadata document is, and the document served there. */
const documentUrl = 'https://assistant.example/oauth/client.json';
const documents: Record<string, object> = {
  [documentUrl]: {
    client_id: documentUrl,
    client_name: 'Assistant with a metadata document',
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  },
  'https://assistant.example/oauth/other.json': { client_id: documentUrl, redirect_uris: [redirectUri] },
};
const documentsFetched: string[] = [];

let hosted: Hosted;
beforeEach(async () => {
  documentsFetched.length = 0;
  hosted = await startHosted({
    clientMetadataDocuments: async (url) => {
      documentsFetched.push(url.href);
      const document = documents[url.href];
      return document ? Response.json(document) : new Response('not found', { status: 404 });
    },
  });
});
afterEach(async () => {
  await hosted.close();
});

/** The SDK's OAuth dance up to the sign-in page, a browser's part, the code's exchange: a connected client. */
async function signedInClient(provider: RememberingProvider, apiKey: string): Promise<Client> {
  const url = new URL(hosted.server.url);
  const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
  await expect(new Client({ name: 'sdk-oauth-test', version: '0.0.0' }).connect(transport)).rejects.toBeInstanceOf(
    UnauthorizedError,
  );
  await transport.finishAuth(await signInAsBrowser(provider.sentTo as URL, apiKey));
  const client = new Client({ name: 'sdk-oauth-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
  return client;
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

it('a client whose id is its metadata document\u2019s URL signs in without registering', async () => {
  const metadata = (await (await fetch(`${hosted.origin}/.well-known/oauth-authorization-server`)).json()) as {
    client_id_metadata_document_supported?: boolean;
  };
  expect(metadata.client_id_metadata_document_supported).toBe(true);
  const provider = new RememberingProvider();
  Object.assign(provider, { clientMetadataUrl: documentUrl });
  const client = await signedInClient(provider, keyA);
  expect(provider.information?.client_id).toBe(documentUrl);
  expect(documentsFetched).toEqual([documentUrl]);
  const result = (await client.callTool({
    name: 'jobs_jobboard_browse',
    arguments: { limit: 4, maxItems: 2 },
  })) as CallToolResult;
  expect(result.isError).toBeFalsy();
  expect(hosted.sent.at(-1)?.key).toBe(keyA);
  await client.close();
});

it('refuses a metadata document that names another client id, or none at its URL', async () => {
  for (const clientId of [
    'https://assistant.example/oauth/other.json',
    'https://assistant.example/oauth/missing.json',
  ]) {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    });
    const answer = await fetch(`${hosted.origin}/authorize?${query}`, { redirect: 'manual' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: 'invalid_client' });
  }
});
