/**
 * Long walks as MCP tasks, as a client sees them. With the SDK's 2025 client: a walk of 700 items (over a
 * call's 500 items and 20 pages) asked for as a task answers with the task at once, `tasks/get` tells its
 * progress while it walks, and `tasks/result` gives every item. Over plain HTTP, the 2026-07-28 tasks
 * extension: a client that declares it gets a task for a walk over the bounds, its result in `tasks/get`.
 * Tasks are their caller's: another key sees none of them.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type CallToolResult, CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type MockRequestInfo, type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer, type RunningMcpHttpServer, startMcpHttpServer } from '../src/index.js';

const listingSize = 700;
/**
 * How long a client waits for a task's result: only a guard against a hang. The SDK's default (60 s) is shorter
 * than code mode's type check takes on a busy two-core machine.
 */
const untilDone = { timeout: 240_000 };
const apiKey = 'made-up-key-task-protocol-5e2b';

const browse = 'jobs_jobboard_browse';

let gateway: RunningMockGateway;
const requests: MockRequestInfo[] = [];

// Tasks in this process, which is what these tests count requests of: a server given PDG_REDIS_URL (as the CI's
// environment is) runs its tasks' walks as queue jobs instead, tested in tasks-queue.test.ts. Put back after
// this file's tests: the files after it in the same worker (the suite runs unisolated) take the variable as given.
const givenRedisUrl = process.env.PDG_REDIS_URL;

beforeAll(async () => {
  delete process.env.PDG_REDIS_URL;
  gateway = await startMockGateway({
    providers: [jobboard],
    fixtures,
    listingSize,
    onRequest: (request) => requests.push(request),
  });
});
afterAll(async () => {
  await gateway.close();
  if (givenRedisUrl !== undefined) process.env.PDG_REDIS_URL = givenRedisUrl;
});

/**
 * A fetch that holds the request of page `page` until `open()`: the walk waits there, so what the task
 * says of itself meanwhile is known by count, not by timing.
 */
function gatedFetch(page: number) {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const fetcher: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.searchParams.get('page') === String(page)) await gate;
    return fetch(input, init);
  };
  return { fetch: fetcher, open };
}

