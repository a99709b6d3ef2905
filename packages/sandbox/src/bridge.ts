/**
 * The host's side of the bridge: the functions the prelude is called with. Each gateway call goes through
 * the client given (params checked, retries, rate limit, cache, the key), counted against `maxCalls`; its
 * answer enters the sandbox as JSON text, through `redact` first.
 */
import {
  type AnyProvider,
  callEndpoint,
  isPdgError,
  type PagedWalk,
  type PdgClient,
  walkEndpoint,
  walkEndpointItems,
} from '@pdg/core';
import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle } from 'quickjs-emscripten-core';
import type { ResolvedBounds } from './bounds.js';
import { boundError, type SandboxError } from './errors.js';

export interface BridgeState {
  readonly bounds: ResolvedBounds;
  readonly client: PdgClient<readonly AnyProvider[]>;
  readonly signal: AbortSignal;
  readonly redact: (value: unknown) => unknown;
  /** Set on a breach: the run ends with it, whatever the program does next. */
  failure: SandboxError | undefined;
  calls: number;
  consoleBytes: number;
  consoleText: string;
  /** Gateway calls under way: the run waits on them. */
  readonly pending: Set<Promise<unknown>>;
  /** Called when a pending call settles, so the run goes on. */
  wake: () => void;
}

const encoder = new TextEncoder();

/** A walk the program opened: of pages (`pdg.pages`) or of items (`pdg.items`, core's item walk). */
interface OpenWalk {
  readonly walk: PagedWalk<unknown>;
  readonly items: boolean;
}

/** What an item walk's `onPageFetch` throws when the page it is about to fetch would go past `maxCalls`. */
const callRefused = new Error('the gateway call bound was reached');

/** The five host functions, in the prelude's order, and the walks they opened (closed when the run ends). */
export function hostFunctions(vm: QuickJSContext, state: BridgeState) {
  const walks = new Map<number, OpenWalk>();
  let nextId = 1;

  /**
   * Gateway work, as a promise in the sandbox that settles with its JSON text or its error. `charged`: the
   * work is one gateway call, counted here before it starts; an item walk's work counts its own calls, one
   * per page it fetches (in `onPageFetch`), and may fetch none.
   */
  const settle = (work: () => Promise<unknown>, charged = true): QuickJSHandle => {
    const deferred = vm.newPromise();
    if (charged && !charge(state)) {
      rejectWith(vm, deferred, 'SandboxBound', callRefused.message);
      return deferred.handle;
    }
    const running = work().then(
      (value) => {
        if (!vm.alive) return;
        const json = JSON.stringify(state.redact(value)) ?? 'null';
        const handle = vm.newString(json);
        deferred.resolve(handle);
        handle.dispose();
      },
      (error: unknown) => {
        if (!vm.alive) return;
        if (error === callRefused) return rejectWith(vm, deferred, 'SandboxBound', callRefused.message);
        const code = isPdgError(error) ? error.code : 'ERROR';
        const message = String(state.redact(error instanceof Error ? error.message : String(error)));
        rejectWith(vm, deferred, 'PdgError', message, code);
      },
    );
    state.pending.add(running);
    void running.finally(() => {
      state.pending.delete(running);
      state.wake();
    });
    return deferred.handle;
  };

  const text = (handle: QuickJSHandle) => vm.getString(handle);
  const hostRun = vm.newFunction('run', (provider, endpoint, params) => {
    const [p, e, json] = [text(provider), text(endpoint), text(params)];
    return settle(() => callEndpoint(state.client, p, e, JSON.parse(json), { signal: state.signal }));
  });
  const hostOpen = vm.newFunction('open', (provider, endpoint, params, options, kind) => {
    const items = text(kind) === 'items';
    const given = JSON.parse(text(options)) as Record<string, unknown>;
    const unknown = Object.keys(given).filter((name) => name !== 'maxPages' && !(items && name === 'maxItems'));
    if (unknown.length > 0) {
      return { error: vm.newError(`walk options take maxPages (and items also maxItems); not ${unknown.join(', ')}`) };
    }
    const walk = startWalk(state, items, [text(provider), text(endpoint), JSON.parse(text(params))], given);
    const id = nextId++;
    walks.set(id, { walk, items });
    return vm.newNumber(id);
  });
  const hostNext = vm.newFunction('next', (idHandle) => {
    const open = walks.get(vm.getNumber(idHandle));
    if (!open) return { error: vm.newError('this walk is closed') };
    const { walk } = open;
    if (open.items) return settle(async () => step(await walk.next()), false);
    // Past the last page nothing is sent: not a gateway call.
    if (walk.checkpoint.done) return settle(async () => ({ done: true }), false);
    return settle(async () => {
      const result = await walk.next();
      // The walk ended (maxPages, or the last page seen) without a request: not a gateway call.
      if (result.done) state.calls--;
      return step(result);
    });
  });
  const hostClose = vm.newFunction('close', (idHandle) => {
    const id = vm.getNumber(idHandle);
    void walks.get(id)?.walk.return(undefined);
    walks.delete(id);
  });
  const hostLog = vm.newFunction('log', (levelHandle, lineHandle) => {
    const level = text(levelHandle);
    const line = `${level === 'log' ? '' : `${level}: `}${String(state.redact(text(lineHandle)))}\n`;
    state.consoleBytes += encoder.encode(line).length;
    if (state.consoleBytes > state.bounds.maxConsoleBytes) {
      state.failure ??= boundError('maxConsoleBytes', state.bounds);
      return { error: vm.newError('the console output bound was reached') };
    }
    state.consoleText += line;
  });
  return {
    handles: [hostRun, hostOpen, hostNext, hostClose, hostLog],
    closeWalks: () => {
      for (const { walk } of walks.values()) void walk.return(undefined);
      walks.clear();
    },
  };
}

