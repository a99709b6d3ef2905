/**
 * The task engine, without a protocol: a walk longer than a tool call may take (700 jobs in 35 pages, over
 * the tools' 500 items and 20 pages) runs as a task of its caller, tells its progress page by page, ends
 * with every item, stops when cancelled, and is nobody else's.
 */
import { type AnyProvider, createClient, type PdgClient } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type MockRequestInfo, type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveLimits } from '../src/limits.js';
import type { TaskProgress } from '../src/tasks/task.js';
import { createTaskEngine, type TaskEngine } from '../src/tasks/task-engine.js';
import { taskOwner } from '../src/tasks/task-owner.js';
import { taskResourceUri } from '../src/tasks/task-resource.js';
import type { WalkSource } from '../src/tasks/walk-source.js';
import { inProcess, startWalkTask } from '../src/tasks/walk-tasks.js';
import { describeTools } from '../src/tools.js';

const listingSize = 700;
const toolLimits = resolveLimits();
const [browse] = describeTools([jobboard], toolLimits).filter((tool) => tool.endpointName === 'browse');
if (!browse) throw new Error('jobs:jobboard has no browse endpoint');

let gateway: RunningMockGateway;
const requests: MockRequestInfo[] = [];
/** Told of each request the gateway gets, before it answers. */
let onRequest: (request: MockRequestInfo) => void = () => {};

beforeAll(async () => {
  gateway = await startMockGateway({
    providers: [jobboard],
    fixtures,
    listingSize,
    onRequest: (request) => {
      requests.push(request);
      onRequest(request);
    },
  });
});
afterAll(async () => {
  await gateway.close();
});

const clientOf = (apiKey: string) =>
  createClient<readonly AnyProvider[]>({ providers: [jobboard], apiKey, baseUrl: gateway.url, retry: 0 });

/** The source of this process, telling when its walk has stopped (its `return()`). */
function observedSource(client: PdgClient<readonly AnyProvider[]>, stopped: () => void): WalkSource {
  const source = inProcess(client);
  return (request, options) => {
    const walk = source(request, options);
    const stop = walk.return.bind(walk);
    return Object.assign(walk, { return: () => stop().finally(stopped) });
  };
}

const browseCall = (args: Record<string, unknown> = {}) => ({ tool: browse, args });

async function walkedToEnd(engine: TaskEngine, owner: string, taskId: string) {
  const end = await engine.end(owner, taskId);
  if (!end?.result) throw new Error(`task ${taskId} ended with no result: ${JSON.stringify(end?.task)}`);
  return { task: end.task, result: end.result };
}