describe('a long walk as a task, with the 2025 SDK client', () => {
  it('answers with the task at once, tells its progress on request, and gives all 700 items when done', async () => {
    const gated = gatedFetch(11);
    const server = createMcpServer({
      providers: [jobboard],
      apiKey,
      baseUrl: gateway.url,
      retry: 0,
      fetch: gated.fetch,
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'pdg-task-test', version: '0.0.0' });
    await client.connect(clientSide);
    try {
      expect(client.getServerCapabilities()?.tasks?.requests?.tools?.call).toEqual({});
      const { tools } = await client.listTools();
      expect(tools.find((tool) => tool.name === browse)?.execution).toEqual({ taskSupport: 'optional' });

      requests.length = 0;
      const created = await client.request(
        { method: 'tools/call', params: { name: browse, arguments: { maxItems: 700 }, task: { ttl: 600_000 } } },
        CreateTaskResultSchema,
      );
      const { taskId } = created.task;
      expect(created.task.status).toBe('working');

      // The walk waits at page 11: ten pages of 20 jobs are in.
      await expect
        .poll(async () => (await client.experimental.tasks.getTask(taskId)).statusMessage, { timeout: 30_000 })
        .toBe('jobs:jobboard browse: 10 pages, 200 items so far.');
      const working = await client.experimental.tasks.getTask(taskId);
      expect(working.status).toBe('working');
      expect(working._meta?.['pdg/progress']).toEqual({ pages: 10, items: 200 });
      expect((await client.experimental.tasks.listTasks()).tasks.map((task) => task.taskId)).toEqual([taskId]);
      gated.open();

      const result = (await client.experimental.tasks.getTaskResult(
        taskId,
        CallToolResultSchema,
        untilDone,
      )) as CallToolResult;
      const structured = result.structuredContent as { items: { jobId: string }[]; walk: unknown };
      expect(structured.walk).toEqual({ items: listingSize, pages: 35, done: true });
      expect(new Set(structured.items.map((item) => item.jobId)).size).toBe(listingSize);
      expect(requests).toHaveLength(35);
      const done = await client.experimental.tasks.getTask(taskId);
      expect(done.status).toBe('completed');
      expect(done.statusMessage).toBe('jobs:jobboard browse: 700 items from 35 pages, the whole listing.');
      expect(JSON.stringify(result)).not.toContain(apiKey);
    } finally {
      await client.close();
    }
  });

  it('cancels a task: its walk stops, and tasks/result says it was cancelled', async () => {
    const gated = gatedFetch(4);
    const server = createMcpServer({
      providers: [jobboard],
      apiKey,
      baseUrl: gateway.url,
      retry: 0,
      fetch: gated.fetch,
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'pdg-task-test', version: '0.0.0' });
    await client.connect(clientSide);
    try {
      requests.length = 0;
      const created = await client.request(
        { method: 'tools/call', params: { name: browse, arguments: {}, task: {} } },
        CreateTaskResultSchema,
      );
      const { taskId } = created.task;
      await expect
        .poll(async () => (await client.experimental.tasks.getTask(taskId)).statusMessage, { timeout: 30_000 })
        .toBe('jobs:jobboard browse: 3 pages, 60 items so far.');
      const cancelled = await client.experimental.tasks.cancelTask(taskId);
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.statusMessage).toBe('jobs:jobboard browse: cancelled after 3 pages, 60 items.');
      gated.open();
      await expect(client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema, untilDone)).rejects.toThrow(
        /cancelled/,
      );
      // Page 4 was held when the walk was cancelled: the walk asked for no page after it.
      expect(requests.length).toBeLessThanOrEqual(4);
      await expect(client.experimental.tasks.cancelTask(taskId)).rejects.toThrow(/already cancelled/);
    } finally {
      await client.close();
    }
  });

  it('runs a walk over the bounds as a call would not: without a task it is a tool error saying how', async () => {
    const server = createMcpServer({ providers: [jobboard], apiKey, baseUrl: gateway.url, retry: 0 });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'pdg-task-test', version: '0.0.0' });
    await client.connect(clientSide);
    try {
      requests.length = 0;
      for (const maxItems of [700, '700']) {
        const result = (await client.callTool({ name: browse, arguments: { maxItems } })) as CallToolResult;
        expect(result.isError).toBe(true);
        const [block] = result.content;
        expect(block?.type === 'text' ? block.text : '').toMatch(
          /maxItems must be a whole number from 1 to 500 \(received "?700"?\)\. A longer walk \(up to 10,000 items and 400 pages\) runs as a task/,
        );
      }
      expect(requests).toHaveLength(0);
    } finally {
      await client.close();
    }
  });
});

describe('other toolsets as tasks', () => {
  /** A client in process of a server with the options given. */
  async function clientOf(options: Partial<Parameters<typeof createMcpServer>[0]>) {
    const server = createMcpServer({ providers: [jobboard], apiKey, baseUrl: gateway.url, retry: 0, ...options });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'pdg-task-test', version: '0.0.0' });
    await client.connect(clientSide);
    return client;
  }

  it('call_endpoint walks 600 items as a task, the endpoint named by provider and endpoint', async () => {
    const client = await clientOf({ toolset: 'catalog' });
    try {
      const created = await client.request(
        {
          method: 'tools/call',
          params: {
            name: 'call_endpoint',
            arguments: { provider: 'jobs:jobboard', endpoint: 'browse', params: { limit: 100 }, maxItems: 600 },
            task: {},
          },
        },
        CreateTaskResultSchema,
      );
      const result = (await client.experimental.tasks.getTaskResult(
        created.task.taskId,
        CallToolResultSchema,
        untilDone,
      )) as CallToolResult;
      expect(result.structuredContent?.walk).toEqual({
        items: 600,
        pages: 6,
        done: false,
        resume: { at: 7, taken: 0 },
      });
    } finally {
      await client.close();
    }
  });

  it("code mode's execute runs as a task when asked, its answer the task's result", async () => {
    const client = await clientOf({ toolset: 'code' });
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => [tool.name, tool.execution?.taskSupport])).toEqual([
        ['search_docs', undefined],
        ['execute', 'optional'],
      ]);
      const created = await client.request(
        {
          method: 'tools/call',
          params: {
            name: 'execute',
            arguments: { code: "return (await pdg.run('jobs:jobboard', 'browse', { limit: 3 })).items.length" },
            task: {},
          },
        },
        CreateTaskResultSchema,
      );
      const result = (await client.experimental.tasks.getTaskResult(
        created.task.taskId,
        CallToolResultSchema,
        untilDone,
      )) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ result: 3, calls: 1 });
      await expect(
        client.request(
          { method: 'tools/call', params: { name: 'search_docs', arguments: { query: 'jobs' }, task: {} } },
          CreateTaskResultSchema,
        ),
      ).rejects.toThrow(/does not run as a task/);
    } finally {
      await client.close();
    }
  });
});

