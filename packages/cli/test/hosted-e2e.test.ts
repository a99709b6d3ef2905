/**
 * Issue 55's "Must show", end to end, as a user meets it: ONE `pdg mcp --http --oauth --code` process (the
 * built CLI, with no key of its own and a made-up PDG_MCP_OAUTH_SECRET) in front of a mock gateway this test
 * starts, whose every request is recorded with the key it carried. The 2025 lines use the MCP SDK 1.x client
 * (its OAuth client provider, or the bearer header); the 2026-07-28 lines plain fetch. One describe per line
 * of the issue, in its order; they share the server, so they run in this order.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult, CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  keyA,
  keyB,
  pageSeen,
  pkcePair,
  RememberingProvider,
  redirectUri,
  signInAsBrowser,
} from '../../mcp-oauth/test/hosted.js';
import { fixturesOf, loadProviders } from '../src/catalog.js';
import { type RecordingGateway, startRecordingGateway } from './recording-gateway.js';
import { cleanEnv, cli } from './run-cli.js';

/** Made up, long enough for the server to take (32 characters or more). */
const oauthSecret = 'made-up-oauth-secret-for-the-hosted-e2e-test-3f9c';
/** jobs:jobboard browse has this many jobs, 20 a page: a walk of all of them is past a call's 500 items. */
const listingSize = 700;

const providers = await loadProviders();
/** Every documented endpoint of every provider the server serves (all of them), as `provider/endpoint`. */
const documented = providers.flatMap((provider) =>
  Object.entries(provider.endpoints as Record<string, { undocumented?: boolean }>)
    .filter(([, endpoint]) => !endpoint.undocumented)
    .map(([name]) => `${provider.id}/${name}`),
);

let gateway: RecordingGateway;
let child: ChildProcess;
let stdout = '';
let stderr = '';
/** The MCP URL, `http://127.0.0.1:<port>/mcp`, and its origin. */
let url: string;
let origin: string;
/** Every token handed out in this file: none may appear in the server's output. */
const tokens: string[] = [];
/** Clients to close in afterAll. */
const clients: Client[] = [];

