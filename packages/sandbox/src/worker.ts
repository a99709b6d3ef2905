/**
 * The program's worker thread: it loads a fresh engine, runs one program in it, reports the answer or the
 * failure, and loads a fresh engine for the next program; the host ends it whenever it must (at a breach, or
 * at a bound of time, whatever the program is doing). It never holds the client or the key: a gateway call
 * is a message to the host.
 */
import { parentPort } from 'node:worker_threads';
import variant from '@jitl/quickjs-singlefile-mjs-release-sync';
import { newQuickJSWASMModuleFromVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import { ownThread } from './cpu-time.ts';
import { type PreparedProgram, prepare } from './engine.ts';
import type { FromWorker, ToWorker } from './messages.ts';
import { programSource } from './strip-types.ts';

const port = parentPort;
if (!port) throw new Error('@pdg/sandbox: worker.js runs as a worker thread of runProgram, not on its own.');
const post = (message: FromWorker) => port.postMessage(message);

// Nothing of the engine reaches the host's output (an assertion as it fails, say): the engine takes
// console.log and console.error as it is made, so they are quiet before the first engine is made.
const quiet = () => true;
for (const level of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) console[level] = () => undefined;
process.stdout.write = quiet;
process.stderr.write = quiet;

/** Where the host reads this thread's CPU time from `/proc`, the thread's id (Bun on Linux), said as it loads. */
const thread = ownThread();
let engine: QuickJSWASMModule | undefined;
let program: PreparedProgram | undefined;

/** A fresh engine instance (its own WebAssembly memory) for the next program, then `loaded`. */
async function load(): Promise<void> {
  program = undefined;
  engine = await newQuickJSWASMModuleFromVariant(variant);
  post({ type: 'loaded', thread });
}

/** Posts the program's answer or failure, then loads the engine for the next. */
const report = (message: FromWorker) => {
  post(message);
  if (message.type === 'answer' || message.type === 'failure') void load();
};

port.on('message', (message: ToWorker) => {
  if (message.type === 'prepare') {
    const read = programSource(message.code);
    if ('failure' in read) return report({ type: 'failure', failure: { kind: 'program', message: read.failure } });
    if (!engine) throw new Error('@pdg/sandbox: a program was given before the engine loaded.');
    try {
      program = prepare(engine, read.source.trim().replace(/;$/, ''), message.bounds, report);
    } catch (error) {
      return report({
        type: 'failure',
        failure: { kind: 'program', message: `The sandbox could not start: ${(error as Error).message}` },
      });
    }
    return post({ type: 'prepared' });
  }
  if (message.type === 'go') return void program?.run();
  program?.settle(message);
});

// The first transform warms sucrase up, so that a program's own is not the first.
programSource('return 1');
await load();
