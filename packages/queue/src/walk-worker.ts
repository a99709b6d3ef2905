// The worker: a BullMQ Worker whose processor runs walk jobs (run-walk.ts) and turns their failures into
// BullMQ's terms: retried with backoff, or failed for good with the error's code; a sink that asks is told
// when a walk's job ends.
import { type AnyProvider, isPdgError, type PdgClient } from '@pdg/core';
import { endpointsOf } from '@pdg/core/face';
import { type ConnectionOptions, type Job, UnrecoverableError, WaitingError, Worker, type WorkerOptions } from 'bullmq';
import { startHeartbeat } from './heartbeat.js';
import { runWalk, startProgress } from './run-walk.js';
import { type Sink, sinkObject } from './sink.js';
import type { WalkProgress, WalkSpec } from './walk-job.js';

export interface WalkWorkerOptions<TProviders extends readonly AnyProvider[] = readonly AnyProvider[]> {
  /** The pdg client the walks are made with: its providers, key, retries and rate limit (share it in Redis). */
  readonly client: PdgClient<TProviders>;
  /** BullMQ's connection: `{ url: 'redis://127.0.0.1:6379' }`, `{ host, port }` or an ioredis instance. */
  readonly connection: ConnectionOptions;
  /** The queue the walks were enqueued on. */
  readonly queueName: string;
  /**
   * Where each page's items go: `ndjsonSink(dir)`, `storeSink(store, client)` from `@pdg/store`, or
   * `({ walkId, pageIndex, items, walk }) => Promise<void>`. A sink with `plan` gives the params each run is
   * sent with (a store: its stored high-water mark), and its `write` may end a walk (`{ done: true }`: a
   * store that holds the rest); one with `finish` is told when a walk's job completes or fails for good.
   */
  readonly sink: Sink;
  /** Walks this worker runs at once (default 1). */
  readonly concurrency?: number;
  /** Told of each error of the worker itself (Redis unreachable, a lost lock); walk failures are the jobs'. */
  readonly onError?: (error: Error) => void;
  /**
   * BullMQ's other worker options (`lockDuration`, `stalledInterval`, `telemetry`, ...). `maxStalledCount`
   * defaults to 5 here, not 1: a walk whose worker died resumes from its checkpoint, so taking it up again is
   * cheap. With `telemetry: new BullMQOtel(name)` (`bullmq-otel`), each walk job runs inside its span, and
   * the calls of a client with core's `openTelemetry()` are its children.
   */
  readonly workerOptions?: Omit<WorkerOptions, 'connection' | 'concurrency' | 'autorun'>;
}

export interface WalkWorker {
  /** The BullMQ worker, for its events (`completed`, `failed`, ...). */
  readonly worker: Worker<WalkSpec, WalkProgress>;
  /**
   * Stops taking walks; each walk under way stops after the page it is on, and goes back to the queue to
   * be resumed from there by any worker. Resolves once the worker has closed.
   */
  close(): Promise<void>;
}

/** A stalled walk is taken up again this many times before it fails (BullMQ's default is 1). */
const defaultMaxStalledCount = 5;

/** The stored progress of a job, or the walk's start for a job that has none yet. */
function progressOf(job: Job<WalkSpec, WalkProgress>): WalkProgress {
  const progress = job.progress as Partial<WalkProgress> | number | undefined;
  if (typeof progress !== 'object' || progress === null || typeof progress.pageIndex !== 'number') return startProgress;
  return progress as WalkProgress;
}

/** Whether BullMQ fails the job for good on this failure: an error it does not retry, or the last attempt. */
function failsForGood(job: Job<WalkSpec, WalkProgress>, failure: Error): boolean {
  return failure instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}

/**
 * A walk's failure as BullMQ reads it. A `PdgError` keeps its code at the front of the job's failed reason
 * (`BAD_REQUEST: ...`; its message never holds the key): a retryable one (network, timeout, 429, 5xx, once
 * the client's own retries are spent) lets BullMQ try the walk again with backoff, from its checkpoint;
 * any other fails the job at once. A walk the client cannot run (core's `USAGE` error) fails at once.
 */
export function jobFailure(error: unknown): Error {
  if (!isPdgError(error)) return error instanceof Error ? error : new Error(String(error));
  const reason = `${error.code}: ${error.message}`;
  return error.retryable ? new Error(reason) : new UnrecoverableError(reason);
}

/** Runs walk jobs from `queueName`, page by page, each page's items to the sink, each checkpoint to the job. */
export function createWalkWorker<const TProviders extends readonly AnyProvider[]>(
  options: WalkWorkerOptions<TProviders>,
): WalkWorker {
  // Walks name their endpoint at run time: the client is used through core's face.
  const endpoints = endpointsOf(options.client);
  const { connection, queueName, concurrency = 1, workerOptions = {} } = options;
  const sink = sinkObject(options.sink);
  let closing = false;
  const processor = async (job: Job<WalkSpec, WalkProgress>, token?: string): Promise<WalkProgress> => {
    const walkId = job.id as string;
    // Heard from while it runs, so that status tells a run whose worker died (stalled) from one under way.
    const heartbeat = startHeartbeat(worker, walkId, (error) => options.onError?.(error));
    try {
      return await runJob(job, walkId, token);
    } finally {
      await heartbeat.stop();
    }
  };
  const runJob = async (job: Job<WalkSpec, WalkProgress>, walkId: string, token?: string): Promise<WalkProgress> => {
    let end: Awaited<ReturnType<typeof runWalk>>;
    try {
      // Asked on every attempt, before the first request: a sink gives the same params to a run taken up again.
      const plan = sink.plan ? await sink.plan({ walkId, walk: job.data }) : undefined;
      end = await runWalk({
        endpoints,
        sink: sink.write,
        walkId,
        walk: job.data,
        ...(plan ? { params: plan.params } : {}),
        from: progressOf(job),
        save: (progress) => job.updateProgress({ ...progress, savedAt: Date.now() }),
        stopping: () => closing,
      });
    } catch (error) {
      const failure = jobFailure(error);
      if (sink.finish && failsForGood(job, failure)) {
        // The walk's failure is the job's: a sink that cannot record it is heard through onError.
        await sink
          .finish({ walkId, walk: job.data, status: 'failed', error: failure.message })
          .catch((finishError: unknown) => options.onError?.(jobFailure(finishError)));
      }
      throw failure;
    }
    // A sink that cannot record the end fails this attempt: the next finds the walk done and tells it again.
    if (end.done) {
      await sink.finish?.({ walkId, walk: job.data, status: 'completed' });
      return end.progress;
    }
    // Closing: back to the queue, for any worker to resume from the stored checkpoint.
    await job.moveToWait(token);
    throw new WaitingError();
  };
  const worker = new Worker<WalkSpec, WalkProgress>(queueName, processor, {
    maxStalledCount: defaultMaxStalledCount,
    ...workerOptions,
    connection,
    concurrency,
  });
  // Unhandled, a Redis outage's errors would end the process; the worker reconnects on its own.
  worker.on('error', (error) => options.onError?.(error));
  return {
    worker,
    close: async () => {
      closing = true;
      await worker.close();
    },
  };
}
