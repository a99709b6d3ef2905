/**
 * `pdg mcp --http --oauth` as a user runs it: a request with no token is 401 naming the metadata, a user
 * signs in on the page with their key and calls a tool with the token, and nothing of the key or token is
 * printed; the flags that go with --oauth are checked.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import type { Stream } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, cli, runCli } from './run-cli.js';

const userKey = 'made-up-key-signed-in-user-5e2b';
const redirectUri = 'http://127.0.0.1:9/callback';

describe('pdg mcp --mock --code --http --oauth --port 0', () => {
  let child: ChildProcess;
  let stderr = '';
  let url: string;
  let origin: string;

  beforeAll(async () => {
    const { PDG_MCP_OAUTH_SECRET: _, PDG_MCP_PUBLIC_URL: __, ...env } = cleanEnv;
    child = spawn(process.execPath, [cli, 'mcp', '--mock', '--code', '--http', '--oauth', '--port', '0'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    (child.stderr as Stream).on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    // Both lines of the banner: the URL, then the sign-in's.
    const deadline = Date.now() + 120_000;
    while (!/OAuth sign-in/.test(stderr)) {
      if (Date.now() > deadline) throw new Error(`pdg mcp did not start:\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    url = /^pdg mcp: (http:\/\/127\.0\.0\.1:\d+\/mcp) /m.exec(stderr)?.[1] as string;
    origin = new URL(url).origin;
  }, 150_000);
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  const post = (headers: Record<string, string>, method: string, params: object = {}) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });

  it('says where assistants connect and where sign-ins are kept', () => {
    expect(stderr).toContain(`  OAuth sign-in: give assistants ${url}; each user pastes their own key once`);
    expect(stderr).toContain('  sign-ins kept in this process');
  });

  it('answers 401 naming the metadata, signs a user in on the page, and serves the token', async () => {
    const refused = await post({}, 'tools/list');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
    );
    const registered = await fetch(`${origin}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' }),
    });
    const clientId = ((await registered.json()) as { client_id: string }).client_id;
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'cli-state',
    });
    const page = await fetch(`${origin}/authorize?${query}`);
    const html = await page.text();
    expect(html).toMatch(/name="api_key"/);
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
    );
    const cookie = page.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const submitted = await fetch(`${origin}/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ ...fields, api_key: userKey }),
    });
    expect(submitted.status).toBe(303);
    const back = new URL(submitted.headers.get('location') as string);
    expect(back.searchParams.get('state')).toBe('cli-state');
    const tokenAnswer = await fetch(`${origin}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: clientId,
        code: back.searchParams.get('code') as string,
        code_verifier: verifier,
        redirect_uri: redirectUri,
      }),
    });
    expect(tokenAnswer.status).toBe(200);
    const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
    const listed = await post({ authorization: `Bearer ${token}` }, 'tools/list');
    expect(listed.status).toBe(200);
    const tools = ((await listed.json()) as { result: { tools: { name: string }[] } }).result.tools;
    expect(tools.map((tool) => tool.name).sort()).toEqual(['execute', 'search_docs']);
    // The key was tried against the (mock) gateway, and nothing of the key or token was printed.
    expect(stderr).toMatch(/^mock gateway: GET \/v1\//m);
    expect(stderr).not.toContain(userKey);
    expect(stderr).not.toContain(token);
  });
});

describe('pdg mcp --oauth flags', () => {
  it('refuses --oauth without --http, and --public-url without --oauth', async () => {
    const noHttp = await runCli(['mcp', '--mock', '--oauth']);
    expect(noHttp.code).toBe(2);
    expect(noHttp.stderr).toContain('--oauth goes with --http');
    const noOauth = await runCli(['mcp', '--mock', '--http', '--public-url', 'https://pdg.example.com/mcp']);
    expect(noOauth.code).toBe(2);
    expect(noOauth.stderr).toContain('--public-url goes with --oauth');
  });

  it('refuses a public URL without TLS, and a short secret, saying what to set', async () => {
    const plain = await runCli(
      ['mcp', '--mock', '--http', '--oauth', '--port', '0', '--public-url', 'http://pdg.example.com/mcp'],
      {},
    );
    expect(plain.code).toBe(2);
    expect(plain.stderr).toMatch(
      /The public URL http:\/\/pdg\.example\.com\/mcp is not HTTPS: OAuth needs TLS in front/,
    );
    const short = await runCli(['mcp', '--mock', '--http', '--oauth', '--port', '0'], {
      PDG_MCP_OAUTH_SECRET: 'short',
    });
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/PDG_MCP_OAUTH_SECRET\) has 5 characters; give at least 32/);
  });
});
