/**
 * One program on a worker thread of its own, which the host ends from outside at its time bounds, whatever
 * the program is doing: a loop in the program's code, in one of the engine's native calls, or in the engine's
 * C code ends the same way, and the host's event loop keeps answering everyone else meanwhile. The program
 * runs in a fresh WebAssembly instance of QuickJS inside that worker; its only way out is the bridge
 * (`pdg.run`, `pdg.pages`, `pdg.items`, `console`), whose gateway calls the host makes on the client.
 */
import type { Worker } from 'node:worker_threads';
import type { AnyProvider, PdgClient } from '@pdg/core';
import { type ClientEndpoints, endpointsOf } from '@pdg/core/face';
import { type ResolvedBounds, resolveBounds, type SandboxBounds } from './bounds.js';
import { cpuClockOf } from './cpu-time.js';
import { boundError, SandboxError } from './errors.js';
import { type HostCalls, hostCalls, type ProgramProgress } from './host-calls.js';
import { type Failure, type FromWorker, quoted, type ToWorker } from './messages.js';
import { releaseWorker, takeWorker } from './workers.js';

export interface RunProgramOptions<TProviders extends readonly AnyProvider[] = readonly AnyProvider[]> {
  /** The program: the body of an async function, JavaScript or TypeScript (types are stripped). */
  readonly code: string;
  /** The client every gateway call goes through (params checks, retries, rate limit, cache, key). */
  readonly client: PdgClient<TProviders>;
  readonly bounds?: SandboxBounds;
  /**
   * Applied to every answer and error before it enters the sandbox (to keep a secret out of it). Default:
   * the client's own redaction of its key (`endpointsOf(client).redact`).
   */
  readonly redact?: (value: unknown) => unknown;
  /** Ends the run (and its gateway calls) when aborted. */
  readonly signal?: AbortSignal;
  /**
   * Told as the program goes: after each gateway answer (`pages`: a walk's page or a call's answer) and each
   * item a walk hands it (`items`), so that a long run can say how far it is (an MCP task's progress).
   */
  readonly onProgress?: (progress: ProgramProgress) => void;
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
  if (options.signal?.aborted) throw cancelled();
  const worker = await takeWorker();
  // The program names providers and endpoints at run time: it calls through the client's untyped face.
  const endpoints = endpointsOf(options.client);
  const run = watch(worker, { ...options, redact: options.redact ?? endpoints.redact, endpoints }, bounds);
  try {
    return await run.result;
  } finally {
    releaseWorker(worker, run.reusable());
  }
}

/**
 * Gives the worker the program and answers its requests until it answers, fails or breaches a bound. The
 * time bounds are held here: `wallMs` by a timer from the moment the program is given, `cpuMs` by the
 * worker's CPU time read from outside plus the host's own time on its requests.
 */
