/**
 * One program in one fresh WebAssembly instance of QuickJS, inside the program's worker: its own memory,
 * runtime and context. Memory is held here, by the engine's malloc limit and the instance's size (checked by
 * the interrupt handler); time is held from outside, by the host, which ends the whole worker.
 */
import type { QuickJSContext, QuickJSHandle, QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { ResolvedBounds } from './bounds.js';
import { type GuestBridge, guestBridge } from './guest-bridge.ts';
import { type Failure, type FromWorker, maxQuotedChars, type Settled } from './messages.ts';
import { prelude } from './prelude.ts';

export interface PreparedProgram {
  /** Runs the program to its answer (posted as `answer`) or its failure (posted as `failure`). */
  run(): Promise<void>;
  settle(message: Settled): void;
}

/** The engine made ready for the program: memory bounds set, `pdg` and `console` installed. */
export function prepare(
  engine: QuickJSWASMModule,
  source: string,
  bounds: ResolvedBounds,
  post: (message: FromWorker) => void,
): PreparedProgram {
  const runtime = engine.newRuntime();
  const memory = engine.getWasmMemory();
  const baseline = memory.buffer.byteLength;
  let memoryExceeded = false;
  runtime.setMemoryLimit(bounds.memoryBytes);
  // The engine's own stack check, below the worker's native stack, so deep recursion is QuickJS's
  // "stack overflow" error and not the worker's.
  runtime.setMaxStackSize(Math.min(512 * 1024, Math.floor(bounds.memoryBytes / 4)));
  // The engine's malloc limit does not count every reallocation (an array grown in place): the instance's
  // size is what is held to the bound.
  runtime.setInterruptHandler(() => {
    if (memory.buffer.byteLength - baseline > bounds.memoryBytes) memoryExceeded = true;
    return memoryExceeded;
  });
  const vm = runtime.newContext();
  const bridge = guestBridge(vm, bounds, post);
  const helpers = installPrelude(vm, bridge);
  let wake: () => void = () => undefined;
  const fail = (failure: Failure) => post({ type: 'failure', failure });
  const failureOf = (errorHandle: QuickJSHandle, answering = false): Failure => {
    const described = describe(vm, helpers.describe, errorHandle);
    errorHandle.dispose();
    if (bridge.failure) return bridge.failure;
    if (memoryExceeded) return { kind: 'bound', bound: 'memoryBytes' };
    return failureFrom(described, answering);
  };

  return {
    settle(message) {
      bridge.settle(message);
      wake();
    },
    async run() {
      try {
        await drive();
      } catch (error) {
        // The worker's own stack or heap gave out inside the engine: the program's doing, ended here.
        if (memoryExceeded) return fail({ kind: 'bound', bound: 'memoryBytes' });
        if (error instanceof RangeError) return fail(stackOverflow);
        fail({ kind: 'program', message: `The sandbox failed: ${error instanceof Error ? error.name : 'Error'}` });
      }
    },
  };

  async function drive(): Promise<void> {
    const started = vm.evalCode(`${source}()`, 'program.ts');
    if (started.error) return fail(failureOf(started.error));
    const promise = started.value;
    for (;;) {
      const jobs = runtime.executePendingJobs();
      if (jobs.error) return fail(failureOf(jobs.error));
      jobs.dispose();
      if (bridge.failure) return fail(bridge.failure);
      const outcome = vm.getPromiseState(promise);
      if (outcome.type === 'fulfilled') return answer(outcome.value);
      if (outcome.type === 'rejected') return fail(failureOf(outcome.error));
      if (bridge.waiting === 0) {
        return fail({
          kind: 'program',
          message:
            'The program is waiting on a promise that nothing will settle (the sandbox has no timers or events): await only pdg calls.',
        });
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  }

  /** The answer as JSON text made inside the sandbox, its length checked before it is copied out. */
  function answer(value: QuickJSHandle): void {
    const made = vm.callFunction(helpers.answer, vm.undefined, value);
    value.dispose();
    if (made.error) {
      fail(failureOf(made.error, true));
      return;
    }
    const json = made.value;
    try {
      if (vm.typeof(json) === 'undefined') {
        post({ type: 'answer', json: undefined, console: bridge.console });
        return;
      }
      const length = lengthOf(vm, json);
      // Characters are never more than UTF-8 bytes: this long, the answer is over the bound.
      if (length > bounds.maxResultBytes) {
        fail({
          kind: 'bound',
          bound: 'maxResultBytes',
          detail: `the answer is ${length.toLocaleString('en-US')} characters of JSON`,
        });
        return;
      }
      post({ type: 'answer', json: vm.getString(json), console: bridge.console });
    } finally {
      json.dispose();
    }
  }
}

const stackOverflow: Failure = {
  kind: 'program',
  message: 'RangeError: stack overflow: the program recursed too deep; recurse less deeply, or use a loop.',
};

interface Helpers {
  readonly answer: QuickJSHandle;
  readonly describe: QuickJSHandle;
}

/** Runs the prelude with the host functions: `pdg` and `console` become the program's globals. */
function installPrelude(vm: QuickJSContext, bridge: GuestBridge): Helpers {
  const preludeFunction = vm.unwrapResult(vm.evalCode(prelude, 'prelude.js'));
  const quotedChars = vm.newNumber(maxQuotedChars);
  try {
    const made = vm.unwrapResult(vm.callFunction(preludeFunction, vm.undefined, ...bridge.handles, quotedChars));
    const helpers = { answer: vm.getProp(made, 'answer'), describe: vm.getProp(made, 'describe') };
    made.dispose();
    return helpers;
  } finally {
    quotedChars.dispose();
    preludeFunction.dispose();
    for (const handle of bridge.handles) handle.dispose();
  }
}

interface Described {
  readonly name?: string;
  readonly message?: string;
  readonly stack?: string;
  readonly code?: string;
}

/** The error as the prelude's `describe` reads it: each part already cut to a short prefix in the sandbox. */
function describe(vm: QuickJSContext, describeHandle: QuickJSHandle, errorHandle: QuickJSHandle): Described {
  const made = vm.callFunction(describeHandle, vm.undefined, errorHandle);
  if (made.error) {
    made.error.dispose();
    return { message: 'an error that could not be read' };
  }
  try {
    // Four parts, each cut to a short prefix by the prelude: anything longer is not its description.
    const fits = vm.typeof(made.value) === 'string' && lengthOf(vm, made.value) <= 8 * maxQuotedChars;
    return fits ? (JSON.parse(vm.getString(made.value)) as Described) : { message: 'an error that could not be read' };
  } finally {
    made.value.dispose();
  }
}

function lengthOf(vm: QuickJSContext, text: QuickJSHandle): number {
  const length = vm.getProp(text, 'length');
  try {
    return vm.getNumber(length);
  } finally {
    length.dispose();
  }
}

/** Why the program failed: a gateway error it did not catch, an answer that is not JSON, or its own error. */
function failureFrom(error: Described, answering: boolean): Failure {
  const message = error.message ?? 'an error without a message';
  if (/out of memory/i.test(message)) return { kind: 'bound', bound: 'memoryBytes' };
  if (/stack overflow/i.test(message)) return stackOverflow;
  const said = `${error.name ?? 'Error'}: ${message}`;
  if (answering) {
    return {
      kind: 'program',
      message: `The program's answer cannot be made into JSON (${said}): return plain data (objects, arrays, strings, numbers, booleans, null), without cycles or BigInts.`,
    };
  }
  if (error.name === 'PdgError') return { kind: 'gateway', code: error.code ?? 'ERROR', message };
  const where = /program\.ts:(\d+)/.exec(error.stack ?? '');
  return { kind: 'program', message: `${said}${where ? ` (at line ${where[1]} of the program)` : ''}` };
}
