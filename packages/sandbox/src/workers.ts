/**
 * The workers programs run on: one worker per program, ended when the program ends, so nothing one program
 * does (or breaks) reaches the next. One spare is started once a program's worker has loaded, so the next
 * program finds the engine loaded. An idle spare does not keep the process alive.
 */
import { Worker } from 'node:worker_threads';
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

let spare: Promise<Worker> | undefined;

/** A worker with the engine loaded, for one program; the caller terminates it when the program ends. */
export async function takeWorker(): Promise<Worker> {
  const taken = spare ?? startWorker();
  spare = undefined;
  const worker = await taken.catch(() => startWorker());
  worker.ref();
  worker.stdout.resume();
  worker.stderr.resume();
  if (!spare) {
    const next = startWorker();
    spare = next;
    next.catch(() => {
      if (spare === next) spare = undefined;
    });
  }
  return worker;
}

function startWorker(): Promise<Worker> {
  // The worker's stdout and stderr are piped here, not to the host's, and dropped once it runs a program (an
  // idle spare's are not read: reading them would keep the process alive).
  const worker = new Worker(entry, { stdout: true, stderr: true, resourceLimits });
  worker.unref();
  // An idle spare that fails is dropped (the next program starts its own): never an uncaught 'error'.
  worker.on('error', () => undefined);
  worker.once('exit', () => {
    if (spare === started) spare = undefined;
  });
  const started = new Promise<Worker>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`the sandbox's worker did not load within ${loadMs} ms`)), loadMs);
    timer.unref();
    const fail = (error: Error) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      void worker.terminate();
      reject(error);
    };
    const onMessage = (message: FromWorker) => {
      if (message.type !== 'loaded') return;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', fail);
      worker.off('exit', onExit);
      resolve(worker);
    };
    const onExit = (code: number) => fail(new Error(`the sandbox's worker stopped as it loaded (exit code ${code})`));
    worker.on('message', onMessage);
    worker.once('error', fail);
    worker.once('exit', onExit);
  });
  return started;
}
