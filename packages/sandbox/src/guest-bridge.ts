/**
 * The worker's side of the bridge: the functions the prelude is called with. A gateway call or a walk's step
 * is a message to the host, which makes it on the real client, and a QuickJS promise that the host's answer
 * settles. Every text the program passes is measured inside the sandbox before it is copied out: one that is
 * too long is refused there, and never crosses.
 */
import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle } from 'quickjs-emscripten-core';
import type { ResolvedBounds } from './bounds.js';
import {
  type Failure,
  type FromWorker,
  maxNameChars,
  maxOpenWalks,
  maxParamsChars,
  type Settled,
  tooLong,
} from './messages.ts';

const encoder = new TextEncoder();

export interface GuestBridge {
  /** The five host functions, in the prelude's order. */
  readonly handles: QuickJSHandle[];
  /** Calls and steps the host has not answered yet: while there are none, nothing can wake the program. */
  readonly waiting: number;
  /** A breach found here (console output): the run ends with it, whatever the program does next. */
  readonly failure: Failure | undefined;
  readonly console: string;
  /** Settles the call the host answered. */
  settle(message: Settled): void;
}

export function guestBridge(vm: QuickJSContext, bounds: ResolvedBounds, post: (message: FromWorker) => void) {
  const waiting = new Map<number, QuickJSDeferredPromise>();
  const openWalks = new Set<number>();
  let nextCall = 1;
  let nextWalk = 1;
  let failure: Failure | undefined;
  let consoleBytes = 0;
  let consoleText = '';

  const lengthOf = (handle: QuickJSHandle): number => {
    if (vm.typeof(handle) !== 'string') return Number.POSITIVE_INFINITY;
    const length = vm.getProp(handle, 'length');
    try {
      return vm.getNumber(length);
    } finally {
      length.dispose();
    }
  };
  /** Why the provider, endpoint and params of a call are refused (measured in the sandbox), if they are. */
  const refusal = (provider: QuickJSHandle, endpoint: QuickJSHandle, params: QuickJSHandle) =>
    (vm.typeof(params) === 'string' ? undefined : 'The params must be an object of values JSON can carry.') ??
    tooLong('The provider id', lengthOf(provider), maxNameChars) ??
    tooLong('The endpoint name', lengthOf(endpoint), maxNameChars) ??
    tooLong("The call's params, as JSON,", lengthOf(params), maxParamsChars);

  const pdgError = (message: string, code: string): QuickJSHandle => {
    const error = vm.newError({ name: 'PdgError', message });
    const codeHandle = vm.newString(code);
    vm.setProp(error, 'code', codeHandle);
    codeHandle.dispose();
    return error;
  };
  /** A promise in the sandbox for the host's answer to the message `send` posts with its id. */
  const awaitHost = (send: (id: number) => void): QuickJSHandle => {
    const deferred = vm.newPromise();
    const id = nextCall++;
    waiting.set(id, deferred);
    send(id);
    return deferred.handle;
  };
  const refused = (message: string): QuickJSHandle => {
    const deferred = vm.newPromise();
    const error = pdgError(message, 'INVALID_PARAMS');
    deferred.reject(error);
    error.dispose();
    return deferred.handle;
  };

  const text = (handle: QuickJSHandle) => vm.getString(handle);
  const hostRun = vm.newFunction('run', (provider, endpoint, params) => {
    const why = refusal(provider, endpoint, params);
    if (why) return refused(why);
    const call = { provider: text(provider), endpoint: text(endpoint), params: text(params) };
    return awaitHost((id) => post({ type: 'call', id, ...call }));
  });
  const hostOpen = vm.newFunction('open', (provider, endpoint, params, options, kind) => {
    const items = text(kind) === 'items';
    const why = refusal(provider, endpoint, params) ?? tooLong('The walk options, as JSON,', lengthOf(options), 1_000);
    if (why) return { error: pdgError(why, 'INVALID_PARAMS') };
    const optionsJson = text(options);
    const given = JSON.parse(optionsJson) as Record<string, unknown>;
    const unknown = Object.keys(given).filter((name) => name !== 'maxPages' && !(items && name === 'maxItems'));
    if (unknown.length > 0) {
      return { error: vm.newError(`walk options take maxPages (and items also maxItems); not ${unknown.join(', ')}`) };
    }
    if (openWalks.size >= maxOpenWalks) {
      return {
        error: vm.newError(
          `at most ${maxOpenWalks} walks (pdg.items / pdg.pages) may be open at once: finish one, or leave its for await loop (break or return closes it), before opening another`,
        ),
      };
    }
    const walk = nextWalk++;
    openWalks.add(walk);
    post({
      type: 'open',
      walk,
      items,
      provider: text(provider),
      endpoint: text(endpoint),
      params: text(params),
      options: optionsJson,
    });
    return vm.newNumber(walk);
  });
  const hostNext = vm.newFunction('next', (walkHandle) => {
    const walk = vm.getNumber(walkHandle);
    if (!openWalks.has(walk)) return { error: vm.newError('this walk is closed') };
    return awaitHost((id) => post({ type: 'next', id, walk }));
  });
  const hostClose = vm.newFunction('close', (walkHandle) => {
    const walk = vm.getNumber(walkHandle);
    if (openWalks.delete(walk)) post({ type: 'close', walk });
  });
  const hostLog = vm.newFunction('log', (levelHandle, lineHandle) => {
    const level = text(levelHandle);
    const prefix = level === 'log' ? '' : `${level}: `;
    // Characters are never more than UTF-8 bytes: a line this long is over the bound before it is copied.
    if (consoleBytes + prefix.length + lengthOf(lineHandle) + 1 > bounds.maxConsoleBytes) {
      failure ??= { kind: 'bound', bound: 'maxConsoleBytes' };
      return { error: vm.newError('the console output bound was reached') };
    }
    const line = `${prefix}${text(lineHandle)}\n`;
    consoleBytes += encoder.encode(line).length;
    if (consoleBytes > bounds.maxConsoleBytes) {
      failure ??= { kind: 'bound', bound: 'maxConsoleBytes' };
      return { error: vm.newError('the console output bound was reached') };
    }
    consoleText += line;
  });

  const bridge: GuestBridge = {
    handles: [hostRun, hostOpen, hostNext, hostClose, hostLog],
    get waiting() {
      return waiting.size;
    },
    get failure() {
      return failure;
    },
    get console() {
      return consoleText;
    },
    settle(message) {
      const deferred = waiting.get(message.id);
      if (!deferred) return;
      waiting.delete(message.id);
      if ('json' in message) {
        const handle = vm.newString(message.json);
        deferred.resolve(handle);
        handle.dispose();
        return;
      }
      const error = pdgError(message.error.message, message.error.code);
      deferred.reject(error);
      error.dispose();
    },
  };
  return bridge;
}
