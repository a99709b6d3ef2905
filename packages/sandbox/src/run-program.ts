/**
 * One program, one fresh WebAssembly instance of QuickJS: its own memory, runtime and context, thrown away
 * when the program ends, so nothing one program does (or breaks) reaches the next. The program's only way
 * out is the bridge (`pdg.run`, `pdg.pages`, `pdg.items`, `console`); it has no network, files, environment,
 * timers, host objects or module loading.
 */
import type { AnyProvider, PdgClient } from '@pdg/core';
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten-core';
import { type ResolvedBounds, resolveBounds, type SandboxBounds } from './bounds.js';
import { type BridgeState, hostFunctions } from './bridge.js';
import { boundError, SandboxError } from './errors.js';
import { entry, prelude } from './prelude.js';
import { programSource } from './strip-types.js';

export interface RunProgramOptions<TProviders extends readonly AnyProvider[] = readonly AnyProvider[]> {
  /** The program: the body of an async function, JavaScript or TypeScript (types are stripped). */
  readonly code: string;
  /** The client every gateway call goes through (params checks, retries, rate limit, cache, key). */
  readonly client: PdgClient<TProviders>;
  readonly bounds?: SandboxBounds;
  /** Applied to every answer and error before it enters the sandbox (to keep a secret out of it). */
  readonly redact?: (value: unknown) => unknown;
  /** Ends the run (and its gateway calls) when aborted. */
  readonly signal?: AbortSignal;
}

export interface ProgramResult {
  /** What the program returned, as JSON (`undefined` became `null`). */
  readonly value: unknown;
  /** What it wrote with `console`, one line each (`warn: ...` for other levels than log). */
  readonly console: string;
  /** Gateway calls it made. */
  readonly calls: number;
}

/** Runs the program to its answer, or throws a `SandboxError` saying why there is none. */
export async function runProgram<const TProviders extends readonly AnyProvider[]>(
  options: RunProgramOptions<TProviders>,
): Promise<ProgramResult> {
  const bounds = resolveBounds(options.bounds);
  if (typeof options.code !== 'string' || options.code.trim() === '') {
    throw new SandboxError('code must be the text of a program (received nothing to run).', { kind: 'program' });
  }
  const source = entry((await programSource(options.code)).trim().replace(/;$/, ''));
  const { newQuickJSWASMModuleFromVariant } = await import('quickjs-emscripten-core');
  const variant = (await import('@jitl/quickjs-singlefile-mjs-release-sync')).default;
  const engine = await newQuickJSWASMModuleFromVariant(variant);
  const runtime = engine.newRuntime();
  const stop = new AbortController();
  const onAbort = () => stop.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const memory = engine.getWasmMemory();
  const clock = startClock(bounds, runtime, () => memory.buffer.byteLength);
  const state: BridgeState = {
    bounds,
    // The program names providers and endpoints at run time: the client's typed methods do not apply.
    client: options.client as unknown as PdgClient<readonly AnyProvider[]>,
    signal: stop.signal,
    redact: options.redact ?? ((value) => value),
    failure: undefined,
    calls: 0,
    consoleBytes: 0,
    consoleText: '',
    pending: new Set(),
    wake: () => undefined,
  };
  let vm: QuickJSContext | undefined;
  let closeWalks: () => void = () => undefined;
  try {
    runtime.setMemoryLimit(bounds.memoryBytes);
    runtime.setMaxStackSize(Math.min(1024 * 1024, Math.floor(bounds.memoryBytes / 4)));
    vm = runtime.newContext();
    const bridge = hostFunctions(vm, state);
    closeWalks = bridge.closeWalks;
    installPrelude(vm, bridge.handles, clock);
    const value = await drive(vm, runtime, source, state, clock, options.signal);
    return { value, console: state.consoleText, calls: state.calls };
  } finally {
    stop.abort();
    options.signal?.removeEventListener('abort', onAbort);
    clock.stop();
    closeWalks();
    // A breach can leave the engine's heap in any state: the instance is dropped whole either way.
    try {
      vm?.dispose();
      runtime.dispose();
    } catch {
      // The next program gets a new instance.
    }
  }
}

interface Clock {
  /** Runs guest code, its time counted as the program's CPU time. */
  guest<T>(work: () => T): T;
  /** The bound that interrupted the program, if one did. */
  readonly interruptedBy: Interrupting | undefined;
  /** Settles when the wall time is up. */
  readonly wallTimeUp: Promise<void>;
  readonly cpuUsed: number;
  stop(): void;
}

type Interrupting = 'cpuMs' | 'wallMs' | 'memoryBytes';

/**
 * CPU time (time spent running the program's own code), wall time and memory, watched by QuickJS's interrupt
 * handler, which the engine calls every few thousand operations. Memory is the growth of the instance's
 * WebAssembly memory since the program started: the engine's own malloc limit is set too, but it does not
 * count every reallocation (an array grown in place), so the instance's size is what is held to the bound.
 */
function startClock(bounds: ResolvedBounds, runtime: QuickJSRuntime, memoryBytes: () => number): Clock {
  const started = performance.now();
  const baseline = memoryBytes();
  let cpuUsed = 0;
  let sliceStart: number | undefined;
  let interruptedBy: Interrupting | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wallTimeUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, bounds.wallMs);
  });
  runtime.setInterruptHandler(() => {
    const now = performance.now();
    if (sliceStart !== undefined && cpuUsed + (now - sliceStart) > bounds.cpuMs) interruptedBy ??= 'cpuMs';
    else if (now - started > bounds.wallMs) interruptedBy ??= 'wallMs';
    else if (memoryBytes() - baseline > bounds.memoryBytes) interruptedBy ??= 'memoryBytes';
    return interruptedBy !== undefined;
  });
  return {
    guest(work) {
      sliceStart = performance.now();
      try {
        return work();
      } finally {
        cpuUsed += performance.now() - sliceStart;
        sliceStart = undefined;
      }
    },
    get interruptedBy() {
      return interruptedBy;
    },
    get cpuUsed() {
      return cpuUsed;
    },
    wallTimeUp,
    stop: () => clearTimeout(timer),
  };
}