function watch(
  worker: Worker,
  options: Omit<RunProgramOptions, 'client' | 'redact'> & {
    readonly endpoints: ClientEndpoints;
    readonly redact: (value: unknown) => unknown;
  },
  bounds: ResolvedBounds,
): { result: Promise<ProgramResult>; reusable: () => boolean } {
  const stop = new AbortController();
  const { redact } = options;
  const post = (message: ToWorker) => worker.postMessage(message);
  const timers: ReturnType<typeof setTimeout>[] = [];
  // The worker may take another program only if this one ended on its own: an answer, or its own error.
  let endedOnItsOwn = false;
  const result = new Promise<ProgramResult>((resolve, reject) => {
    let ended = false;
    const end = (outcome: { value: ProgramResult } | { error: SandboxError }) => {
      if (ended) return;
      ended = true;
      for (const timer of timers) clearTimeout(timer);
      stop.abort();
      calls.close();
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      options.signal?.removeEventListener('abort', onAbort);
      if ('value' in outcome) resolve(outcome.value);
      else reject(outcome.error);
    };
    const calls: HostCalls = hostCalls({
      endpoints: options.endpoints,
      bounds,
      signal: stop.signal,
      redact,
      reply: (message) => {
        if (!ended) post(message);
      },
      breach: (error) => end({ error }),
      ...(options.onProgress ? { progress: options.onProgress } : {}),
    });
    const clock = cpuClockOf(worker, () => calls.waitedMs);
    let cpuAtStart = 0;

    const onMessage = (message: FromWorker) => {
      if (ended) return;
      if (message.type === 'prepared') return post({ type: 'go' });
      if (message.type === 'answer') {
        endedOnItsOwn = true;
        return end(answerOf(message, bounds, redact, calls.calls));
      }
      if (message.type === 'failure') {
        endedOnItsOwn = message.failure.kind !== 'bound';
        return end({ error: sandboxErrorOf(message.failure, bounds, redact) });
      }
      if (message.type === 'loaded') return;
      try {
        calls.handle(message);
      } catch (error) {
        // Never thrown from this listener, where it would end the host's process.
        const said = quoted(String(redact(String(error))));
        end({ error: new SandboxError(`The sandbox failed on the host: ${said}`, { kind: 'program' }) });
      }
    };
    const onAbort = () => end({ error: cancelled() });
    worker.on('message', onMessage);
    const onError = (error: Error & { code?: string }) => {
      // The worker's heap or stack gave out: the program's doing, as the engine could not catch it.
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') return end({ error: boundError('memoryBytes', bounds) });
      end({ error: new SandboxError(`The sandbox failed: ${error.name}.`, { kind: 'program' }) });
    };
    const onExit = () => end({ error: new SandboxError('The sandbox stopped unexpectedly.', { kind: 'program' }) });
    worker.on('error', onError);
    worker.on('exit', onExit);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    // Aborted while the worker was being taken (a cold start): no program is given.
    if (options.signal?.aborted) return onAbort();

    const checkCpu = async () => {
      const used = (await clock().catch(() => 0)) - cpuAtStart + calls.hostMs;
      if (ended) return;
      if (used >= bounds.cpuMs) return end({ error: boundError('cpuMs', bounds) });
      // The worker's and the host's time together grow at most twice as fast as the clock on the wall.
      timers.push(setTimeout(checkCpu, Math.max(5, (bounds.cpuMs - used) / 2)));
    };
    void clock()
      .catch(() => 0)
      .then((cpu) => {
        if (ended) return;
        cpuAtStart = cpu;
        post({ type: 'prepare', code: options.code, bounds });
        timers.push(
          setTimeout(() => {
            const waiting = calls.inFlight > 0 ? `${calls.inFlight} gateway call(s) still waiting` : '';
            end({ error: boundError('wallMs', bounds, waiting) });
          }, bounds.wallMs),
        );
        timers.push(setTimeout(checkCpu, Math.max(5, bounds.cpuMs / 2)));
      });
  });
  return { result, reusable: () => endedOnItsOwn };
}

/** The program's answer: JSON text made in the sandbox, its size checked there and again here. */
function answerOf(
  message: Extract<FromWorker, { type: 'answer' }>,
  bounds: ResolvedBounds,
  redact: (value: unknown) => unknown,
  calls: number,
): { value: ProgramResult } | { error: SandboxError } {
  const console = String(redact(message.console));
  if (message.json === undefined) return { value: { value: null, console, calls } };
  const bytes = new TextEncoder().encode(message.json).length;
  if (bytes > bounds.maxResultBytes) {
    return {
      error: boundError('maxResultBytes', bounds, `the answer is ${bytes.toLocaleString('en-US')} bytes of JSON`),
    };
  }
  return { value: { value: JSON.parse(message.json) as unknown, console, calls } };
}

/** The error for the worker's report of why the program gave no answer. */
function sandboxErrorOf(failure: Failure, bounds: ResolvedBounds, redact: (value: unknown) => unknown): SandboxError {
  if (failure.kind === 'bound') return boundError(failure.bound, bounds, failure.detail);
  const message = String(redact(failure.message));
  if (failure.kind === 'program') return new SandboxError(message, { kind: 'program' });
  return new SandboxError(`${message} (a pdg call the program did not catch)`, {
    kind: 'gateway',
    code: failure.code,
  });
}

function cancelled(): SandboxError {
  return new SandboxError('The run was cancelled by its caller.', { kind: 'program' });
}
