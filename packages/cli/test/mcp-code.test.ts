/**
 * `pdg mcp --code` as third-party clients see it: the MCP Inspector's CLI lists the code-mode tools and calls
 * `execute`; and the MCP bundle (`pnpm mcpb`): a manifest valid per the bundle format's schema, and a server
 * in it that starts on its own, serves the tools, and type-checks a program before it runs it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unpackExtension, VERSIONED_MANIFEST_SCHEMAS } from '@anthropic-ai/mcpb';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { startMockGateway } from '@pdg/mock';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv, cli } from './run-cli.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'pdg-mcp-code-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function run(command: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      command,
      args,
      { env: { ...cleanEnv, ...env }, cwd: packageDir, timeout: 240_000, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('the MCP Inspector CLI against pdg mcp --mock --code', () => {
  const inspector = join(
    dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector/package.json')),
    'clients/launcher/build/index.js',
  );
  const env = { MCP_CATALOG_PATH: join(scratch, 'inspector-catalog.json') };
  // The Inspector gives a server 15 s to start by default; on a loaded machine pdg's start can take longer
  // ("Connection timed out after 15000 ms"). A generous wait that only guards against a server that hangs.
  const patient = ['--connect-timeout', '120000'];

  it('lists search_docs and execute', async () => {
    const listed = await run(
      process.execPath,
      [
        inspector,
        '--cli',
        ...patient,
        '--method',
        'tools/list',
        '--',
        process.execPath,
        cli,
        'mcp',
        '--mock',
        '--code',
      ],
      env,
    );
    expect(listed.code, listed.stderr).toBe(0);
    const { tools } = JSON.parse(listed.stdout) as { tools: { name: string }[] };
    expect(tools.map((tool) => tool.name)).toEqual(['search_docs', 'execute']);
  });

  it('calls execute, and gets the answer of the program', async () => {
    const program =
      "let n = 0; for await (const job of pdg.items('jobs:jobboard', 'browse', {}, { maxItems: 45 })) n++; return { jobs: n }";
    const called = await run(
      process.execPath,
      [
        inspector,
        '--cli',
        ...patient,
        '--method',
        'tools/call',
        '--tool-name',
        'execute',
        '--tool-arg',
        `code=${program}`,
        '--',
        process.execPath,
        cli,
        'mcp',
        '--mock',
        '--code',
      ],
      env,
    );
    expect(called.code, called.stderr).toBe(0);
    const result = JSON.parse(called.stdout) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ result: { jobs: 45 }, calls: 3 });
  });
});

describe('the MCP bundle (scripts/mcpb.mjs)', () => {
  it('builds pdg.mcpb whose manifest is valid per the bundle schema and whose server starts, serves the tools and checks types', async () => {
    const out = join(scratch, 'bundle');
    const built = await run(process.execPath, ['scripts/mcpb.mjs', '--out', out]);
    expect(built.code, built.stderr).toBe(0);
    expect(built.stdout).toMatch(/pdg\.mcpb: manifest\.json, server\/index\.js/);
    expect(built.stdout).toMatch(/server\/node_modules\/typescript \(\d+ files\)/);

    // Unpacked by the bundle format's own tool, as a client installing it would.
    const unpacked = join(scratch, 'unpacked');
    expect(await unpackExtension({ mcpbPath: join(out, 'pdg.mcpb'), outputDir: unpacked, silent: true })).toBe(true);
    const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'));
    const checked = VERSIONED_MANIFEST_SCHEMAS['0.3'].safeParse(manifest);
    expect(checked.success, JSON.stringify(checked.error?.issues)).toBe(true);
    expect(manifest.server.entry_point).toBe('server/index.js');
    expect(manifest.user_config.api_key).toMatchObject({ type: 'string', sensitive: true, required: true });

    // Started as the manifest says, with the user's settings in its env, over the mock gateway.
    const requests: string[] = [];
    const gateway = await startMockGateway({
      providers: [jobboard],
      fixtures,
      onRequest: (request) => requests.push(request.url),
    });
    const settings: Record<string, string> = {
      '${user_config.api_key}': 'made-up-key-bundle-4c1e',
      '${user_config.base_url}': gateway.url,
      '${user_config.toolset}': 'code',
      '${__dirname}': unpacked,
    };
    const fill = (text: string) =>
      Object.entries(settings).reduce((out, [slot, value]) => out.replaceAll(slot, value), text);
    const config = manifest.server.mcp_config as { command: string; args: string[]; env: Record<string, string> };
    const transport = new StdioClientTransport({
      command: config.command === 'node' ? process.execPath : config.command,
      args: config.args.map(fill),
      env: {
        ...(cleanEnv as Record<string, string>),
        ...Object.fromEntries(Object.entries(config.env).map(([name, value]) => [name, fill(value)])),
      },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    const client = new Client({ name: 'bundle-test', version: '0.0.0' });
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['search_docs', 'execute']);

      // The type check runs in the bundle too (TypeScript shipped beside the server): the misspelt endpoint
      // on line 2 is named with the one meant, and nothing reaches the gateway.
      const misspelt = (await client.callTool({
        name: 'execute',
        arguments: {
          code: "const limit = 3;\nconst page = await pdg.run('jobs:jobboard', 'brwose', {});\nreturn page;",
        },
      })) as CallToolResult;
      expect(misspelt.isError).toBe(true);
      const said = JSON.stringify(misspelt.content);
      expect(said).toContain('line 2, column ');
      expect(said).toContain('Did you mean browse?');
      expect(said).toContain('nothing was sent');
      expect(requests).toEqual([]);
      expect(stderr).not.toContain('without the type check');

      const result = (await client.callTool({
        name: 'execute',
        arguments: { code: "return (await pdg.run('jobs:jobboard', 'browse', { limit: 4 })).items.length" },
      })) as CallToolResult;
      expect(result.structuredContent).toEqual({ result: 4, calls: 1 });
      expect(requests).toHaveLength(1);
    } finally {
      await client.close();
      await gateway.close();
    }
  });
});

describe('pdg mcp --http with no key of its own', () => {
  it('says each request must bring a key, uses the key a request brings, and refuses a keyless call', async () => {
    const seen: boolean[] = [];
    const gateway = await startMockGateway({
      providers: [jobboard],
      fixtures,
      onRequest: (request) => seen.push(request.hasApiKey),
    });
    const { spawn } = await import('node:child_process');
    const child = spawn(
      process.execPath,
      [cli, 'mcp', '--http', '--port', '0', '--code', '--providers', 'jobs:jobboard', '--base-url', gateway.url],
      { env: cleanEnv, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    const clients: Client[] = [];
    try {
      let stderr = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr?.on('data', (chunk: Buffer) => {
          stderr += chunk;
          const found = /^pdg mcp: (http:\/\/127\.0\.0\.1:\d+\/mcp) /m.exec(stderr);
          if (found && stderr.includes('Ctrl-C')) resolve(found[1] as string);
        });
        child.once('exit', (code) => reject(new Error(`pdg mcp exited ${code}: ${stderr}`)));
      });
      expect(stderr).toContain(
        'no API key of its own: each request must bring one (x-api-key or Authorization: Bearer)',
      );
      const connect = async (headers: Record<string, string>) => {
        const client = new Client({ name: 'keyless-test', version: '0.0.0' });
        await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
        clients.push(client);
        return client;
      };
      const program = { code: "return (await pdg.run('jobs:jobboard', 'browse', { limit: 2 })).items.length" };
      const keyed = (await (
        await connect({ authorization: 'Bearer made-up-key-keyless-8a2f' })
      ).callTool({
        name: 'execute',
        arguments: program,
      })) as CallToolResult;
      expect(keyed.structuredContent).toEqual({ result: 2, calls: 1 });
      expect(seen).toEqual([true]);
      const keyless = (await (await connect({})).callTool({ name: 'execute', arguments: program })) as CallToolResult;
      expect(keyless.isError).toBe(true);
      expect(JSON.stringify(keyless.content)).toContain('This server has no API key of its own');
      expect(seen).toEqual([true]);
      expect(stderr).not.toContain('made-up-key');
    } finally {
      for (const client of clients) await client.close();
      child.kill('SIGTERM');
      await gateway.close();
    }
  });

  it('refuses --all-tools with --code', async () => {
    const refused = await run(process.execPath, [cli, 'mcp', '--mock', '--all-tools', '--code']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe('pdg: --all-tools and --code are two different toolsets: give one of them.\n');
  });
});
