/**
 * The program's worker thread: it loads the engine, then runs one program and is ended by the host (at the
 * answer, at a breach, or at a bound of time, whatever the program is doing). It never holds the client or
 * the key: a gateway call is a message to the host.
 */
import { parentPort } from 'node:worker_threads';
import variant from '@jitl/quickjs-singlefile-mjs-release-sync';
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';
import { type PreparedProgram, prepare } from './engine.ts';
import type { FromWorker, ToWorker } from './messages.ts';
import { programSource } from './strip-types.ts';

const port = parentPort;
if (!port) throw new Error('@pdg/sandbox: worker.js runs as a worker thread of runProgram, not on its own.');
const post = (message: FromWorker) => port.postMessage(message);

// Loaded before any program is given: a spare worker is ready when one comes. The first transform warms
// sucrase up, so a program's own is not the first.
const engine = await newQuickJSWASMModuleFromVariant(variant);
programSource('return 1');
let program: PreparedProgram | undefined;

port.on('message', (message: ToWorker) => {
  if (message.type === 'prepare') {
    const read = programSource(message.code);
    if ('failure' in read) return post({ type: 'failure', failure: { kind: 'program', message: read.failure } });
    try {
      program = prepare(engine, read.source.trim().replace(/;$/, ''), message.bounds, post);
    } catch (error) {
      return post({
        type: 'failure',
        failure: { kind: 'program', message: `The sandbox could not start: ${(error as Error).message}` },
      });
    }
    return post({ type: 'prepared' });
  }
  if (message.type === 'go') return void program?.run();
  program?.settle(message);
});
post({ type: 'loaded' });
