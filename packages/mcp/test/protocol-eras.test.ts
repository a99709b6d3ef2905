/**
 * Both protocol eras over HTTP on one endpoint: a 2025 client (the MCP SDK 1.x client, `initialize` first),
 * plain POSTs of the 2026-07-28 revision (no `initialize`: each request carries its version in `_meta`, and
 * the `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` headers, checked against the body), and the MCP SDK
 * 2.x client negotiating the era. And the endpoint docs as resources, read in both eras.
 */
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { fixtures as jobboardFixtures } from '@pdg/jobs-jobboard/fixtures';
import { type MockRequestInfo, type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { fixtures as forumFixtures } from '@pdg/social-media-forum/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMcpHttpServer, startMcpHttpServer } from '../src/index.js';
import { apiKey, providers } from './connect.js';

let gateway: RunningMockGateway;
let server: RunningMcpHttpServer;
const requests: MockRequestInfo[] = [];

beforeAll(async () => {
  gateway = await startMockGateway({
    providers: [...providers],
    fixtures: [...jobboardFixtures, ...forumFixtures],
    onRequest: (request) => requests.push(request),
  });
  server = await startMcpHttpServer({ providers, apiKey, baseUrl: gateway.url, retry: 0 });
});
afterAll(async () => {
  await server.close();
  await gateway.close();
});

/** Every documented endpoint of the served providers, as `provider/endpoint`. */
const documented = providers.flatMap((provider) =>
  Object.entries(provider.endpoints as Record<string, { undocumented?: boolean }>)
    .filter(([, endpoint]) => !endpoint.undocumented)
    .map(([name]) => `${provider.id}/${name}`),
);

/** Every endpoint, documented or not: one tool each. */
const endpointCount = providers.reduce((count, provider) => count + Object.keys(provider.endpoints).length, 0);

const modernVersion = '2026-07-28';
const envelope = {
  'io.modelcontextprotocol/protocolVersion': modernVersion,
  'io.modelcontextprotocol/clientInfo': { name: 'plain-http', version: '0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

interface Answer {
  readonly status: number;
  readonly body: {
    readonly result?: Record<string, unknown>;
    readonly error?: { readonly code: number; readonly message: string };
  };
}

/** A 2026-07-28 request as plain HTTP: the `_meta` envelope, and the standard headers unless `headers` says otherwise. */
async function modernPost(
  method: string,
  params: Record<string, unknown>,
  headers: Record<string, string | undefined> = {},
): Promise<Answer> {
  const name = typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
  const sent: Record<string, string | undefined> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': modernVersion,
    'mcp-method': method,
    ...(name === undefined ? {} : { 'mcp-name': name }),
    ...headers,
  };
  const response = await fetch(server.url, {
    method: 'POST',
    headers: Object.fromEntries(
      Object.entries(sent).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params: { ...params, _meta: envelope } }),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** The answer's result; an error answer (or none) fails the test, naming what came instead. */
function resultOf(answer: Answer): Record<string, unknown> {
  if (answer.body.result === undefined) throw new Error(`expected a result, got ${JSON.stringify(answer.body)}`);
  return answer.body.result;
}

/** The text of a read resource's one content item. */
function textOfContents(contents: readonly ({ text: string } | { blob: string })[]): string {
  const [first] = contents;
  if (first === undefined || !('text' in first)) throw new Error(`expected text, got ${JSON.stringify(contents)}`);
  return first.text;
}

async function legacyClient(): Promise<Client> {
  const client = new Client({ name: 'eras-2025', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  return client;
}

describe('the 2026-07-28 revision over plain HTTP (no initialize)', () => {
  it('answers server/discover with 2026-07-28 beside the 2025 revisions, and the tools, resources and extensions (tasks) capabilities', async () => {
    const discovered = await modernPost('server/discover', {});
    expect(discovered.status).toBe(200);
    const versions = resultOf(discovered).supportedVersions as string[];
    expect(versions[0]).toBe(modernVersion);
    expect(versions).toEqual(expect.arrayContaining(['2025-11-25', '2025-06-18', '2025-03-26']));
    expect(Object.keys(resultOf(discovered).capabilities as object).sort()).toEqual([
      'extensions',
      'resources',
      'tools',
    ]);
  });

  it('answers tools/list carrying its version in _meta, as the first request', async () => {
    const listed = await modernPost('tools/list', {});
    expect(listed.status).toBe(200);
    const names = (resultOf(listed).tools as { name: string }[]).map((tool) => tool.name);
    expect(names).toContain('jobs_jobboard_browse');
    expect(names).toHaveLength(endpointCount);
  });

  it('calls a tool, and refuses with 400 and -32020 a call whose Mcp-Name names another tool, sending nothing', async () => {
    const params = { name: 'jobs_jobboard_browse', arguments: { country: 'SG', limit: 3, maxItems: 3 } };
    const called = await modernPost('tools/call', params);
    expect(called.status).toBe(200);
    expect((resultOf(called).structuredContent as { items: unknown[] }).items).toHaveLength(3);
    const before = requests.length;
    const mismatched = await modernPost('tools/call', params, { 'mcp-name': 'jobs_jobboard_job' });
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.error?.code).toBe(-32020);
    expect(mismatched.body.error?.message).toContain('jobs_jobboard_job');
    expect(requests.length).toBe(before);
  });

  it('refuses with 400 a request whose Mcp-Method disagrees with its body, or with no MCP-Protocol-Version header', async () => {
    const wrongMethod = await modernPost('tools/list', {}, { 'mcp-method': 'resources/list' });
    expect(wrongMethod.status).toBe(400);
    expect(wrongMethod.body.error?.message).toMatch(/Mcp-Method/);
    const noVersion = await modernPost('tools/list', {}, { 'mcp-protocol-version': undefined });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.error?.message).toMatch(/MCP-Protocol-Version/i);
  });

  it('lists every documented endpoint as a resource, and reads one with its cache time as the cache hint', async () => {
    const listed = await modernPost('resources/list', {});
    const resources = resultOf(listed).resources as { uri: string; name: string; mimeType: string }[];
    expect(resources.map((resource) => resource.name).sort()).toEqual([...documented].sort());
    const read = await modernPost('resources/read', { uri: 'pdg://jobs%3Ajobboard/browse' });
    expect(read.status).toBe(200);
    const [contents] = resultOf(read).contents as { text: string; mimeType: string }[];
    expect(contents?.mimeType).toBe('text/markdown');
    expect(contents?.text).toMatch(/^- country \(string/m);
    // jobs:jobboard browse: cached 600 s by the gateway (spec), public to every caller.
    expect(resultOf(read).ttlMs).toBe(600_000);
    expect(resultOf(read).cacheScope).toBe('public');
  });
});

describe('a 2025 client (the MCP SDK 1.x client) on the same endpoint', () => {
  it('lists every documented endpoint as a resource (as many as the catalog has), and the template', async () => {
    // jobs:jobboard search is only named by the spec: a tool, but no docs to read.
    expect(documented).toHaveLength(endpointCount - 1);
    const client = await legacyClient();
    try {
      const { resources } = await client.listResources();
      expect(resources).toHaveLength(documented.length);
      expect(resources.map((resource) => resource.uri)).toContain('pdg://jobs%3Ajobboard/browse');
      for (const resource of resources) expect(() => new URL(resource.uri)).not.toThrow();
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(['pdg://{provider}/{endpoint}']);
    } finally {
      await client.close();
    }
  });

  it('reads jobs:jobboard browse: its call, its params with their rules, its fields, paging and cache time', async () => {
    const client = await legacyClient();
    try {
      const { contents } = await client.readResource({ uri: 'pdg://jobs%3Ajobboard/browse' });
      const text = textOfContents(contents);
      expect(text).toMatch(/^# jobs:jobboard browse$/m);
      expect(text).toMatch(/^- country \(string, matching \^\[A-Za-z\]\{2\}\$\)/m);
      expect(text).toMatch(/^- limit \(integer, >= 0, <= 100, default 20\)/m);
      expect(text).toMatch(/^- jobType \(string, one of "FULL_TIME"/m);
      expect(text).toContain("pdg.items('jobs:jobboard', 'browse'");
      expect(text).toMatch(/^- `items\[\]\.title`: string/m);
      expect(text).toMatch(/^type JobsJobboardBrowseItem = /m);
      expect(text).toContain('The gateway caches answers for 10 min.');
    } finally {
      await client.close();
    }
  });

  it('is told what a resource URI looks like when it names no endpoint', async () => {
    const client = await legacyClient();
    try {
      await expect(client.readResource({ uri: 'pdg://jobs%3Ajobboard/brwose' })).rejects.toThrow(
        /no documented endpoint jobs:jobboard brwose; resources\/list names every one/,
      );
      await expect(client.readResource({ uri: 'pdg://jobs:jobboard/browse' })).rejects.toThrow(/invalid/i);
    } finally {
      await client.close();
    }
  });

  it('gets a walk stopped at its bound ending with a resource_link, and reading it walks on from there', async () => {
    const client = await legacyClient();
    try {
      const first = (await client.callTool({
        name: 'jobs_jobboard_browse',
        arguments: { country: 'SG', limit: 3, maxItems: 2 },
      })) as CallToolResult;
      const firstIds = (first.structuredContent as { items: { jobId: string }[] }).items.map((job) => job.jobId);
      const link = first.content.at(-1);
      if (link?.type !== 'resource_link') throw new Error(`expected a resource_link last, got ${JSON.stringify(link)}`);
      expect(link.uri).toMatch(/^pdg:\/\/jobs%3Ajobboard\/browse\?/);
      const rest = await client.readResource({ uri: link.uri });
      const next = JSON.parse(textOfContents(rest.contents)) as {
        items: { jobId: string }[];
        walk: { items: number };
      };
      expect(next.walk.items).toBe(2);
      // Walked on, not from the start: what follows the first two of the same listing.
      const whole = (await client.callTool({
        name: 'jobs_jobboard_browse',
        arguments: { country: 'SG', limit: 3, maxItems: 4 },
      })) as CallToolResult;
      const wholeIds = (whole.structuredContent as { items: { jobId: string }[] }).items.map((job) => job.jobId);
      expect([...firstIds, ...next.items.map((job) => job.jobId)]).toEqual(wholeIds);
    } finally {
      await client.close();
    }
  });
});

describe('the MCP SDK 2.x client', () => {
  it('negotiating the era finds 2026-07-28, and lists the tools and reads a resource in it', async () => {
    const client = new ModernClient({ name: 'eras-2026', version: '0.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new ModernTransport(new URL(server.url)));
    try {
      expect(client.getProtocolEra()).toBe('modern');
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(endpointCount);
      const { contents } = await client.readResource({ uri: 'pdg://social-media%3Aforum/thread' });
      expect(textOfContents(contents)).toMatch(/^# social-media:forum thread$/m);
    } finally {
      await client.close();
    }
  });

  it('with its default (2025) handshake is served too', async () => {
    const client = new ModernClient({ name: 'eras-2025-on-2x', version: '0.0.0' });
    await client.connect(new ModernTransport(new URL(server.url)));
    try {
      expect(client.getProtocolEra()).toBe('legacy');
      expect((await client.listResources()).resources).toHaveLength(documented.length);
    } finally {
      await client.close();
    }
  });
});
