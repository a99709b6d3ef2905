/**
 * The workers programs run on: a small pool that keeps a worker with its engine loaded ready for the next
 * program, even while others run (a second caller does not wait for a worker to start). A worker runs one
 * program at a time, in a fresh engine instance each time; after a program that ended on its own (an
 * answer, or its own error) the worker loads a fresh engine and goes back to the pool. After a breach, a
 * cancellation or anything else, it is terminated and replaced. An idle worker does not keep the process
 * alive.
 */
import { Worker } from 'node:worker_threads';
import { rememberThread } from './cpu-time.js';
import type { FromWorker } from './messages.js';

/**
 * The worker's entry: `worker.js` beside the built package; in the package's own tests, which run this file
 * from `src/`, `worker.ts` beside it (Node strips its types).
 */
const entry = new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url);

/** How long a worker may take to load the engine before the program is refused: a guard against a hang. */
const loadMs = 60_000;

/**
 * The worker's own limits: its JavaScript heap carries only texts whose size the bounds hold (the program's
 * memory is the engine's WebAssembly memory), and its stack is deep enough that QuickJS's own stack check,
 * not the thread's, ends deep recursion.
 */
const resourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 8 };

/** Idle workers kept at most: programs taken one after another reuse these, and start none. */
const maxIdle = 2;

/** Idle workers, each loading or loaded with its engine. */
const idle: Promise<Worker>[] = [];

/** A worker with a fresh engine loaded, for one program: give it back with `releaseWorker` when it ends. */
export async function takeWorker(): Promise<Worker> {
  const taken = idle.shift() ?? startWorker();
  let worker = await taken.catch(() => startWorker());
  // An idle worker that stopped since it loaded (its thread id is then -1) is replaced.
  if (worker.threadId === -1) worker = await startWorker();
  worker.ref();
  // One ready for the next program, started once this one's has loaded (not competing with it for a core).
  if (idle.length === 0) idle.push(startWorker());
  return worker;
}

/**
 * The worker back from a program: kept if the program ended on its own and fewer than `maxIdle` wait (it is
 * loading its next engine), else terminated, and replaced if none is left waiting.
 */
export function releaseWorker(worker: Worker, reusable: boolean): void {
  worker.unref();
  if (reusable && idle.length < maxIdle) {
    idle.push(whenLoaded(worker));
    return;
  }
  void worker.terminate();
  if (idle.length === 0) idle.push(startWorker());
}

function startWorker(): Promise<Worker> {
  const worker = new Worker(entry, { resourceLimits });
  worker.unref();
  // An idle worker that fails is dropped (the next program starts its own): never an uncaught 'error'.
  worker.on('error', () => undefined);
  return whenLoaded(worker);
}

/** Settles when the worker says its engine is loaded; one that fails is dropped from the idle workers. */
function whenLoaded(worker: Worker): Promise<Worker> {
  const loaded = new Promise<Worker>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`the sandbox's worker did not load within ${loadMs} ms`)), loadMs);
    timer.unref();
    const stopListening = () => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', fail);
      worker.off('exit', onExit);
    };
    const fail = (error: Error) => {
      stopListening();
      const waiting = idle.indexOf(loaded);
      if (waiting !== -1) idle.splice(waiting, 1);
      void worker.terminate();
      reject(error);
    };
    const onMessage = (message: FromWorker) => {
      if (message.type !== 'loaded') return;
      stopListening();
      rememberThread(worker, message.thread);
      resolve(worker);
    };
    const onExit = (code: number) => fail(new Error(`the sandbox's worker stopped as it loaded (exit code ${code})`));
    worker.on('message', onMessage);
    worker.on('error', fail);
    worker.on('exit', onExit);
  });
  // A failure is met by the program that takes the slot (it starts its own worker).
  loaded.catch(() => undefined);
  return loaded;
}
