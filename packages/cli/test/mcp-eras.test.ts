/**
 * `pdg mcp --mock` over stdio in both protocol eras: a 2025 client (the MCP SDK 1.x client, `initialize`
 * first) reading the endpoint docs as resources, and the 2026-07-28 revision written as plain JSON lines
 * (no `initialize`: `server/discover`, then a request carrying its version in `_meta`), and the MCP SDK 2.x
 * client negotiating the era.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdioTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { loadProviders } from '../src/catalog.js';
import { cleanEnv, cli } from './run-cli.js';

const providers = await loadProviders();
/** Every documented endpoint of every registered provider, as `provider/endpoint`. */
const documented = providers.flatMap((provider) =>
  Object.entries(provider.endpoints as Record<string, { undocumented?: boolean }>)
    .filter(([, endpoint]) => !endpoint.undocumented)
    .map(([name]) => `${provider.id}/${name}`),
);

describe('pdg mcp --mock over stdio, a 2025 client', () => {
  it('lists every documented endpoint as a resource, and reads jobs:jobboard browse with its params', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cli, 'mcp', '--mock'],
      env: cleanEnv as Record<string, string>,
      stderr: 'ignore',
    });
    const client = new Client({ name: 'pdg-cli-eras', version: '0.0.0' });
    await client.connect(transport);
    try {
      const { resources } = await client.listResources();
      expect(resources.map((resource) => resource.name).sort()).toEqual([...documented].sort());
      const { contents } = await client.readResource({ uri: 'pdg://jobs%3Ajobboard/browse' });
      const text = String((contents[0] as { text?: string }).text);
      expect(text).toMatch(/^- country \(string/m);
      expect(text).toMatch(/^- limit \(integer/m);
    } finally {
      await client.close();
    }
  }, 120_000);
});

describe('pdg mcp --mock over stdio, the 2026-07-28 revision as plain JSON lines', () => {
  it('answers server/discover (2026-07-28 beside the 2025 revisions), then tools/list carrying its version in _meta', async () => {
    const child = spawn(process.execPath, [cli, 'mcp', '--mock'], {
      env: cleanEnv,
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    /** The result answering the request with this id: the next line that is one (bounded by the test's timeout). */
    const answerTo = async (id: number) => {
      for (;;) {
        const { value, done } = await lines.next();
        if (done) throw new Error(`the server ended before answering request ${id}`);
        const message = JSON.parse(value as string) as { id?: number; result?: Record<string, unknown> };
        if (message.id !== id) continue;
        if (message.result === undefined) throw new Error(`request ${id} was refused: ${value}`);
        return message.result;
      }
    };
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'plain-lines', version: '0' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    try {
      child.stdin.write(
        `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } })}\n`,
      );
      const discovered = await answerTo(1);
      const versions = discovered.supportedVersions as string[];
      expect(versions[0]).toBe('2026-07-28');
      expect(versions).toEqual(expect.arrayContaining(['2025-11-25', '2025-06-18']));
      child.stdin.write(
        `${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: meta } })}\n`,
      );
      const listed = await answerTo(2);
      expect((listed.tools as { name: string }[]).map((tool) => tool.name)).toEqual([
        'find_endpoints',
        'call_endpoint',
      ]);
    } finally {
      child.stdin.end();
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }, 120_000);
});

describe('pdg mcp --mock over stdio, the MCP SDK 2.x client', () => {
  it('negotiating the era finds 2026-07-28, calls a tool and follows the walk link, and reads the docs', async () => {
    const client = new ModernClient(
      { name: 'pdg-cli-eras-2x', version: '0.0.0' },
      { versionNegotiation: { mode: 'auto' } },
    );
    await client.connect(
      new ModernStdioTransport({
        command: process.execPath,
        args: [cli, 'mcp', '--mock'],
        env: cleanEnv as Record<string, string>,
        stderr: 'ignore',
      }),
    );
    try {
      expect(client.getProtocolEra()).toBe('modern');
      const called = await client.callTool({
        name: 'call_endpoint',
        arguments: { provider: 'jobs:jobboard', endpoint: 'browse', params: { country: 'SG', limit: 3 }, maxItems: 2 },
      });
      const link = called.content.at(-1);
      if (link?.type !== 'resource_link') throw new Error(`expected a resource_link last, got ${JSON.stringify(link)}`);
      const rest = await client.readResource({ uri: link.uri });
      const next = JSON.parse(String((rest.contents[0] as { text?: string }).text)) as { walk: { items: number } };
      expect(next.walk.items).toBe(2);
      const { resources } = await client.listResources();
      expect(resources).toHaveLength(documented.length);
    } finally {
      await client.close();
    }
  }, 120_000);
});
