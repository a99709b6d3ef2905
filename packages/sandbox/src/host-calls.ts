/**
 * The host's side of the bridge: the gateway calls and walks a program asks for, made on the client given
 * (params checked, retries, rate limit, cache, the key), each counted against `maxCalls`. What the program
 * makes the host hold is bounded: each text is measured before it is parsed, the walks open at once are
 * capped, and the host's own time on the program's behalf is counted.
 */
import { isPdgError, type PagedWalk } from '@pdg/core';
import type { ClientEndpoints } from '@pdg/core/face';
import type { ResolvedBounds } from './bounds.js';
import { boundError, type SandboxError } from './errors.js';
import {
  type FromWorker,
  maxNameChars,
  maxOpenWalks,
  maxParamsChars,
  quoted,
  type Settled,
  tooLong,
} from './messages.js';

export interface HostCallsOptions {
  /** The client's face: its calls and walks by the names the program gives at run time. */
  readonly endpoints: ClientEndpoints;
  readonly bounds: ResolvedBounds;
  /** Aborted when the run ends: the calls under way are cancelled. */
  readonly signal: AbortSignal;
  readonly redact: (value: unknown) => unknown;
  /** Sends the answer to a call or a step back to the program. */
  readonly reply: (message: Settled) => void;
  /** Ends the run with a breach (the call past `maxCalls`). */
  readonly breach: (error: SandboxError) => void;
  /** Told after each gateway answer and each item a walk hands the program (see `RunProgramOptions.onProgress`). */
  readonly progress?: (progress: ProgramProgress) => void;
}

/** How far a program went: gateway answers it got (a page each, or a call's answer) and items its walks gave. */
export interface ProgramProgress {
  readonly pages: number;
  readonly items: number;
}

type Request = Extract<FromWorker, { type: 'call' | 'open' | 'next' | 'close' }>;

/** A walk the program opened, or why it was refused (said on its first step, with the code). */
type OpenWalk =
  | { readonly walk: PagedWalk<unknown>; readonly items: boolean }
  | { readonly refused: string; readonly code?: string };

/** What an item walk's `onPageFetch` throws when the page it is about to fetch would go past `maxCalls`. */
const callRefused = new Error('the gateway call bound was reached');