/**
 * Core's walk over the endpoint: of items (core's item walk, which takes them from each page and stops at
 * `maxItems`) or of pages. An item walk counts each page it fetches as a gateway call, before its request is
 * sent, and is refused past `maxCalls`; a page walk is counted by `hostNext`, one step one page.
 */
function startWalk(
  state: BridgeState,
  items: boolean,
  [provider, endpoint, params]: readonly [string, string, unknown],
  given: Record<string, unknown>,
): PagedWalk<unknown> {
  const options = {
    ...(given.maxPages === undefined ? {} : { maxPages: given.maxPages as number }),
    signal: state.signal,
  };
  if (!items) return walkEndpoint(state.client, provider, endpoint, params, options);
  return walkEndpointItems(state.client, provider, endpoint, params, {
    ...options,
    ...(given.maxItems === undefined ? {} : { maxItems: given.maxItems as number }),
    onPageFetch: () => {
      if (!charge(state)) throw callRefused;
    },
  });
}

/** A walk's step as the prelude reads it: `{ done: true }`, or `{ done: false, value }`. */
function step(result: IteratorResult<unknown>): unknown {
  return result.done ? { done: true } : { done: false, value: result.value };
}

/** Counts one gateway call; false (and the run's failure set) past `maxCalls`. */
function charge(state: BridgeState): boolean {
  if (state.calls >= state.bounds.maxCalls) {
    state.failure ??= boundError('maxCalls', state.bounds, `call ${state.calls + 1} was refused`);
    return false;
  }
  state.calls++;
  return true;
}

function rejectWith(
  vm: QuickJSContext,
  deferred: QuickJSDeferredPromise,
  name: string,
  message: string,
  code?: string,
) {
  const error = vm.newError({ name, message });
  if (code !== undefined) {
    const codeHandle = vm.newString(code);
    vm.setProp(error, 'code', codeHandle);
    codeHandle.dispose();
  }
  deferred.reject(error);
  error.dispose();
}
