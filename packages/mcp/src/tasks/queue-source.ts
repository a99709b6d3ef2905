/**
 * A task's walk as a walk job of `@pdg/queue` (when Redis is configured): enqueued with `enqueueWalk` on a
 * queue of its own, run by a walk worker in this process with the caller's client, each page's items handed
 * to a sink here, and the job's progress (its checkpoint past each page) told as the task's progress.
 *
 * The caller's key never reaches Redis: the job holds the walk (provider, endpoint, params, bounds) and its
 * checkpoints, and the worker that runs it is made here, with the caller's client in memory. A page that
 * fails with a retryable error is tried again by BullMQ, with backoff, from the job's checkpoint. The task
 * is still this process's (it holds the key and the items): a process that dies mid-walk leaves its queue in
 * Redis (the walk and its checkpoints, no key), which no other process takes up, since none holds the key.
 */
import { randomUUID } from 'node:crypto';
import type { AnyProvider, PdgClient, PdgErrorCode, WalkCheckpoint } from '@pdg/core';
import { pdgError } from '@pdg/core';
import { endpointsOf } from '@pdg/core/face';
import type { WalkProgress } from '@pdg/queue';
import type { WalkRequest } from './walk-request.js';
import { memorySource, type SourceWalk, type WalkSource, type WalkSourceOptions } from './walk-source.js';

/** An item with the checkpoint past it. */
interface Step {
  readonly item: unknown;
  readonly after: WalkCheckpoint;
}

/**
 * The walks of a caller's client as walk jobs on the Redis at `redisUrl`. A walk going on from a `resume`
 * runs in this process (a walk job starts at its listing's start).
 */
export function queueSource(redisUrl: string, client: PdgClient<readonly AnyProvider[]>): WalkSource {
  const here = memorySource(endpointsOf(client));
  return (request, options) =>
    request.resume === undefined ? queueWalk(redisUrl, client, request, options) : here(request, options);
}