export function hostCalls(options: HostCallsOptions) {
  const { bounds, redact, reply } = options;
  const walks = new Map<number, OpenWalk>();
  let calls = 0;
  let hostMs = 0;
  let inFlight = 0;
  let waitingSince = 0;
  let waitedMs = 0;
  let answered = 0;
  let itemsGiven = 0;
  const told = () => options.progress?.({ pages: answered, items: itemsGiven });
  /** One more gateway answer, told. */
  const answer = () => {
    answered++;
    told();
  };

  /** Counts one gateway call; false (and the run ended) past `maxCalls`. */
  const charge = (): boolean => {
    if (calls >= bounds.maxCalls) {
      options.breach(boundError('maxCalls', bounds, `call ${calls + 1} was refused`));
      return false;
    }
    calls++;
    return true;
  };
  /** The host's own time on the program's behalf, counted with the worker's CPU time. */
  const timed = <T>(work: () => T): T => {
    const started = performance.now();
    try {
      return work();
    } finally {
      hostMs += performance.now() - started;
    }
  };
  const refuse = (id: number, message: string, code = 'INVALID_PARAMS') =>
    reply({ type: 'settle', id, error: { message: quoted(message), code } });
  /** The error as the program gets it: core's code (else ERROR), the message through `redact`, cut short. */
  const rejection = (error: unknown) => ({
    code: isPdgError(error) ? error.code : 'ERROR',
    message: quoted(String(redact(error instanceof Error ? error.message : String(error)))),
  });
  /** Gateway work for the call or step `id`: its answer as JSON text, or its error, goes back to the program. */
  const settle = (id: number, work: () => Promise<unknown>) => {
    if (inFlight++ === 0) waitingSince = performance.now();
    // A check that throws before the work's promise exists is a rejection like any other.
    Promise.resolve()
      .then(work)
      .then(
        (value) => timed(() => reply({ type: 'settle', id, json: JSON.stringify(redact(value)) ?? 'null' })),
        (error: unknown) => {
          if (error === callRefused || options.signal.aborted) return;
          reply({ type: 'settle', id, error: rejection(error) });
        },
      )
      .finally(() => {
        if (--inFlight === 0) waitedMs += performance.now() - waitingSince;
      });
  };
  /** Why a request's texts are refused, measured before anything is parsed. */
  const refusal = (request: { provider: string; endpoint: string; params: string }) =>
    tooLong('The provider id', request.provider.length, maxNameChars) ??
    tooLong('The endpoint name', request.endpoint.length, maxNameChars) ??
    tooLong("The call's params, as JSON,", request.params.length, maxParamsChars);

  const open = (request: Extract<Request, { type: 'open' }>): OpenWalk => {
    const why = refusal(request) ?? tooLong('The walk options, as JSON,', request.options.length, 1_000);
    if (why) return { refused: why };
    if ([...walks.values()].filter((walk) => 'walk' in walk).length >= maxOpenWalks) {
      return { refused: `at most ${maxOpenWalks} walks may be open at once: finish or close one first` };
    }
    const params = parsed(request.params);
    const named = parsed(request.options);
    if (params === undefined || named === undefined) return { refused: 'the params and options must be JSON' };
    // Options that are not an object name no option (the sandbox has refused any unknown name).
    const given: { maxPages?: number; maxItems?: number } = typeof named === 'object' && named !== null ? named : {};
    const walkOptions = {
      ...(given.maxPages === undefined ? {} : { maxPages: given.maxPages }),
      signal: options.signal,
    };
    const { endpoints } = options;
    if (!request.items) {
      return { walk: endpoints.pages(request.provider, request.endpoint, params, walkOptions), items: false };
    }
    const walk = endpoints.items(request.provider, request.endpoint, params, {
      ...walkOptions,
      ...(given.maxItems === undefined ? {} : { maxItems: given.maxItems }),
      // Each page is one gateway call, counted before its request is sent.
      onPageFetch: () => {
        if (!charge()) throw callRefused;
      },
      onPage: answer,
    });
    return { walk, items: true };
  };

  const next = (id: number, open: OpenWalk | undefined) => {
    if (!open) return refuse(id, 'this walk is closed');
    if ('refused' in open) return refuse(id, open.refused, open.code);
    const { walk } = open;
    if (open.items) {
      return settle(id, async () => {
        const result = await walk.next();
        if (!result.done) {
          itemsGiven++;
          told();
        }
        return step(result);
      });
    }
    // Past the last page nothing is sent: not a gateway call.
    if (walk.checkpoint.done) return settle(id, async () => ({ done: true }));
    if (!charge()) return;
    settle(id, async () => {
      const result = await walk.next();
      // The walk ended (maxPages, or the last page seen) without a request: not a gateway call.
      if (result.done) calls--;
      else answer();
      return step(result);
    });
  };

  return {
    /** Handles one request of the program's. */
    handle(request: Request): void {
      timed(() => {
        if (request.type === 'call') {
          const why = refusal(request);
          if (why) return refuse(request.id, why);
          const params = parsed(request.params);
          if (params === undefined) return refuse(request.id, 'the params must be JSON');
          if (!charge()) return;
          const { endpoints, signal } = options;
          return settle(request.id, async () => {
            const answered = await endpoints.run(request.provider, request.endpoint, params, { signal });
            answer();
            return answered;
          });
        }
        if (request.type === 'open') {
          let opened: OpenWalk;
          try {
            opened = open(request);
          } catch (error) {
            const { code, message } = rejection(error);
            opened = { refused: message, code };
          }
          return void walks.set(request.walk, opened);
        }
        if (request.type === 'next') return next(request.id, walks.get(request.walk));
        const closing = walks.get(request.walk);
        walks.delete(request.walk);
        if (closing && 'walk' in closing) void closing.walk.return(undefined);
      });
    },
    get calls() {
      return calls;
    },
    /** Calls and steps under way. */
    get inFlight() {
      return inFlight;
    },
    /** Milliseconds the host spent on the program's behalf (parsing, starting calls, copying answers). */
    get hostMs() {
      return hostMs;
    },
    /** Milliseconds during which at least one call was under way (the program waiting on the gateway). */
    get waitedMs() {
      return waitedMs + (inFlight > 0 ? performance.now() - waitingSince : 0);
    },
    /** Ends every walk still open. */
    close(): void {
      for (const open of walks.values()) if ('walk' in open) void open.walk.return(undefined);
      walks.clear();
    },
  };
}

export type HostCalls = ReturnType<typeof hostCalls>;

/** The JSON text's value, or undefined if it is not JSON (the prelude only sends JSON). */
function parsed(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

/** A walk's step as the prelude reads it: `{ done: true }`, or `{ done: false, value }`. */
function step(result: IteratorResult<unknown>): unknown {
  return result.done ? { done: true } : { done: false, value: result.value };
}
