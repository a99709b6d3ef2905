/**
 * `pdg mcp --mock` as an MCP client meets it: the built CLI started as a child process, spoken to by the
 * MCP SDK's own client over stdio and over Streamable HTTP. The mock gateway prints each request it gets on
 * stderr, which is how these tests see that a refused call sends nothing.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import type { Stream } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProviders } from '../src/catalog.js';
import { cleanEnv, cli } from './run-cli.js';

const providers = await loadProviders();

/** Everything a child wrote to stderr so far, and the gateway requests among it. */
class Stderr {
  text = '';
  constructor(stream: Stream) {
    stream.on('data', (chunk: Buffer) => {
      this.text += chunk;
    });
  }
  /** `GET /v1/...` for each request the mock gateway received, in order. */
  requests(): string[] {
    return [...this.text.matchAll(/^mock gateway: (.*)$/gm)].map((match) => match[1] as string);
  }
  /** Waits (bounded) until the text matches. */
  async waitFor(pattern: RegExp, ms = 120_000): Promise<RegExpMatchArray> {
    const deadline = Date.now() + ms;
    for (;;) {
      const match = this.text.match(pattern);
      if (match) return match;
      if (Date.now() > deadline) throw new Error(`stderr never matched ${pattern}:\n${this.text}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

const structured = <T>(result: CallToolResult) => result.structuredContent as T;
const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;

/** Each `type` that is a list of types, with where it is. */
function typeArrays(schema: unknown, at: string): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item, index) => typeArrays(item, `${at}[${index}]`));
  if (typeof schema !== 'object' || schema === null) return [];
  return Object.entries(schema).flatMap(([key, value]) =>
    key === 'type' && Array.isArray(value) ? [`${at}.type`] : typeArrays(value, `${at}.${key}`),
  );
}

/** The issue's checks, the same over either transport. */
function mustShow(session: () => { client: Client; stderr: Stderr }) {
  it('lists exactly one tool per endpoint of every registered provider, each input schema valid JSON Schema', async () => {
    const { tools } = await session().client.listTools();
    const endpoints = providers.flatMap((provider) =>
      Object.keys(provider.endpoints).map((name) => ({ provider: provider.id, name })),
    );
    expect(tools).toHaveLength(endpoints.length);
    // The documented rule: <category>_<provider>_<endpoint>, the colon made an underscore.
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      endpoints.map(({ provider, name }) => `${provider.replace(':', '_')}_${name}`).sort(),
    );
    const ajv = new Ajv2020({ strict: false });
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
      expect(tool.annotations).toEqual({ readOnlyHint: true, openWorldHint: true });
    }
  });

  it('gives every input schema one type per schema: no type arrays, which single-type clients refuse', async () => {
    const { tools } = await session().client.listTools();
    expect(tools.flatMap((tool) => typeArrays(tool.inputSchema, tool.name))).toEqual([]);
  });

  it('accepts a number for a string id: threadId 8120443 is sent as the digits it is', async () => {
    const { client, stderr } = session();
    const result = (await client.callTool({
      name: 'social-media_forum_thread',
      arguments: { threadId: 8120443, maxItems: 1 },
    })) as CallToolResult;
    expect(result.isError, textOf(result)).toBeFalsy();
    await stderr.waitFor(/mock gateway: GET \/v1\/social-media:forum\/thread\/8120443\n/);
  });

  it('calls a page-numbered endpoint: jobs_jobboard_browse walks two pages and says where to go on', async () => {
    const { client, stderr } = session();
    const before = stderr.requests().length;
    const result = (await client.callTool({
      name: 'jobs_jobboard_browse',
      arguments: { country: 'SG', limit: 3, maxItems: 4 },
    })) as CallToolResult;
    const walked = structured<{
      items: { location: { countryCode: string } }[];
      walk: { items: number; pages: number; done: boolean; resume: unknown };
    }>(result);
    expect(result.isError).toBeFalsy();
    expect(walked.items.map((job) => job.location.countryCode)).toEqual(['SG', 'SG', 'SG', 'SG']);
    expect(walked.walk).toEqual({ items: 4, pages: 2, done: false, resume: { at: 2, taken: 1 } });
    await stderr.waitFor(/mock gateway: GET \/v1\/jobs:jobboard\/browse\?country=SG&page=2&limit=3\n/);
    expect(stderr.requests().slice(before)).toEqual([
      'GET /v1/jobs:jobboard/browse?country=SG&limit=3',
      'GET /v1/jobs:jobboard/browse?country=SG&page=2&limit=3',
    ]);
  });

  it('calls a cursor endpoint: social-media_forum_hot follows nextCursor', async () => {
    const { client, stderr } = session();
    const result = (await client.callTool({
      name: 'social-media_forum_hot',
      arguments: { limit: 2, maxItems: 3 },
    })) as CallToolResult;
    const walked = structured<{ threads: { threadId: string }[]; walk: { resume: { at: unknown } } }>(result);
    expect(walked.threads).toHaveLength(3);
    expect(new Set(walked.threads.map((thread) => thread.threadId)).size).toBe(3);
    expect(typeof walked.walk.resume.at).toBe('string');
    await stderr.waitFor(/mock gateway: GET \/v1\/social-media:forum\/hot\?cursor=/);
  });

  it('calls a path-param endpoint: jobs_jobboard_job by a jobId from the listing', async () => {
    const { client, stderr } = session();
    const listed = (await client.callTool({
      name: 'jobs_jobboard_browse',
      arguments: { maxItems: 1 },
    })) as CallToolResult;
    const jobId = structured<{ items: { jobId: string; title: string }[] }>(listed).items[0]?.jobId as string;
    const result = (await client.callTool({ name: 'jobs_jobboard_job', arguments: { jobId } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(structured<{ result: { jobId: string } }>(result).result.jobId).toBe(jobId);
    await stderr.waitFor(new RegExp(`mock gateway: GET /v1/jobs:jobboard/job/${jobId}\\n`));
  });

  it('refuses an invalid enum value with a tool error naming the param, and no request reaches the gateway', async () => {
    const { client, stderr } = session();
    const before = stderr.requests().length;
    const refused = (await client.callTool({
      name: 'jobs_jobboard_browse',
      arguments: { country: 'SG', sort: 'sideways' },
    })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(
      'INVALID_PARAMS: Invalid params for jobs:jobboard browse: sort must be one of "newest", "oldest" (received "sideways"). Nothing was sent.',
    );
    expect(
      structured<{ error: { issues: { path: string }[] } }>(refused).error.issues.map((issue) => issue.path),
    ).toEqual(['sort']);
    // A call after it reaches the gateway: once its request is seen, any request of the refused call would be too.
    await client.callTool({ name: 'jobs_jobboard_filters', arguments: {} });
    await stderr.waitFor(/mock gateway: GET \/v1\/jobs:jobboard\/filters\n/);
    expect(stderr.requests().slice(before)).toEqual(['GET /v1/jobs:jobboard/filters']);
  });
}

describe('pdg mcp --mock --all-tools over stdio', () => {
  let client: Client;
  let transport: StdioClientTransport;
  let stderr: Stderr;
  const transportErrors: Error[] = [];

  beforeAll(async () => {
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [cli, 'mcp', '--mock', '--all-tools'],
      env: cleanEnv as Record<string, string>,
      stderr: 'pipe',
    });
    stderr = new Stderr(transport.stderr as Stream);
    client = new Client({ name: 'pdg-cli-test', version: '0.0.0' });
    await client.connect(transport);
    // Anything on stdout that is not a protocol message is reported here.
    client.onerror = (error) => transportErrors.push(error);
  });
  afterAll(async () => {
    await client?.close();
  });

  mustShow(() => ({ client, stderr }));

  it('writes nothing but protocol messages to stdout, and says what it serves on stderr', async () => {
    expect(transportErrors).toEqual([]);
    expect(stderr.text).toMatch(
      /^pdg mcp: 110 tools, one per endpoint, of 21 providers; answers from the built-in mock gateway at http:\/\/127\.0\.0\.1:\d+; over stdio\.$/m,
    );
  });
});

describe('pdg mcp --mock --all-tools --http --port 0 (Streamable HTTP)', () => {
  let child: ChildProcess;
  let client: Client;
  let stderr: Stderr;
  let url: string;

  beforeAll(async () => {
    child = spawn(process.execPath, [cli, 'mcp', '--mock', '--all-tools', '--http', '--port', '0'], {
      env: cleanEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    stderr = new Stderr(child.stderr as Stream);
    url = (await stderr.waitFor(/^pdg mcp: (http:\/\/127\.0\.0\.1:\d+\/mcp) /m))[1] as string;
    client = new Client({ name: 'pdg-cli-test', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  });
  afterAll(async () => {
    await client?.close();
    child?.kill('SIGTERM');
  });

  mustShow(() => ({ client, stderr }));

  it('is stateless on 127.0.0.1: GET is 405, and a Host naming another machine is 403', async () => {
    expect((await fetch(url)).status).toBe(405);
    const { request } = await import('node:http');
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const sent = request(
        url,
        { method: 'POST', headers: { host: 'attacker.example.test', 'content-type': 'application/json' } },
        (answer) => {
          answer.resume();
          resolve(answer.statusCode);
        },
      );
      sent.on('error', reject);
      sent.end('{}');
    });
    expect(status).toBe(403);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('pdg mcp --mock (the default: find_endpoints and call_endpoint)', () => {
  let client: Client;
  let stderr: Stderr;

  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cli, 'mcp', '--mock'],
      env: cleanEnv as Record<string, string>,
      stderr: 'pipe',
    });
    stderr = new Stderr(transport.stderr as Stream);
    client = new Client({ name: 'pdg-cli-test', version: '0.0.0' });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('lists two tools, each input schema valid JSON Schema with one type per schema, and says so on stderr', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['find_endpoints', 'call_endpoint']);
    const ajv = new Ajv2020({ strict: false });
    for (const tool of tools) expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
    expect(tools.flatMap((tool) => typeArrays(tool.inputSchema, tool.name))).toEqual([]);
    expect(stderr.text).toMatch(
      /^pdg mcp: find_endpoints and call_endpoint over 110 endpoints of 21 providers; answers from the built-in mock gateway at http:\/\/127\.0\.0\.1:\d+; over stdio\.$/m,
    );
  });

  it('finds endpoints by words, each with a params schema of single types', async () => {
    const found = (await client.callTool({
      name: 'find_endpoints',
      arguments: { query: 'forum thread posts', limit: 3 },
    })) as CallToolResult;
    const { endpoints } = structured<{ endpoints: { provider: string; endpoint: string; params: unknown }[] }>(found);
    expect(endpoints[0]).toMatchObject({ provider: 'social-media:forum', endpoint: 'thread' });
    expect(endpoints.flatMap((endpoint) => typeArrays(endpoint.params, endpoint.endpoint))).toEqual([]);
    const all = (await client.callTool({ name: 'find_endpoints', arguments: { limit: 20 } })) as CallToolResult;
    expect(structured<{ total: number }>(all).total).toBe(110);
  });

  it('calls an endpoint found, a numeric threadId accepted as the digits it is', async () => {
    const result = (await client.callTool({
      name: 'call_endpoint',
      arguments: { provider: 'social-media:forum', endpoint: 'thread', params: { threadId: 8120443 }, maxItems: 2 },
    })) as CallToolResult;
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(structured<{ posts: unknown[] }>(result).posts).toHaveLength(2);
    await stderr.waitFor(/mock gateway: GET \/v1\/social-media:forum\/thread\/8120443\n/);
  });

  it('refuses an unknown endpoint and bad params with tool errors that say what to fix, sending nothing', async () => {
    const before = stderr.requests().length;
    const unknown = (await client.callTool({
      name: 'call_endpoint',
      arguments: { provider: 'jobs:jobboard', endpoint: 'brows' },
    })) as CallToolResult;
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('Unknown endpoint "brows" of jobs:jobboard. Did you mean browse?');
    const bad = (await client.callTool({
      name: 'call_endpoint',
      arguments: { provider: 'jobs:jobboard', endpoint: 'browse', params: { sort: 'sideways' } },
    })) as CallToolResult;
    expect(textOf(bad)).toContain('sort must be one of "newest", "oldest" (received "sideways")');
    expect(stderr.requests().slice(before)).toEqual([]);
  });
});

describe('pdg mcp', () => {
  it('over stdio ends with exit code 0 when the client closes stdin', async () => {
    const child = spawn(process.execPath, [cli, 'mcp', '--mock', '--providers', 'jobs:jobboard'], {
      env: cleanEnv,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stderr = new Stderr(child.stderr);
    await stderr.waitFor(/^pdg mcp: find_endpoints and call_endpoint over 7 endpoints of 1 provider; /m);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.stdin.end();
    expect(await exited).toBe(0);
  });

  it('without --mock needs a key and a gateway URL, and says where to set them', async () => {
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(process.execPath, [cli, 'mcp'], { env: cleanEnv, timeout: 120_000 }, (error, _out, err) =>
        resolve({ code: error ? Number(error.code) : 0, stderr: err }),
      );
    });
    expect(code).toBe(2);
    expect(stderr).toBe(
      'pdg: No API key: set PDG_API_KEY or pass --api-key (or add --mock to answer from the built-in mock gateway).\n',
    );
  });

  /** Which of the named modules a command imports, seen by a module-resolution hook. */
  const loaded = (args: string[]) =>
    new Promise<string[]>((resolve, reject) => {
      const hook = `data:text/javascript,import{registerHooks}from"node:module";registerHooks({resolve(s,c,n){if(s==="@pdg/mcp"||s.startsWith("@modelcontextprotocol/"))process.stderr.write("loaded "+s+"\\n");return n(s,c)}})`;
      const child = execFile(
        process.execPath,
        ['--import', hook, cli, ...args],
        { env: cleanEnv, timeout: 120_000 },
        (error, _out, err) =>
          error && error.killed !== true && !err.includes('loaded')
            ? reject(new Error(err))
            : resolve([...err.matchAll(/^loaded (.*)$/gm)].map((match) => match[1] as string)),
      );
      // A stdio server ends when its stdin does.
      child.stdin?.end();
    });

  it('loads @pdg/mcp and the MCP SDK itself: pdg providers starts without them', async () => {
    expect(await loaded(['mcp', '--mock', '--providers', 'jobs:jobboard'])).toEqual(
      expect.arrayContaining(['@pdg/mcp', '@modelcontextprotocol/server']),
    );
    expect(await loaded(['providers'])).toEqual([]);
  });
});