function queueWalk(
  redisUrl: string,
  client: PdgClient<readonly AnyProvider[]>,
  request: WalkRequest,
  { signal, onPage }: WalkSourceOptions,
): SourceWalk {
  const start: WalkCheckpoint = { taken: 0 };
  const steps: Step[] = [];
  /** Items of each page the sink took, by page index, until its progress says where the walk is past it. */
  const delivered = new Map<number, readonly unknown[]>();
  let told: WalkCheckpoint = start;
  let checkpoint: WalkCheckpoint = start;
  let pageCount = 0;
  let ended = false;
  let failure: Error | undefined;
  let wake = () => {};
  const woken = () => {
    const waking = wake;
    wake = () => {};
    waking();
  };
  signal.addEventListener('abort', woken, { once: true });

  /** A page past the last: its items, each with the checkpoint past it, and the walk's place after it. */
  const pageDone = (progress: WalkProgress) => {
    const items = delivered.get(progress.pageIndex - 1) ?? [];
    delivered.delete(progress.pageIndex - 1);
    const before = told;
    items.forEach((item, index) => {
      const last = index === items.length - 1;
      const within = { ...(before.at === undefined ? {} : { at: before.at }), taken: before.taken + index + 1 };
      steps.push({ item, after: last ? progress.checkpoint : within });
    });
    told = progress.checkpoint;
    pageCount += 1;
    onPage(undefined);
    woken();
  };

  const running = startJob(redisUrl, client, request, {
    sink: (pageIndex, items) => delivered.set(pageIndex, items),
    progress: pageDone,
    completed: () => {
      ended = true;
      woken();
    },
    failed: (reason) => {
      failure = failureOf(reason);
      woken();
    },
  });

  async function* items(): AsyncGenerator<unknown, void, undefined> {
    const stop = await running.catch((error: unknown) => {
      failure = error instanceof Error ? error : new Error(String(error));
      return async () => {};
    });
    try {
      for (;;) {
        if (signal.aborted) throw signal.reason;
        const step = steps.shift();
        if (step) {
          checkpoint = step.after;
          yield step.item;
          continue;
        }
        if (failure) throw failure;
        if (ended) {
          checkpoint = told;
          return;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    } finally {
      signal.removeEventListener('abort', woken);
      await stop();
    }
  }

  const iterator = items();
  let iterated = false;
  return {
    [Symbol.asyncIterator]: () => {
      iterated = true;
      return iterator;
    },
    get checkpoint() {
      return checkpoint;
    },
    get pageCount() {
      return pageCount;
    },
    // A generator never started runs no `finally`: its worker and queue are closed here instead.
    return: async () => {
      if (iterated) return iterator.return(undefined);
      const stop = await running.catch(() => async () => {});
      await stop();
      return undefined;
    },
  };
}

/** The job's failed reason (`CODE: message`, as the walk worker fails a job) as core's error again. */
function failureOf(reason: string): Error {
  const match = /^([A-Z_]+): ([\s\S]*)$/.exec(reason);
  if (!match) return new Error(reason);
  return pdgError({ code: match[1] as PdgErrorCode, message: match[2] as string });
}

/** What a walk job tells as it runs. */
interface JobEvents {
  /** A page's items, as the sink takes them. */
  sink(pageIndex: number, items: readonly unknown[]): void;
  /** The job's progress past a page the sink took. */
  progress(progress: WalkProgress): void;
  completed(): void;
  /** Failed for good (its attempts spent, or an error not worth another): the job's failed reason. */
  failed(reason: string): void;
}

/**
 * Enqueues the walk on a queue of its own and starts its worker here, with the caller's client: resolves to
 * what stops them both and drops the queue. The job walks one item past the task's `maxItems`, so that the
 * walk's place after the last item kept says whether more remain.
 */
async function startJob(
  redisUrl: string,
  client: PdgClient<readonly AnyProvider[]>,
  request: WalkRequest,
  events: JobEvents,
): Promise<() => Promise<void>> {
  const { Queue } = await import('bullmq');
  const { createWalkWorker, enqueueWalk } = await import('@pdg/queue');
  const connection = { url: redisUrl };
  const queueName = `pdg-mcp-task-${randomUUID()}`;
  const queue = new Queue(queueName, { connection });
  // Unheard, a connection's errors would be printed; an unreachable Redis is said once, below.
  queue.on('error', () => {});
  await reachable(queue, redisUrl);
  const worker = createWalkWorker({
    client,
    connection,
    queueName,
    sink: async ({ pageIndex, items }) => events.sink(pageIndex, items),
    onError: () => {},
  });
  worker.worker.on('progress', (_job, progress) => events.progress(progress as WalkProgress));
  worker.worker.on('completed', () => events.completed());
  worker.worker.on('failed', (job) => {
    if (!job) return;
    // Failed for good, or to be tried again (from its checkpoint) after backoff.
    void job.getState().then((state) => (state === 'failed' ? events.failed(job.failedReason) : undefined));
  });
  const stop = async () => {
    await worker.close();
    await queue.obliterate({ force: true });
    // The queue is this task's alone: every key under its name goes, the queue package's own besides BullMQ's.
    const redis = await queue.getBackend().client;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, { MATCH: queue.toKey('*'), COUNT: 100 });
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await queue.close();
  };
  try {
    await enqueueWalk(queue, {
      provider: request.tool.provider,
      endpoint: request.tool.endpointName,
      params: request.params,
      maxItems: request.maxItems + 1,
      maxPages: request.maxPages,
    });
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  return stop;
}

/** How long a task waits for Redis to answer before its walk fails: a Redis that is down fails the task, not hangs it. */
const redisAnswerMs = 10_000;

/** Resolves once the queue's Redis answers; else closes the queue and throws, naming where (never a password). */
async function reachable(queue: { waitUntilReady(): Promise<void>; disconnect(): Promise<void> }, redisUrl: string) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), redisAnswerMs);
  });
  try {
    if ((await Promise.race([queue.waitUntilReady().then(() => 'ready' as const), late])) === 'ready') return;
  } finally {
    clearTimeout(timer);
  }
  // Not waited for: a connection that never opened may not say it closed.
  void queue.disconnect().catch(() => {});
  const { host } = new URL(redisUrl);
  throw new Error(
    `The Redis tasks run on (${host}, tasks.redisUrl or PDG_REDIS_URL) did not answer in ${redisAnswerMs / 1000} s: start it, or serve without it for tasks in this process.`,
  );
}