describe('tasks over HTTP', () => {
  let server: RunningMcpHttpServer;
  beforeAll(async () => {
    server = await startMcpHttpServer({ providers: [jobboard], baseUrl: gateway.url, retry: 0 });
  });
  afterAll(async () => {
    await server.close();
  });

  /** A JSON-RPC request over plain HTTP, as a 2026-07-28 client sends it (no initialize), with a caller key. */
  async function post(key: string, method: string, params: Record<string, unknown>) {
    const response = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-api-key': key,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    return (await response.json()) as { result?: Record<string, unknown>; error?: { code: number; message: string } };
  }

  /** A 2026-07-28 request as plain HTTP: the `_meta` envelope (declaring the tasks extension), and the headers it asks for. */
  async function modernPost(key: string, method: string, params: Record<string, unknown>, extension = true) {
    const name = [params.name, params.taskId, params.uri].find((value): value is string => typeof value === 'string');
    const response = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        ...(name === undefined ? {} : { 'mcp-name': name }),
        'x-api-key': key,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method,
        params: {
          ...params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'plain-http', version: '0' },
            'io.modelcontextprotocol/clientCapabilities': extension
              ? { extensions: { 'io.modelcontextprotocol/tasks': {} } }
              : {},
          },
        },
      }),
    });
    return (await response.json()) as { result?: Record<string, unknown>; error?: { code: number; message: string } };
  }

  it('2026-07-28: a walk over the bounds from a client declaring the extension is a task, its result in tasks/get', async () => {
    const key = 'made-up-key-task-http-2026-a';
    const discovered = await modernPost(key, 'server/discover', {});
    expect(discovered.result?.capabilities).toMatchObject({ extensions: { 'io.modelcontextprotocol/tasks': {} } });
    requests.length = 0;
    const created = await modernPost(key, 'tools/call', {
      name: browse,
      arguments: { maxItems: 600, fields: ['items[].jobId', 'items[].title'] },
    });
    expect(created.result).toMatchObject({ resultType: 'task', status: 'working', ttlMs: 3_600_000 });
    const taskId = created.result?.taskId as string;
    let got: Record<string, unknown> | undefined;
    await expect
      .poll(
        async () => {
          got = (await modernPost(key, 'tasks/get', { taskId })).result;
          return got?.status;
        },
        { timeout: 30_000 },
      )
      .toBe('completed');
    expect(got?.resultType).toBe('complete');
    // 30 pages of 20 jobs, each request with the caller's key.
    expect(requests).toHaveLength(30);
    expect(requests.every((request) => request.hasApiKey)).toBe(true);
    const result = got?.result as CallToolResult;
    const structured = result.structuredContent as { items: { jobId: string }[]; walk: Record<string, unknown> };
    expect(structured.items).toHaveLength(600);
    expect(structured.walk).toMatchObject({ items: 600, pages: 30, done: false });
    // The rest of the walk is linked, as a tool's stopped walk is: from item 601, with the same fields.
    const rest = result.content.find((block) => block.type === 'resource_link');
    const restUri = rest?.type === 'resource_link' ? rest.uri : '';
    expect(restUri).toMatch(/^pdg:\/\/jobs%3Ajobboard\/browse\?/);
    const read = await modernPost(key, 'resources/read', { uri: restUri });
    const [contents] = (read.result?.contents ?? []) as { text?: string }[];
    const next = JSON.parse(contents?.text ?? 'null') as { items: { jobId: string }[] };
    const taken = new Set(structured.items.map((item) => item.jobId));
    expect(next.items.length).toBeGreaterThan(0);
    expect(next.items.filter((item) => taken.has(item.jobId))).toEqual([]);
    expect(Object.keys(next.items[0] ?? {}).sort()).toEqual(['jobId', 'title']);
    // Without the extension declared, the same call is no task: the tool error saying how to ask for one.
    const refused = await modernPost(key, 'tools/call', { name: browse, arguments: { maxItems: 600 } }, false);
    expect(refused.result?.isError).toBe(true);
    expect(refused.result?.resultType).toBe('complete');
    // Cancelling is acknowledged (2026-07-28); a task that had finished stays as it was.
    expect((await modernPost(key, 'tasks/cancel', { taskId })).result).toEqual(
      expect.objectContaining({ resultType: 'complete' }),
    );
    expect((await modernPost(key, 'tasks/get', { taskId })).result?.status).toBe('completed');
    // tasks/list is 2025's only.
    expect((await modernPost(key, 'tasks/list', {})).error?.code).toBe(-32601);
  });

  it("another caller's key sees none of a caller's tasks, nor its linked result", async () => {
    const [mine, theirs] = ['made-up-key-task-http-mine', 'made-up-key-task-http-theirs'];
    const client = new Client({ name: 'pdg-task-test', version: '0.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { 'x-api-key': mine } } }),
    );
    try {
      const created = await client.request(
        { method: 'tools/call', params: { name: browse, arguments: { maxItems: 40 }, task: {} } },
        CreateTaskResultSchema,
      );
      const { taskId } = created.task;
      await client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema, untilDone);
      const got = await post(theirs, 'tasks/get', { taskId });
      expect(got.error?.message).toMatch(/Unknown task/);
      expect((await post(theirs, 'tasks/list', {})).result?.tasks).toEqual([]);
      expect((await post(theirs, 'tasks/result', { taskId })).error?.message).toMatch(/Unknown task/);
      expect((await post(theirs, 'tasks/cancel', { taskId })).error?.message).toMatch(/Unknown task/);
      expect((await post(mine, 'tasks/get', { taskId })).result?.status).toBe('completed');
    } finally {
      await client.close();
    }
  });

  it('links a result over the inline bound to a resource its caller reads, and no one else', async () => {
    const linked = await startMcpHttpServer({
      providers: [jobboard],
      baseUrl: gateway.url,
      retry: 0,
      tasks: { maxResultBytes: 30_000 },
    });
    const [mine, theirs] = ['made-up-key-task-link-mine', 'made-up-key-task-link-theirs'];
    const client = new Client({ name: 'pdg-task-test', version: '0.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(linked.url), { requestInit: { headers: { 'x-api-key': mine } } }),
    );
    try {
      const created = await client.request(
        { method: 'tools/call', params: { name: browse, arguments: { maxItems: 650 }, task: {} } },
        CreateTaskResultSchema,
      );
      const result = (await client.experimental.tasks.getTaskResult(
        created.task.taskId,
        CallToolResultSchema,
        untilDone,
      )) as CallToolResult;
      const link = result.content.find((block) => block.type === 'resource_link');
      if (link?.type !== 'resource_link') throw new Error(`no resource_link in ${JSON.stringify(result.content)}`);
      const read = await client.readResource({ uri: link.uri });
      const [contents] = read.contents;
      const whole = JSON.parse(contents && 'text' in contents ? contents.text : 'null') as { items: unknown[] };
      expect(whole.items).toHaveLength(650);
      const other = await fetch(linked.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-api-key': theirs,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: link.uri } }),
      });
      const answer = (await other.json()) as { result?: unknown; error?: { code: number; message: string } };
      expect(answer.result).toBeUndefined();
      expect(answer.error?.message).toContain(`Resource not found: ${link.uri}`);
    } finally {
      await client.close();
      await linked.close();
    }
  });
});