beforeAll(async () => {
  gateway = await startRecordingGateway({
    providers,
    fixtures: await fixturesOf(providers),
    apiKeys: [keyA, keyB],
    listingSize,
  });
  const { PDG_MCP_OAUTH_SECRET: _, PDG_MCP_PUBLIC_URL: __, PDG_DEBUG: ___, ...env } = cleanEnv;
  child = spawn(
    process.execPath,
    [cli, 'mcp', '--http', '--oauth', '--code', '--port', '0', '--base-url', gateway.url],
    { env: { ...env, PDG_MCP_OAUTH_SECRET: oauthSecret }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  // Against a hang only: the banner's last line says where sign-ins are kept.
  const deadline = Date.now() + 120_000;
  while (!/sign-ins kept/.test(stderr)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`pdg mcp did not start:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  url = /^pdg mcp: (http:\/\/127\.0\.0\.1:\d+\/mcp) /m.exec(stderr)?.[1] as string;
  origin = new URL(url).origin;
}, 150_000);

afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await gateway?.close();
}, 60_000);

/** A 2025 SDK client sending `Authorization: Bearer <token>` on every request. */
async function bearerClient(token: string): Promise<Client> {
  const client = new Client({ name: 'hosted-e2e', version: '0.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  clients.push(client);
  return client;
}

/**
 * A user signing in as the 2025 SDK client does it: refused, it finds the metadata, registers and sends the
 * user to the sign-in page (a browser's part done with fetch), exchanges the code, then connects.
 */
async function signedInClient(apiKey: string): Promise<{ client: Client; provider: RememberingProvider }> {
  const provider = new RememberingProvider();
  const transport = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
  await expect(new Client({ name: 'hosted-e2e', version: '0.0.0' }).connect(transport)).rejects.toBeInstanceOf(
    UnauthorizedError,
  );
  await transport.finishAuth(await signInAsBrowser(provider.sentTo as URL, apiKey));
  const saved = provider.saved;
  if (!saved) throw new Error('the SDK client kept no tokens');
  tokens.push(saved.access_token, ...(saved.refresh_token ? [saved.refresh_token] : []));
  const client = new Client({ name: 'hosted-e2e', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }));
  clients.push(client);
  return { client, provider };
}

/** A tool result's text, all of its content items. */
const textOf = (result: CallToolResult) =>
  result.content.map((item) => (item.type === 'text' ? item.text : JSON.stringify(item))).join('\n');

/** Every way a key could be carried in a token: as it is, base64 or base64url. */
const keyForms = (key: string) => [
  key,
  Buffer.from(key).toString('base64'),
  Buffer.from(key).toString('base64url'),
  Buffer.from(key).toString('base64').replace(/=+$/, ''),
];

/** Whether a token holds the key, as text or in any base64url piece of it decoded. */
function holdsKey(token: string, key: string): boolean {
  const decoded = token.split(/[.~_-]/).map((piece) => Buffer.from(piece, 'base64url').toString('latin1'));
  return keyForms(key).some((form) => token.includes(form)) || decoded.some((text) => text.includes(key));
}

/**
 * The task's progress once it is `expected`, or the last one read when the task stops working or 10 s have
 * passed: an `execute` task is still bound by the program's 30 s, so this wait must end well before that for
 * the rest of the walk to be checked; the caller's expect says what came instead.
 */
async function progressOnceItIs(client: Client, taskId: string, expected: unknown): Promise<unknown> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const task = await client.experimental.tasks.getTask(taskId);
    const progress = task._meta?.['pdg/progress'];
    const done = JSON.stringify(progress) === JSON.stringify(expected) || task.status !== 'working';
    if (done || Date.now() > deadline) return progress;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The signed-in user A of line 1: their access token, for the lines after. */
let tokenA = '';

describe('1. a request with no token is refused, and the metadata lead to a sign-in and a token', () => {
  const meta: Record<string, string> = {};

  it('answers a request with no token 401, naming the protected-resource metadata', async () => {
    const refused = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(refused.status).toBe(401);
    const challenge = refused.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    const named = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
    expect(named).toBe(`${origin}/.well-known/oauth-protected-resource/mcp`);
    meta.resource = named as string;
    // The 2025 SDK client without a token is refused the same way.
    await expect(
      new Client({ name: 'hosted-e2e', version: '0.0.0' }).connect(new StreamableHTTPClientTransport(new URL(url))),
    ).rejects.toThrow(/401|Unauthorized/);
  });

  it('follows RFC 9728 to RFC 8414: the resource is this server, its server takes S256 only and registers clients', async () => {
    const resource = (await (await fetch(meta.resource as string)).json()) as {
      resource: string;
      authorization_servers: string[];
    };
    expect(resource.resource).toBe(url);
    const issuer = new URL(resource.authorization_servers[0] as string);
    const issuerPath = issuer.pathname === '/' ? '' : issuer.pathname;
    const answer = await fetch(new URL(`/.well-known/oauth-authorization-server${issuerPath}`, issuer));
    expect(answer.status).toBe(200);
    const server = (await answer.json()) as Record<string, unknown>;
    expect(server.code_challenge_methods_supported).toEqual(['S256']);
    expect(server.registration_endpoint).toEqual(expect.any(String));
    for (const name of ['authorization_endpoint', 'token_endpoint', 'registration_endpoint'] as const) {
      meta[name] = server[name] as string;
    }
  });

  it('registers (RFC 7591), serves the sign-in page, redirects with code and state, and exchanges the code with PKCE', async () => {
    const registered = await fetch(meta.registration_endpoint as string, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', client_name: 'E2E' }),
    });
    expect(registered.status).toBe(201);
    const clientId = ((await registered.json()) as { client_id: string }).client_id;

    const { verifier, challenge } = pkcePair();
    const authorize = new URL(meta.authorization_endpoint as string);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'e2e-state-41',
      resource: url,
    }).toString();
    // The browser's part: open the page, read its form, paste the key, submit with the page's cookie.
    const page = await pageSeen(await fetch(authorize, { redirect: 'manual' }));
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<input [^>]*name="api_key"/);
    expect(Object.keys(page.fields).length).toBeGreaterThan(0);
    expect(page.cookie).not.toBe('');
    const action = /<form [^>]*action="([^"]+)"/.exec(page.html)?.[1] as string;
    const submitted = await fetch(new URL(action.replaceAll('&amp;', '&'), authorize), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: page.cookie },
      body: new URLSearchParams({ ...page.fields, api_key: keyA }),
    });
    expect(submitted.status).toBe(303);
    const back = new URL(submitted.headers.get('location') as string);
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('e2e-state-41');
    const code = back.searchParams.get('code') as string;
    expect(code).toBeTruthy();

    const exchange = (codeVerifier: string) =>
      fetch(meta.token_endpoint as string, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: clientId,
          code,
          code_verifier: codeVerifier,
          redirect_uri: redirectUri,
          resource: url,
        }),
      });
    const wrong = await exchange(pkcePair().verifier);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    const right = await exchange(verifier);
    expect(right.status).toBe(200);
    const issued = (await right.json()) as { access_token: string; refresh_token: string; token_type: string };
    expect(issued.token_type.toLowerCase()).toBe('bearer');
    expect(issued.refresh_token).toEqual(expect.any(String));
    tokenA = issued.access_token;
    tokens.push(issued.access_token, issued.refresh_token);
    // Neither token holds the key: not as text, nor base64, nor in any piece of it decoded.
    for (const token of [issued.access_token, issued.refresh_token]) expect(holdsKey(token, keyA)).toBe(false);
  });

  it('serves the token, and answers a forged or altered one 401', async () => {
    const client = await bearerClient(tokenA);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['execute', 'search_docs']);
    const altered = `${tokenA.slice(0, -1)}${tokenA.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of ['made-up-forged-token-0c7d1e', altered]) {
      const answer = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${forged}`,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer .*resource_metadata="/);
    }
  });
});

describe('2. two users signed in with two keys: each call spends its own user key only', () => {
  /** A program whose one call names its user by the page size asked for. */
  const program = (limit: number) => ({
    code: `const page = await pdg.run('jobs:jobboard', 'browse', { limit: ${limit} });\nreturn page.items.length;`,
  });

  it('sends each user call to the gateway with that user key, one after the other and both at once', async () => {
    const a = await signedInClient(keyA);
    const b = await signedInClient(keyB);
    for (const saved of [a.provider.saved, b.provider.saved]) {
      for (const key of [keyA, keyB]) expect(holdsKey(JSON.stringify(saved), key)).toBe(false);
    }

    let from = gateway.requests.length;
    const first = (await a.client.callTool({ name: 'execute', arguments: program(3) })) as CallToolResult;
    expect(first.structuredContent).toEqual({ result: 3, calls: 1 });
    expect(gateway.requests.slice(from).map((request) => request.key)).toEqual([keyA]);
    from = gateway.requests.length;
    const second = (await b.client.callTool({ name: 'execute', arguments: program(4) })) as CallToolResult;
    expect(second.structuredContent).toEqual({ result: 4, calls: 1 });
    expect(gateway.requests.slice(from).map((request) => request.key)).toEqual([keyB]);

    // Both at once: A asks for 5 a page, B for 6; each page size reached the gateway with its user's key.
    from = gateway.requests.length;
    const both = (await Promise.all([
      a.client.callTool({ name: 'execute', arguments: program(5) }),
      b.client.callTool({ name: 'execute', arguments: program(6) }),
    ])) as CallToolResult[];
    expect(both.map((result) => result.structuredContent)).toEqual([
      { result: 5, calls: 1 },
      { result: 6, calls: 1 },
    ]);
    const keyOfLimit = Object.fromEntries(
      gateway.requests
        .slice(from)
        .map((request) => [new URL(request.url, origin).searchParams.get('limit'), request.key]),
    );
    expect(keyOfLimit).toEqual({ 5: keyA, 6: keyB });

    for (const result of [first, second, ...both]) {
      for (const key of [keyA, keyB]) expect(JSON.stringify(result)).not.toContain(key);
    }
  });

  it('prints no key and no token on stdout or stderr', () => {
    expect(tokens.length).toBeGreaterThanOrEqual(6);
    for (const secret of [keyA, keyB, oauthSecret, ...tokens]) {
      expect(stdout).not.toContain(secret);
      expect(stderr).not.toContain(secret);
    }
  });
});

describe('3. execute checks the program types first: a misspelling is an error naming the line, and nothing is sent', () => {
  it.each([
    {
      misspelt: "pdg.run('jobs:jobboard', 'brwose', …) on line 2",
      code: "const country = 'SG';\nconst page = await pdg.run('jobs:jobboard', 'brwose', { country, limit: 2 });\nreturn page.items.length;",
      meant: /line 2\b.*brwose.*Did you mean browse/,
    },
    {
      misspelt: 'r.itmes on line 2',
      code: "const r = await pdg.run('jobs:jobboard', 'browse', { limit: 2 });\nreturn r.itmes.length;",
      meant: /line 2\b.*itmes.*Did you mean 'items'/,
    },
  ])('$misspelt', async ({ code, meant }) => {
    const client = await bearerClient(tokenA);
    const from = gateway.requests.length;
    const result = (await client.callTool({ name: 'execute', arguments: { code } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(meant);
    expect(gateway.requests.slice(from)).toEqual([]);
  });
});

describe('4. every documented endpoint is a resource, and reading one shows its params', () => {
  it("lists as many resources as the gateway's OpenAPI document has documented operations, and reads jobs:jobboard browse", async () => {
    // The catalog as the gateway publishes it: one operation per endpoint, `x-pdg-undocumented` on those the
    // spec only names (no docs to read).
    const openApi = (await (await fetch(`${gateway.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const operations = Object.values(openApi.paths).flatMap((path) => Object.values(path));
    const inOpenApi = operations
      .filter((operation) => operation['x-pdg-undocumented'] !== true)
      .map((operation) => `${operation['x-pdg-provider']}/${operation['x-pdg-endpoint']}`);
    expect(inOpenApi.length).toBeGreaterThan(20);
    expect(inOpenApi.length).toBeLessThan(operations.length);
    expect([...inOpenApi].sort()).toEqual([...documented].sort());

    const client = await bearerClient(tokenA);
    const { resources } = await client.listResources();
    expect(resources).toHaveLength(inOpenApi.length);
    expect(resources.map((resource) => resource.name).sort()).toEqual([...inOpenApi].sort());
    const { contents } = await client.readResource({ uri: 'pdg://jobs%3Ajobboard/browse' });
    const text = String((contents[0] as { text?: string }).text);
    expect(text).toMatch(/^- country \(string/m);
    expect(text).toMatch(/^- limit \(integer/m);
  });
});

describe('5. the 2026-07-28 revision over plain HTTP, behind sign-in', () => {
  const modern = '2026-07-28';
  const envelope = {
    'io.modelcontextprotocol/protocolVersion': modern,
    'io.modelcontextprotocol/clientInfo': { name: 'plain-http-2026', version: '0' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  /** A 2026 request: its version in `_meta` and the headers, no `initialize` before it. */
  const modernPost = (method: string, headers: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': modern,
        'mcp-method': method,
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method, params: { _meta: envelope } }),
    });

  it('answers server/discover with 2026-07-28 beside a 2025 revision', async () => {
    const discovered = await modernPost('server/discover', { authorization: `Bearer ${tokenA}` });
    expect(discovered.status).toBe(200);
    const { result } = (await discovered.json()) as { result: { supportedVersions: string[] } };
    expect(result.supportedVersions).toContain(modern);
    expect(result.supportedVersions).toContain('2025-11-25');
  });

  it('answers tools/list carrying its version in _meta, with no initialize; without the token, 401', async () => {
    const listed = await modernPost('tools/list', { authorization: `Bearer ${tokenA}` });
    expect(listed.status).toBe(200);
    const { result } = (await listed.json()) as { result: { tools: { name: string }[] } };
    expect(result.tools.map((tool) => tool.name).sort()).toEqual(['execute', 'search_docs']);
    expect((await modernPost('tools/list', {})).status).toBe(401);
  });
});

describe('6. a walk of more than 500 items asked as a task', () => {
  it('returns a task id at once, reports progress while it walks, and gives the whole result when done', async () => {
    const client = await bearerClient(tokenA);
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === 'execute')?.execution).toEqual({ taskSupport: 'optional' });
    const code = [
      'const ids = [];',
      "for await (const job of pdg.items('jobs:jobboard', 'browse', {}, { maxItems: 700 })) ids.push(job.jobId);",
      'return { count: ids.length, distinct: new Set(ids).size, ids };',
    ].join('\n');
    // The walk waits at page 11 until the test has seen its progress: ten pages of 20 jobs are in by then.
    const release = gateway.holdPage(11);
    const from = gateway.requests.length;
    try {
      const created = await client.request(
        { method: 'tools/call', params: { name: 'execute', arguments: { code }, task: { ttl: 600_000 } } },
        CreateTaskResultSchema,
      );
      const { taskId } = created.task;
      expect(taskId).toEqual(expect.any(String));
      expect(created.task.status).toBe('working');
      await expect.poll(() => gateway.requests.slice(from).length, { timeout: 60_000, interval: 50 }).toBe(11);
      // Its progress while held there; soft, so that the whole result is checked too when this fails.
      const progress = await progressOnceItIs(client, taskId, { pages: 10, items: 200 });
      expect.soft(progress, 'tasks/get _meta["pdg/progress"] while the walk is at page 11').toEqual({
        pages: 10,
        items: 200,
      });
      const working = await client.experimental.tasks.getTask(taskId);
      expect(working.status).toBe('working');
      expect.soft(working.statusMessage, 'tasks/get statusMessage').toMatch(/10 pages, 200 items/);
      release();
      const result = (await client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema)) as CallToolResult;
      const answer = (result.structuredContent as { result: { count: number; distinct: number; ids: string[] } })
        .result;
      expect(answer.count).toBe(listingSize);
      expect(answer.distinct).toBe(listingSize);
      expect(answer.ids).toHaveLength(listingSize);
      expect((await client.experimental.tasks.getTask(taskId)).status).toBe('completed');
      // Every page with the user's key, the key in neither the result nor the server's output.
      expect(new Set(gateway.requests.slice(from).map((request) => request.key))).toEqual(new Set([keyA]));
      expect(JSON.stringify(result)).not.toContain(keyA);
      expect(`${stdout}${stderr}`).not.toContain(keyA);
    } finally {
      release();
    }
  }, 120_000);
});
