/**
 * `pnpm bench` for @pdg/sandbox: what a program costs to start, as milliseconds from `runProgram` to the
 * answer of `return 1`, and as ratios to the same program run in this thread, as the sandbox did before
 * programs had workers of their own (a fresh QuickJS instance on the caller's thread: fast, but nothing could
 * stop a loop inside one of the engine's native calls). Figures:
 * - first: the first program of the process (the worker and the engine loaded for it);
 * - back to back: the next programs, each asked for as the one before answers (the spare may still be loading);
 * - after a pause: a program asked for once the spare worker has had a second to load.
 */
import variant from '@jitl/quickjs-singlefile-mjs-release-sync';
import { createClient } from '@pdg/core';
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';
import { runProgram } from '../dist/index.js';

const rounds = 15;
// No gateway: `return 1` makes no call; the client (a real one: the host reaches it through core's face) is only
// handed to the host's side of the bridge.
const client = createClient({ providers: [], baseUrl: 'http://127.0.0.1:9', apiKey: 'bench-key' });

const elapsed = async (work: () => Promise<unknown>): Promise<number> => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The program in this thread: a fresh engine instance, runtime and context, as each program had before. */
async function inThread(): Promise<void> {
  const engine = await newQuickJSWASMModuleFromVariant(variant);
  const runtime = engine.newRuntime();
  const vm = runtime.newContext();
  vm.unwrapResult(vm.evalCode('(async function program() { return 1 })()')).dispose();
  runtime.executePendingJobs().dispose();
}

const onWorker = () => runProgram({ code: 'return 1', client });

// Each first in the process: the in-thread one loads the engine's module here, the worker's in the worker.
const threadFirst = await elapsed(inThread);
const threadLater: number[] = [];
for (let round = 0; round < rounds; round++) threadLater.push(await elapsed(inThread));
const workerFirst = await elapsed(onWorker);
const backToBack: number[] = [];
for (let round = 0; round < rounds; round++) backToBack.push(await elapsed(onWorker));
const afterPause: number[] = [];
for (let round = 0; round < rounds; round++) {
  await pause(1_000);
  afterPause.push(await elapsed(onWorker));
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const times = (value: number) => `${value.toFixed(2)}x`;
const later = median(threadLater);
console.table([
  {
    program: 'first',
    'on a worker': ms(workerFirst),
    'in this thread': ms(threadFirst),
    ratio: times(workerFirst / threadFirst),
  },
  {
    program: `back to back (median of ${rounds})`,
    'on a worker': ms(median(backToBack)),
    'in this thread': ms(later),
    ratio: times(median(backToBack) / later),
  },
  {
    program: `after a pause (median of ${rounds})`,
    'on a worker': ms(median(afterPause)),
    'in this thread': ms(later),
    ratio: times(median(afterPause) / later),
  },
]);
