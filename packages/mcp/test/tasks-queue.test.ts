/**
 * Tasks on `@pdg/queue` (Redis configured): the walk is a walk job run by a worker in this process with the
 * caller's client; its pages come through the job's sink and its progress through the job's. The same
 * 700-item walk ends with every item, cancel stops it, and Redis never holds the key.
 */

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type CallToolResult, CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { type AnyProvider, createClient } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type MockRequestInfo, type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer } from '../src/index.js';
import { resolveLimits } from '../src/limits.js';
import { queueSource } from '../src/tasks/queue-source.js';
import type { TaskProgress } from '../src/tasks/task.js';
import { createTaskEngine } from '../src/tasks/task-engine.js';
import { taskOwner } from '../src/tasks/task-owner.js';
import { startWalkTask } from '../src/tasks/walk-tasks.js';
import { describeTools } from '../src/tools.js';
import { type OwnRedis, startRedis } from './redis.js';

const listingSize = 700;
const toolLimits = resolveLimits();
const browse = describeTools([jobboard], toolLimits).find((tool) => tool.endpointName === 'browse');
if (!browse) throw new Error('jobs:jobboard has no browse endpoint');
const apiKey = 'made-up-key-queue-tasks-7c1d';

let gateway: RunningMockGateway;
let redis: OwnRedis;
const requests: MockRequestInfo[] = [];
let onRequest: (request: MockRequestInfo) => void = () => {};

beforeAll(async () => {
  redis = await startRedis();
  gateway = await startMockGateway({
    providers: [jobboard],
    fixtures,
    listingSize,
    onRequest: (request) => {
      requests.push(request);
      onRequest(request);
    },
  });
}, 90_000);
afterAll(async () => {
  await gateway?.close();
  await redis?.stop();
});

const client = () =>
  createClient<readonly AnyProvider[]>({ providers: [jobboard], apiKey, baseUrl: gateway.url, retry: 0 });

/** Every key and value Redis holds, as text. */
async function redisText(): Promise<string> {
  const connection = new Redis(redis.url);
  try {
    const keys = await connection.keys('*');
    const parts: string[] = [];
    for (const key of keys) {
      const type = await connection.type(key);
      if (type === 'string') parts.push(key, String(await connection.get(key)));
      else if (type === 'hash') parts.push(key, JSON.stringify(await connection.hgetall(key)));
      else if (type === 'list') parts.push(key, JSON.stringify(await connection.lrange(key, 0, -1)));
      else if (type === 'zset') parts.push(key, JSON.stringify(await connection.zrange(key, 0, -1)));
      else if (type === 'set') parts.push(key, JSON.stringify(await connection.smembers(key)));
      else parts.push(key);
    }
    return parts.join('\n');
  } finally {
    connection.disconnect();
  }
}

