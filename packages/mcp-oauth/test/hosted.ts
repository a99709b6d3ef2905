/**
 * A hosted MCP server with OAuth sign-in over a mock gateway that knows two keys, and the steps of a sign-in
 * done with plain HTTP (fetch), as a client and a browser would: register, open the sign-in page, submit a
 * key, exchange the code, call a tool with the token; and for the MCP SDK's own 2025 client, the provider
 * that keeps what its OAuth client asks it to, and a browser's part of its sign-in. The steps that take a
 * URL serve any hosted server (the CLI's tests use them against `pdg mcp --http --oauth`).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type RunningMcpHttpServer, startMcpHttpServer } from '@pdg/mcp';
import { type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { type McpOAuthOptions, mcpOAuth } from '../src/index.js';

/** Made-up keys, long enough that any leak of them would be found. */
export const keyA = 'made-up-key-user-a-7c41e9b2';
export const keyB = 'made-up-key-user-b-19d5a0f3';
export const redirectUri = 'http://127.0.0.1:9/callback';

export interface Hosted {
  readonly server: RunningMcpHttpServer;
  readonly gateway: RunningMockGateway;
  /** Every request that reached the gateway: its URL and the key it carried. */
  readonly sent: { url: string; key: string | null }[];
  /** `http://127.0.0.1:<port>`: where the sign-in's paths are. */
  readonly origin: string;
  close(): Promise<void>;
}

export async function startHosted(oauth: Partial<McpOAuthOptions> = {}): Promise<Hosted> {
  const sent: { url: string; key: string | null }[] = [];
  const gateway = await startMockGateway({ providers: [jobboard], fixtures, apiKeys: [keyA, keyB] });
  const recordingFetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push({ url: request.url, key: request.headers.get('x-api-key') });
    return fetch(request);
  };
  const access = { providers: [jobboard], baseUrl: gateway.url, retry: 0, fetch: recordingFetch } as const;
  const server = await startMcpHttpServer({
    ...access,
    toolset: 'endpoints',
    auth: mcpOAuth({ ...access, keyCheck: { provider: 'jobs:jobboard', endpoint: 'filters' }, ...oauth }),
  });
  return {
    server,
    gateway,
    sent,
    origin: new URL(server.url).origin,
    close: async () => {
      await server.close();
      await gateway.close();
    },
  };
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function register(origin: string, uri = redirectUri): Promise<string> {
  const answer = await fetch(`${origin}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [uri], token_endpoint_auth_method: 'none', client_name: 'Test assistant' }),
  });
  if (answer.status !== 201) throw new Error(`registration: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { client_id: string }).client_id;
}

export interface SignInPageSeen {
  readonly status: number;
  readonly html: string;
  readonly headers: Headers;
  /** The hidden fields of the form. */
  readonly fields: Record<string, string>;
  /** The `Cookie` header a browser would send back. */
  readonly cookie: string;
}

export async function openSignIn(
  origin: string,
  clientId: string,
  challenge: string,
  extra: Record<string, string> = {},
): Promise<SignInPageSeen> {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-123',
    resource: `${origin}/mcp`,
    ...extra,
  });
  const answer = await fetch(`${origin}/authorize?${query}`, { redirect: 'manual' });
  return pageSeen(answer);
}

/** What a browser keeps of an answer holding the sign-in page: its text, hidden fields and cookie. */
export async function pageSeen(answer: Response): Promise<SignInPageSeen> {
  const html = await answer.text();
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1] as string] = match[2] as string;
  }
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { status: answer.status, html, headers: answer.headers, fields, cookie };
}

/** Submits the page's form with a key; the answer is not followed. */
export function submit(origin: string, page: SignInPageSeen, apiKey: string, cookie = page.cookie) {
  return fetch(`${origin}/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({ ...page.fields, api_key: apiKey }),
  });
}

export async function submitAgain(origin: string, page: SignInPageSeen, apiKey: string): Promise<SignInPageSeen> {
  return pageSeen(await submit(origin, page, apiKey));
}

export function tokenRequest(origin: string, form: Record<string, string>) {
  return fetch(`${origin}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
}

export interface Tokens {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly token_type: string;
  readonly expires_in: number;
}

/** The whole sign-in of one user with one key: their tokens. */
export async function signIn(hosted: Hosted, apiKey: string): Promise<Tokens & { clientId: string }> {
  const clientId = await register(hosted.origin);
  const { verifier, challenge } = pkcePair();
  const page = await openSignIn(hosted.origin, clientId, challenge);
  const redirect = await submit(hosted.origin, page, apiKey);
  const code = new URL(redirect.headers.get('location') ?? 'http://invalid/').searchParams.get('code');
  if (redirect.status !== 303 || !code) throw new Error(`sign-in: ${redirect.status}`);
  const answer = await tokenRequest(hosted.origin, {
    grant_type: 'authorization_code',
    client_id: clientId,
    code,
    code_verifier: verifier,
    redirect_uri: redirectUri,
    resource: hosted.server.url,
  });
  if (answer.status !== 200) throw new Error(`token: ${answer.status} ${await answer.text()}`);
  return { ...((await answer.json()) as Tokens), clientId };
}

/** One JSON-RPC message to the MCP endpoint with the given headers. */
export function mcpPost(hosted: Hosted, headers: Record<string, string>, message: object) {
  return fetch(hosted.server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...message }),
  });
}

/** A tools/call of jobs:jobboard browse with `limit`, by the bearer of `token`. */
export function browseWith(hosted: Hosted, headers: Record<string, string>, limit: number) {
  return mcpPost(hosted, headers, {
    method: 'tools/call',
    params: { name: 'jobs_jobboard_browse', arguments: { limit, maxItems: 2 } },
  });
}

/** A 2025 SDK client's memory: what its OAuth client asks the provider to keep, and the sign-in page it was sent to. */
export class RememberingProvider implements OAuthClientProvider {
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

/** What a browser does with the sign-in page: open it, paste the key, submit the form to its action; the redirect's code. */
export async function signInAsBrowser(page: URL, apiKey: string): Promise<string> {
  const seen = await pageSeen(await fetch(page));
  const action = /<form [^>]*action="([^"]+)"/.exec(seen.html)?.[1];
  if (action === undefined) throw new Error(`no form on the sign-in page: ${seen.status} ${seen.html.slice(0, 200)}`);
  const submitted = await fetch(new URL(action.replaceAll('&amp;', '&'), page), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: seen.cookie },
    body: new URLSearchParams({ ...seen.fields, api_key: apiKey }),
  });
  const code = new URL(submitted.headers.get('location') ?? 'http://invalid/').searchParams.get('code');
  if (submitted.status !== 303 || !code) throw new Error(`sign-in: ${submitted.status} ${await submitted.text()}`);
  return code;
}
