// A store on a thread of its own: each method call a message to that thread (store-thread.ts), which holds the
// database connection and makes a page's rows from its items' JSON. The walk's thread then only fetches pages
// and hands each one over as one text, so a fast gateway is not held up by the per-item work of storing.
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { usageError } from '@pdg/core';
import type { HarvestStore } from './store.js';
import type { StoreTarget } from './target.js';
import type {
  AnswerMessage,
  CallMessage,
  OpenedMessage,
  StoreCall,
  StoreThreadData,
  ThrownError,
} from './thread-messages.js';

/**
 * The thread's entry: `store-thread.js` beside the built package; in the package's own tests, which run this
 * file from `src/`, `store-thread.ts` beside it (Node strips its types).
 */
const entry = new URL(import.meta.url.endsWith('.ts') ? './store-thread.ts' : './store-thread.js', import.meta.url);

/**
 * The thread's young generation: a page's garbage (its items parsed, its rows' texts) is a few megabytes, and
 * V8's default lets it grow far past that before collecting, in resident memory.
 */
const resourceLimits = { maxYoungGenerationSizeMb: 16 };

/** An error from the thread as it was: core's usage error where it was one, else an error of its message. */
function rethrown(error: ThrownError): Error {
  return error.code === 'USAGE' ? usageError(error.message) : Object.assign(new Error(error.message), error);
}

export async function threadedStore(target: StoreTarget): Promise<HarvestStore> {
  const worker = new Worker(entry, { workerData: { target } satisfies StoreThreadData, resourceLimits });
  const [opened] = (await Promise.race([
    once(worker, 'message'),
    once(worker, 'exit').then(([code]) => {
      throw new Error(`@pdg/store: the store's thread stopped as it opened ${target.kind} (exit code ${code}).`);
    }),
  ])) as [OpenedMessage];
  if ('failed' in opened) {
    await worker.terminate();
    throw rethrown(opened.failed);
  }
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  // The thread keeps the process alive only while a call waits for its answer, as an open connection would.
  worker.unref();
  worker.on('message', (answer: AnswerMessage) => {
    const call = pending.get(answer.id);
    if (!call) return;
    pending.delete(answer.id);
    if (pending.size === 0) worker.unref();
    if ('error' in answer) call.reject(rethrown(answer.error));
    else call.resolve(answer.result);
  });
  const stopped = (reason: string) => {
    const error = new Error(`@pdg/store: the store's thread stopped (${reason}); its calls under way failed.`);
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  worker.on('error', (error) => stopped(error.message));
  worker.on('exit', (code) => stopped(`exit code ${code}`));
  const call = <T>(name: StoreCall, ...args: unknown[]): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ id, call: name, args } satisfies CallMessage);
    });
  return {
    target: opened.opened.target,
    commitsEachPage: opened.opened.commitsEachPage,
    prepare: (table) => call('prepare', table),
    readState: (table, params) => call('readState', table, params),
    startRun: (run) => call('startRun', run),
    writePage: (page) => call('writePage', page),
    writeItems: (page) => call('writeItems', page),
    finishRun: (end) => call('finishRun', end),
    countRows: (table) => call('countRows', table),
    readRuns: (runIds) => call('readRuns', runIds),
    async close() {
      try {
        await call('close');
      } finally {
        await worker.terminate();
      }
    },
  };
}