describe('a walk as a task on the queue', () => {
  it('walks all 700 items as a walk job, its progress growing page by page, and Redis never holds the key', async () => {
    const engine = createTaskEngine();
    const keyed = client();
    const owner = taskOwner(keyed);
    const seen: TaskProgress[] = [];
    let taskId = '';
    let redisDuringWalk = '';
    onRequest = () => {
      const progress = engine.get(owner, taskId)?.progress;
      if (progress) seen.push(progress);
    };
    requests.length = 0;
    ({ taskId } = startWalkTask(engine, { tool: browse, args: {} }, keyed, toolLimits, (caller) =>
      queueSource(redis.url, caller),
    ));
    // Midway, what Redis holds: the job, its progress.
    await expect.poll(() => engine.get(owner, taskId)?.progress.pages ?? 0, { timeout: 60_000 }).toBeGreaterThan(5);
    redisDuringWalk = await redisText();
    const end = await engine.end(owner, taskId);
    onRequest = () => {};
    expect(end?.task.status).toBe('completed');
    expect(end?.task.progress).toEqual({ pages: 35, items: listingSize });
    const structured = end?.result?.structuredContent as { items: { jobId: string }[]; walk: unknown };
    expect(structured.walk).toEqual({ items: listingSize, pages: 35, done: true });
    expect(new Set(structured.items.map((item) => item.jobId)).size).toBe(listingSize);
    expect(requests).toHaveLength(35);
    const pages = seen.map((progress) => progress.pages);
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
    expect(pages.at(-1)).toBeGreaterThanOrEqual(30);
    expect(redisDuringWalk).toContain('pdg-mcp-task-');
    expect(redisDuringWalk).toContain('checkpoint');
    expect(redisDuringWalk).not.toContain(apiKey);
    engine.close();
  }, 120_000);

  it('stops the walk job when cancelled, and drops its queue', async () => {
    const engine = createTaskEngine();
    const keyed = client();
    const owner = taskOwner(keyed);
    let taskId = '';
    requests.length = 0;
    onRequest = () => {
      if (requests.length === 4) engine.cancel(owner, taskId);
    };
    ({ taskId } = startWalkTask(engine, { tool: browse, args: {} }, keyed, toolLimits, (caller) =>
      queueSource(redis.url, caller),
    ));
    const end = await engine.end(owner, taskId);
    expect(end?.task.status).toBe('cancelled');
    // The worker stops after the page it is on: its queue is then dropped from Redis.
    await expect.poll(async () => (await redisText()).includes('pdg-mcp-task-'), { timeout: 60_000 }).toBe(false);
    onRequest = () => {};
    expect(requests.length).toBeGreaterThanOrEqual(4);
    expect(requests.length).toBeLessThanOrEqual(5);
    engine.close();
  }, 120_000);

  it('is what a server with tasks.redisUrl runs: a page failing once is tried again from the checkpoint, and the task gets every item', async () => {
    let failedOnce = false;
    // Page 5 answers 503 once: the client does not retry it (retry: 0), the walk job does, from its checkpoint.
    const flaky: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.searchParams.get('page') === '5' && !failedOnce) {
        failedOnce = true;
        return new Response('{"error":"busy"}', { status: 503 });
      }
      return fetch(input, init);
    };
    const server = createMcpServer({
      providers: [jobboard],
      apiKey,
      baseUrl: gateway.url,
      retry: 0,
      fetch: flaky,
      tasks: { redisUrl: redis.url },
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const mcp = new Client({ name: 'pdg-task-queue-test', version: '0.0.0' });
    await mcp.connect(clientSide);
    try {
      requests.length = 0;
      const created = await mcp.request(
        { method: 'tools/call', params: { name: 'jobs_jobboard_browse', arguments: { maxItems: 700 }, task: {} } },
        CreateTaskResultSchema,
      );
      const result = (await mcp.experimental.tasks.getTaskResult(
        created.task.taskId,
        CallToolResultSchema,
      )) as CallToolResult;
      const structured = result.structuredContent as { items: { jobId: string }[]; walk: unknown };
      expect(structured.walk).toEqual({ items: listingSize, pages: 35, done: true });
      expect(new Set(structured.items.map((item) => item.jobId)).size).toBe(listingSize);
      expect(failedOnce).toBe(true);
      // The gateway got each of the 35 pages once (the 503 was answered before it): none before page 5 again.
      expect(requests).toHaveLength(35);
      expect(requests.filter((request) => /[?&]page=5(&|$)/.test(request.url))).toHaveLength(1);
    } finally {
      await mcp.close();
    }
  }, 120_000);

  it('fails the task, naming where, when its Redis does not answer (the password never said)', async () => {
    const engine = createTaskEngine();
    const keyed = client();
    const owner = taskOwner(keyed);
    requests.length = 0;
    // Port 1 of this machine: nothing listens there.
    const { taskId } = startWalkTask(engine, { tool: browse, args: {} }, keyed, toolLimits, (caller) =>
      queueSource('redis://:made-up-redis-password@127.0.0.1:1', caller),
    );
    const end = await engine.end(owner, taskId);
    expect(end?.task.status).toBe('failed');
    expect(end?.task.statusMessage).toBe(
      'jobs:jobboard browse failed: The Redis tasks run on (127.0.0.1:1, tasks.redisUrl or PDG_REDIS_URL) did not answer in 10 s: start it, or serve without it for tasks in this process.',
    );
    expect(end?.task.statusMessage).not.toContain('made-up-redis-password');
    expect(requests).toHaveLength(0);
    engine.close();
  }, 120_000);
});