describe('a walk as a task', () => {
  it('walks all 700 items of 35 pages, telling its progress after each page, and gives them all at the end', async () => {
    const engine = createTaskEngine();
    const client = clientOf('made-up-key-tasks-a1');
    const owner = taskOwner(client);
    const seen: TaskProgress[] = [];
    let taskId = '';
    onRequest = () => {
      // Each request after the first comes once the page before it is taken: the progress says so.
      const progress = engine.get(owner, taskId)?.progress;
      if (progress) seen.push(progress);
    };
    requests.length = 0;
    const started = startWalkTask(engine, { tool: browse, args: {} }, client, toolLimits);
    taskId = started.taskId;
    expect(started.status).toBe('working');
    const { task, result } = await walkedToEnd(engine, owner, taskId);
    onRequest = () => {};
    expect(task.status).toBe('completed');
    expect(task.progress).toEqual({ pages: 35, items: listingSize });
    expect(task.statusMessage).toContain('700 items from 35 pages, the whole listing');
    expect(requests).toHaveLength(35);
    // Progress grew page by page: at the request of page n, n - 1 pages were in.
    expect(seen.map((progress) => progress.pages)).toEqual(Array.from({ length: 35 }, (_, index) => index));
    expect(seen.at(-1)?.items).toBeGreaterThan(500);
    const structured = result.structuredContent as { items: { jobId: string }[]; walk: Record<string, unknown> };
    expect(structured.walk).toEqual({ items: listingSize, pages: 35, done: true });
    expect(new Set(structured.items.map((item) => item.jobId)).size).toBe(listingSize);
    engine.close();
  });

  it('links to a result over its inline bound, readable by its caller only', async () => {
    const engine = createTaskEngine({ maxResultBytes: 20_000 });
    const client = clientOf('made-up-key-tasks-b2');
    const owner = taskOwner(client);
    const { taskId } = startWalkTask(
      engine,
      browseCall({ maxItems: 600, fields: ['items[].jobId'] }),
      client,
      toolLimits,
    );
    const { result } = await walkedToEnd(engine, owner, taskId);
    const link = result.content.find((block) => block.type === 'resource_link');
    expect(link).toMatchObject({ uri: taskResourceUri(taskId), mimeType: 'application/json' });
    const held = JSON.parse(engine.held(owner, taskId) ?? 'null') as { items: { jobId: string }[]; walk: unknown };
    expect(held.items).toHaveLength(600);
    expect(Object.keys(held.items[0] ?? {})).toEqual(['jobId']);
    expect(held.walk).toMatchObject({ items: 600, done: false });
    expect(engine.held(taskOwner(clientOf('made-up-key-tasks-other')), taskId)).toBeUndefined();
    engine.close();
  });

  it('stops walking when cancelled: no page is asked for after the one in flight', async () => {
    const engine = createTaskEngine();
    const client = clientOf('made-up-key-tasks-c3');
    const owner = taskOwner(client);
    let taskId = '';
    let stoppedWalk: () => void = () => {};
    const stopped = new Promise<void>((resolve) => {
      stoppedWalk = resolve;
    });
    requests.length = 0;
    onRequest = () => {
      if (requests.length === 4) engine.cancel(owner, taskId);
    };
    ({ taskId } = startWalkTask(engine, { tool: browse, args: {} }, client, toolLimits, (keyed) =>
      observedSource(keyed, stoppedWalk),
    ));
    const end = await engine.end(owner, taskId);
    await stopped;
    onRequest = () => {};
    expect(end?.task.status).toBe('cancelled');
    expect(end?.result).toBeUndefined();
    expect(end?.task.statusMessage).toMatch(/cancelled after 3 pages, 60 items/);
    // Cancelled while the fourth page was asked for: nothing after it.
    expect(requests).toHaveLength(4);
    expect(engine.get(owner, taskId)?.status).toBe('cancelled');
    engine.close();
  });

  it('is not seen, read, waited on or cancelled by another caller', async () => {
    const engine = createTaskEngine();
    const mine = clientOf('made-up-key-tasks-d4');
    const theirs = clientOf('made-up-key-tasks-e5');
    const [owner, other] = [taskOwner(mine), taskOwner(theirs)];
    expect(owner).not.toBe(other);
    const { taskId } = startWalkTask(engine, browseCall({ maxItems: 40 }), mine, toolLimits);
    expect(engine.get(other, taskId)).toBeUndefined();
    expect(engine.cancel(other, taskId)).toBeUndefined();
    expect(await engine.end(other, taskId)).toBeUndefined();
    expect(engine.list(other)).toEqual([]);
    const { task } = await walkedToEnd(engine, owner, taskId);
    expect(task.status).toBe('completed');
    expect(engine.list(owner).map((each) => each.taskId)).toEqual([taskId]);
    // Neither the key nor anything but its identity names the owner.
    expect(owner).toMatch(/^key-[0-9a-f]{16}$/);
    engine.close();
  });

  it('ends at once with the tool error for a walk the tool would refuse, nothing sent', async () => {
    const engine = createTaskEngine();
    const client = clientOf('made-up-key-tasks-f6');
    const owner = taskOwner(client);
    requests.length = 0;
    const tooMany = startWalkTask(engine, browseCall({ maxItems: 20_000 }), client, toolLimits);
    const unknownParam = startWalkTask(engine, browseCall({ sort: 'sideways' }), client, toolLimits);
    for (const { taskId } of [tooMany, unknownParam]) {
      const end = await engine.end(owner, taskId);
      expect(end?.task.status).toBe('completed');
      expect(end?.result?.isError).toBe(true);
    }
    const tooManyEnd = await engine.end(owner, tooMany.taskId);
    expect(JSON.stringify(tooManyEnd?.result)).toContain('maxItems must be a whole number from 1 to 10000');
    expect(requests).toHaveLength(0);
    engine.close();
  });

  it('keeps the items taken when a page fails, and says where to go on and why', async () => {
    const engine = createTaskEngine();
    // Page 5 answers 503 (the client tries no request twice here): four pages of 20 jobs were taken.
    const failing: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.searchParams.get('page') === '5') return new Response('{"error":"busy"}', { status: 503 });
      return fetch(input, init);
    };
    const client = createClient<readonly AnyProvider[]>({
      providers: [jobboard],
      apiKey: 'made-up-key-tasks-i9',
      baseUrl: gateway.url,
      retry: 0,
      fetch: failing,
    });
    const owner = taskOwner(client);
    const { taskId } = startWalkTask(engine, { tool: browse, args: {} }, client, toolLimits);
    const { task, result } = await walkedToEnd(engine, owner, taskId);
    expect(task.status).toBe('completed');
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as { items: unknown[]; walk: unknown; note: string };
    expect(structured.items).toHaveLength(80);
    expect(structured.walk).toEqual({ items: 80, pages: 4, done: false, resume: { at: 5, taken: 0 } });
    expect(structured.note).toMatch(
      /^Stopped at [A-Z_]+ \(.+\); more items may remain\. To go on, call jobs_jobboard_browse again with the same params and "resume": \{"at":5,"taken":0\}\.$/,
    );
    expect(task.statusMessage).toContain('80 items from 4 pages, stopped at');
    engine.close();
  });

  it('keeps at most maxTasksPerCaller: the oldest finished one makes room, and with all working one more is refused', async () => {
    const engine = createTaskEngine({ maxTasksPerCaller: 2 });
    const client = clientOf('made-up-key-tasks-g7');
    const owner = taskOwner(client);
    const first = startWalkTask(engine, browseCall({ maxItems: 5 }), client, toolLimits);
    await engine.end(owner, first.taskId);
    const second = startWalkTask(engine, browseCall({ maxItems: 5 }), client, toolLimits);
    const third = startWalkTask(engine, browseCall({ maxItems: 5 }), client, toolLimits);
    expect(engine.get(owner, first.taskId)).toBeUndefined();
    expect(() => startWalkTask(engine, browseCall({ maxItems: 5 }), client, toolLimits)).toThrow(/2 tasks working/);
    await engine.end(owner, second.taskId);
    await engine.end(owner, third.taskId);
    engine.close();
  });

  it('forgets a task after its time to live', async () => {
    const engine = createTaskEngine({ ttlMs: 50 });
    const client = clientOf('made-up-key-tasks-h8');
    const owner = taskOwner(client);
    const { taskId, ttlMs } = startWalkTask(engine, browseCall({ maxItems: 5 }), client, toolLimits);
    expect(ttlMs).toBe(50);
    await expect.poll(() => engine.get(owner, taskId), { timeout: 30_000, interval: 20 }).toBeUndefined();
    engine.close();
  });
});