/** Runs the prelude with the host functions: `pdg` and `console` become the program's globals. */
function installPrelude(vm: QuickJSContext, handles: QuickJSHandle[], clock: Clock): void {
  const preludeFunction = vm.unwrapResult(vm.evalCode(prelude, 'prelude.js'));
  try {
    clock.guest(() => vm.unwrapResult(vm.callFunction(preludeFunction, vm.undefined, ...handles)).dispose());
  } finally {
    preludeFunction.dispose();
    for (const handle of handles) handle.dispose();
  }
}

/**
 * Starts the program and runs its jobs each time a gateway call settles, until its promise settles, a bound
 * is breached, or nothing is left that could settle it.
 */
async function drive(
  vm: QuickJSContext,
  runtime: QuickJSRuntime,
  source: string,
  state: BridgeState,
  clock: Clock,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  const started = clock.guest(() => vm.evalCode(source, 'program.ts'));
  if (started.error) throw failureOf(vm, started.error, state, clock);
  const promise = started.value;
  try {
    for (;;) {
      const jobs = clock.guest(() => runtime.executePendingJobs());
      if (jobs.error) throw failureOf(vm, jobs.error, state, clock);
      jobs.dispose();
      if (state.failure) throw state.failure;
      const outcome = vm.getPromiseState(promise);
      if (outcome.type === 'fulfilled') return answerOf(vm, outcome.value, state);
      if (outcome.type === 'rejected') throw failureOf(vm, outcome.error, state, clock);
      if (state.pending.size === 0) {
        throw new SandboxError(
          'The program is waiting on a promise that nothing will settle (the sandbox has no timers or events): await only pdg calls.',
          { kind: 'program' },
        );
      }
      const woken = new Promise<void>((resolve) => {
        state.wake = resolve;
      });
      const ended = await Promise.race([
        woken.then(() => 'woken'),
        clock.wallTimeUp.then(() => 'wall'),
        aborted(signal),
      ]);
      if (ended === 'wall')
        throw boundError('wallMs', state.bounds, `${state.pending.size} gateway call(s) still waiting`);
      if (ended === 'aborted') throw new SandboxError('The run was cancelled by its caller.', { kind: 'program' });
    }
  } finally {
    promise.dispose();
  }
}

function aborted(signal: AbortSignal | undefined): Promise<'aborted'> {
  if (!signal) return new Promise(() => undefined);
  if (signal.aborted) return Promise.resolve('aborted');
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve('aborted'), { once: true }));
}

/** The program's answer: JSON text made inside the sandbox, its size checked before it is copied out. */
function answerOf(vm: QuickJSContext, handle: QuickJSHandle, state: BridgeState): unknown {
  try {
    if (vm.typeof(handle) === 'undefined') return null;
    const lengthHandle = vm.getProp(handle, 'length');
    const length = vm.getNumber(lengthHandle);
    lengthHandle.dispose();
    if (length > state.bounds.maxResultBytes) {
      throw boundError(
        'maxResultBytes',
        state.bounds,
        `the answer is ${length.toLocaleString('en-US')} characters of JSON`,
      );
    }
    const json = vm.getString(handle);
    const bytes = new TextEncoder().encode(json).length;
    if (bytes > state.bounds.maxResultBytes) {
      throw boundError('maxResultBytes', state.bounds, `the answer is ${bytes.toLocaleString('en-US')} bytes of JSON`);
    }
    return JSON.parse(json);
  } finally {
    handle.dispose();
  }
}

/** Why the program failed: a bound it breached, a gateway error it did not catch, or its own error. */
function failureOf(vm: QuickJSContext, errorHandle: QuickJSHandle, state: BridgeState, clock: Clock): SandboxError {
  const dumped = safeDump(vm, errorHandle);
  errorHandle.dispose();
  if (state.failure) return state.failure;
  if (clock.interruptedBy) {
    return boundError(clock.interruptedBy, state.bounds);
  }
  const error = (typeof dumped === 'object' && dumped !== null ? dumped : { message: String(dumped) }) as {
    name?: string;
    message?: string;
    stack?: string;
    code?: string;
  };
  if (error.message === 'out of memory' || /out of memory/i.test(String(error.message))) {
    return boundError('memoryBytes', state.bounds);
  }
  if (/stack overflow/i.test(String(error.message))) {
    return new SandboxError('RangeError: stack overflow: the program recursed too deep.', { kind: 'program' });
  }
  if (error.name === 'PdgError') {
    return new SandboxError(`${error.code}: ${error.message} (a pdg call the program did not catch)`, {
      kind: 'gateway',
      ...(error.code === undefined ? {} : { code: error.code }),
    });
  }
  const where = /program\.ts:(\d+)/.exec(error.stack ?? '');
  return new SandboxError(
    `${error.name ?? 'Error'}: ${error.message ?? String(dumped)}${where ? ` (at line ${where[1]} of the program)` : ''}`,
    { kind: 'program' },
  );
}

function safeDump(vm: QuickJSContext, handle: QuickJSHandle): unknown {
  try {
    return vm.dump(handle);
  } catch {
    return { message: 'an error that could not be read' };
  }
}
