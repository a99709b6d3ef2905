import { LRUCache } from 'lru-cache';
import type { CallResult, GatewayResult, ResponseMeta } from '../call/call-result.js';
import type { CacheEvent, CacheOutcome } from '../call/hooks.js';
import type { CachePlan, ClientCache, LayerContext } from '../call/layers.js';
import { timeoutError, usageError } from '../errors/error-builders.js';
import { isPdgError, type PdgError } from '../errors/errors.js';
import type { Redactor } from '../errors/redact.js';
import { validateResponse } from '../pipeline/validate-response.js';
import { cacheKey } from '../schema/call-identity.js';
import { ageOf, type Entry, freshUntil, parseEntry, storableHeaders } from './cache-stored.js';
import { checkStoreTimeout, createStoreGuard, type StoreErrorEvent, type StoreGuard } from './store-guard.js';

/**
 * Where cached answers live: any Keyv instance (`new Keyv(new KeyvRedis(redis))` shares them across
 * processes), or anything with the same three methods. Values are JSON text; `ttl` is in milliseconds.
 * A store with `on` (Keyv has it) is listened to for `error` events: a failure it reports starts an outage.
 */
export interface CacheStore {
  get(key: string): unknown;
  set(key: string, value: string, ttl?: number): unknown;
  delete(key: string): unknown;
}

export interface CacheOptions {
  /**
   * Default: in memory, bounded by `maxEntries` and `maxBytes`, least recently used first out. Pass a Keyv
   * instance (`new Keyv(new KeyvRedis(redis))`) for a cache shared by many processes: what is read from it
   * is checked as a whole (size, status, headers, times, and the body against the endpoint's schema, even
   * for a call with `validate: 'off'`), and a value that does not pass is a miss.
   */
  readonly store?: CacheStore;
  /**
   * How long, in ms, each read or write of a `store` may take: past it, the call goes on without the store
   * (a miss), and the store is left alone until a probe (one call's read, at most a second later) is
   * answered in time. Default 250.
   */
  readonly storeTimeoutMs?: number;
  /**
   * Told once when the `store` starts failing (an error, or no answer within `storeTimeoutMs`) and once when
   * it answers again, rather than on every call. Default: one line each time on the console (`console.warn`).
   */
  readonly onStoreError?: (event: StoreErrorEvent) => void;
  /** The in-memory store's bound on entries. Default 1 000. */
  readonly maxEntries?: number;
  /**
   * The in-memory store's bound on the JSON text it holds, in bytes (UTF-16 code units). Default 50 MB. No
   * entry larger than this is written to or read from any store.
   */
  readonly maxBytes?: number;
  /**
   * Seconds to keep answers of endpoints whose cache time the gateway does not state. Default: such
   * answers are not cached (unless a call gives `cache: { ttlSeconds }`).
   */
  readonly defaultTtlSeconds?: number;
  /**
   * Keep entries this many seconds past their time to live, and answer with one, marked `stale`, when the
   * gateway answers 429 or 5xx or cannot be reached. Default 0: never served stale.
   */
  readonly staleIfErrorSeconds?: number;
  /** Prefix of every key, to keep apart clients sharing a store on purpose. Default `pdg:`. */
  readonly prefix?: string;
}

/** What a shared request (one request for identical calls in flight together) ends with. */
interface SharedResult {
  readonly outcome: CacheOutcome;
  /** The first caller's result, already checked; the others check their own copy of `body`. */
  readonly data: unknown;
  readonly body: unknown;
  readonly meta: ResponseMeta;
  /**
   * The API key of the call whose request answered, when the answer holds it (a gateway echoing the key):
   * such an answer is that key's alone, never stored nor handed to a caller with another key.
   */
  readonly heldKey?: Redactor | undefined;
}

interface SharedRequest {
  readonly promise: Promise<SharedResult>;
  readonly controller: AbortController;
  /** The key of the call whose request this is: a failure about it is not handed to another key. */
  readonly key: Redactor;
  /** The deadlines (on the `performance.now()` clock) of the callers waiting, one entry each. */
  readonly waiting: Set<{ readonly deadline: number }>;
}

/** One call through the cache: what it asks, until when it waits, how to ask the gateway and check a body. */
interface CacheCall {
  readonly plan: CachePlan;
  readonly signal: AbortSignal;
  readonly request: (signal: AbortSignal, deadline: () => number) => Promise<GatewayResult>;
  readonly check: (body: unknown) => unknown;
}

/** What a shared request needs: the first call (its signal the shared request's own), its key and time to live. */
interface SharedFetch extends CacheCall {
  readonly key: string;
  readonly ttlSeconds: number | undefined;
  readonly refresh: boolean;
  readonly started: number;
  /** How long the request's retries may go on: the latest deadline of the callers waiting on it. */
  readonly deadline: () => number;
}

const defaultMaxEntries = 1000;
const defaultMaxBytes = 50 * 1024 * 1024;
const defaultStoreTimeoutMs = 250;

/** What the cache keeps of its options once they are checked. */
interface CacheSettings {
  readonly store: CacheStore;
  /** The store's guard, for a store given (shared, slow or out at times); none for the memory store. */
  readonly guard: StoreGuard | undefined;
  readonly maxBytes: number;
  readonly prefix: string;
  readonly staleMs: number;
  readonly defaultTtlSeconds: number | undefined;
}

/**
 * A response cache for `createClient({ cache })`: answers are kept for their endpoint's cache time (the
 * gateway's own, section 8 of its spec), keyed by gateway URL, provider, endpoint and params (defaults
 * applied, keys sorted), never by API key. Identical calls in flight share one request. Errors are never
 * cached.
 */
export function createCache(options: CacheOptions = {}): ClientCache {
  const cache = new ResponseCache(cacheSettings(options));
  return { run: (plan, request, check) => cache.run(plan, request, check) };
}

/** The options checked, with their defaults; throws `USAGE` naming a bad one. */
function cacheSettings(options: CacheOptions): CacheSettings {
  const maxEntries = options.maxEntries ?? defaultMaxEntries;
  const maxBytes = options.maxBytes ?? defaultMaxBytes;
  checkCount('maxEntries', maxEntries);
  checkCount('maxBytes', maxBytes);
  checkSeconds('defaultTtlSeconds', options.defaultTtlSeconds);
  checkSeconds('staleIfErrorSeconds', options.staleIfErrorSeconds);
  const storeTimeoutMs = options.storeTimeoutMs ?? defaultStoreTimeoutMs;
  checkStoreTimeout('createCache', storeTimeoutMs);
  const store = options.store ?? memoryStore(maxEntries, maxBytes);
  if (typeof store.get !== 'function' || typeof store.set !== 'function' || typeof store.delete !== 'function') {
    throw usageError(
      'createCache({ store }) needs a Keyv instance (new Keyv(new KeyvRedis(redis))) or an object with get, set and delete.',
    );
  }
  return {
    store,
    // The memory store holds only what this cache wrote; a given store is shared, slow or out at times.
    guard: options.store === undefined ? undefined : guardStore(store, storeTimeoutMs, options.onStoreError),
    maxBytes,
    prefix: options.prefix ?? 'pdg:',
    staleMs: (options.staleIfErrorSeconds ?? 0) * 1000,
    defaultTtlSeconds: options.defaultTtlSeconds,
  };
}

/** Whether the call's `cache` option asks for a refresh (`'refresh'` or `{ refresh: true }`). */
export function isRefresh(option: CachePlan['option']): boolean {
  return option === 'refresh' || (typeof option === 'object' && option?.refresh === true);
}

/**
 * The key calls share a request under: a refresh never joins a request that may answer from the store
 * (refreshes in flight share one), and only calls with the same retry policy and body cap (`sharing`) share.
 */
export function flightKeyOf(key: string, refresh: boolean, sharing: string): string {
  return `${refresh ? `${key}\nrefresh` : key}\n${sharing}`;
}

/** How long a shared request's retries may go on: the latest deadline of those waiting, `first`'s while none is. */
export function latestDeadline(waiting: ReadonlySet<{ readonly deadline: number }>, first: number): number {
  let latest = waiting.size === 0 ? first : Number.NEGATIVE_INFINITY;
  for (const waiter of waiting) latest = Math.max(latest, waiter.deadline);
  return latest;
}

/** A shared request's own part: its store key, time to live, whether it refreshes, when it started. */
type SharedPart = Omit<SharedFetch, keyof CacheCall | 'deadline'>;

/** A stored entry read for a call, with its body as the call's check gave it. */
interface Found {
  readonly entry: Entry;
  readonly data: unknown;
}

/** The cache's state: its settings and the requests in flight. */
class ResponseCache {
  readonly #settings: CacheSettings;
  readonly #inFlight = new Map<string, SharedRequest>();

  constructor(settings: CacheSettings) {
    this.#settings = settings;
  }

  async run(plan: CachePlan, request: CacheCall['request'], check: CacheCall['check']): Promise<CallResult> {
    // Each waiter for a shared request leaves at its own deadline, so the wait has a timer of its own,
    // cleared when the call ends; the shared request goes on while any caller still waits on it.
    const timer = new AbortController();
    const timeout = setTimeout(
      () => timer.abort(timeoutError(plan.context, plan.timeout)),
      Math.max(0, plan.deadline - performance.now()),
    );
    (timeout as { unref?: () => void }).unref?.();
    try {
      return await this.#serve({
        plan,
        signal: plan.signal ? AbortSignal.any([plan.signal, timer.signal]) : timer.signal,
        request,
        check,
      });
    } finally {
      clearTimeout(timeout);
    }
  }

  async #serve(call: CacheCall): Promise<CallResult> {
    const { plan, signal, check } = call;
    // A call aborted already starts no shared request (one nobody waits for would run to its end).
    signal.throwIfAborted();
    const ttlSeconds = timeToLive(plan, this.#settings.defaultTtlSeconds);
    const refresh = isRefresh(plan.option);
    const key = this.#settings.prefix + cacheKey(plan);
    const part: SharedPart = { key, ttlSeconds, refresh, started: Date.now() };
    const flightKey = flightKeyOf(key, refresh, plan.sharing);
    let pending = this.#inFlight.get(flightKey);
    const joined = pending !== undefined;
    if (!pending) pending = this.#startShared(flightKey, { ...call, ...part });
    let result: SharedResult;
    try {
      result = await this.#wait(pending, flightKey, call);
    } catch (error) {
      // A failure about the first caller's key (refused, or its rate limit) says nothing of this caller's:
      // with another key, it sends its own request.
      if (!joined || pending.key.sameKey(plan.key) || !aboutTheKey(error)) throw error;
      return this.#own(call, part);
    }
    // An answer that holds the first caller's key is that key's alone: another key asks for its own.
    if (joined && result.heldKey && !result.heldKey.sameKey(plan.key)) return this.#own(call, part);
    const outcome: CacheOutcome = joined && result.outcome !== 'hit' ? 'dedupe' : result.outcome;
    const ageSeconds = result.meta.ageSeconds;
    if (joined) report(plan, { outcome, key, ...(ageSeconds === undefined ? {} : { ageSeconds }) });
    // Each caller gets its own copy: a caller changing its result changes nobody else's.
    const data = joined ? check(ownCopy(result.body)) : result.data;
    return { data, meta: () => ({ ...result.meta, cache: outcome }) };
  }

  /** Starts the request identical calls in flight share, the first of them its caller. */
  #startShared(flightKey: string, first: Omit<SharedFetch, 'deadline'>): SharedRequest {
    const controller = new AbortController();
    const waiting = new Set<{ readonly deadline: number }>();
    const deadline = () => latestDeadline(waiting, first.plan.deadline);
    const promise = this.#fetchShared({ ...first, signal: controller.signal, deadline });
    const pending: SharedRequest = { promise, controller, key: first.plan.key, waiting };
    this.#inFlight.set(flightKey, pending);
    const forget = () => this.#forget(flightKey, pending);
    promise.then(forget, forget);
    return pending;
  }

  /** A caller's own request, shared with nobody, under its own signal and deadline. */
  async #own(call: CacheCall, part: SharedPart): Promise<CallResult> {
    const result = await this.#fetchShared({ ...call, ...part, deadline: () => call.plan.deadline });
    return { data: result.data, meta: () => ({ ...result.meta, cache: result.outcome }) };
  }

  #forget(flightKey: string, pending: SharedRequest): void {
    if (this.#inFlight.get(flightKey) === pending) this.#inFlight.delete(flightKey);
  }

  /** Waits for a shared request; the caller's abort ends its own wait, and the request once nobody waits. */
  #wait(pending: SharedRequest, flightKey: string, { plan, signal }: CacheCall): Promise<SharedResult> {
    if (signal.aborted) return Promise.reject(signal.reason);
    const waiter = { deadline: plan.deadline };
    pending.waiting.add(waiter);
    return new Promise<SharedResult>((resolve, reject) => {
      const leave = () => {
        reject(signal.reason);
        pending.waiting.delete(waiter);
        if (pending.waiting.size === 0) {
          this.#forget(flightKey, pending);
          pending.controller.abort(signal.reason);
        }
      };
      signal.addEventListener('abort', leave, { once: true });
      pending.promise.then(
        (result) => {
          signal.removeEventListener('abort', leave);
          resolve(result);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', leave);
          reject(error);
        },
      );
    });
  }

  /** The shared request itself: the store, then the gateway; stores what the gateway answered. */
  async #fetchShared(pending: SharedFetch): Promise<SharedResult> {
    const { refresh, request, signal, deadline } = pending;
    const ttlMs = (pending.ttlSeconds ?? 0) * 1000;
    const { staleMs } = this.#settings;
    const read = await this.#readStored(pending, ttlMs);
    const stored = read.found;
    if (stored && !refresh && Date.now() < freshUntil(stored.entry, ttlMs))
      return this.#fromStore(stored, 'hit', pending);
    let fetched: GatewayResult;
    try {
      fetched = await request(signal, deadline);
    } catch (error) {
      if (stored && staleMs > 0 && servesStale(error) && Date.now() < freshUntil(stored.entry, ttlMs) + staleMs) {
        return this.#fromStore(stored, 'stale', pending);
      }
      throw error;
    }
    return this.#keep(fetched, pending, read.failure);
  }

  /**
   * The entry the store holds for the call, when it is usable (fresh, or within the stale time) and passes
   * its check; else what made it a miss (`invalid`, or the store's error), to report with the outcome.
   */
  async #readStored(
    pending: SharedFetch,
    ttlMs: number,
  ): Promise<{ found?: Found; failure: Pick<CacheEvent, 'reason' | 'storeError'> }> {
    const { store, guard, maxBytes, staleMs } = this.#settings;
    const { plan, key, check } = pending;
    if (pending.ttlSeconds === undefined || pending.ttlSeconds <= 0) return { failure: {} };
    try {
      const entry = parseEntry(await (guard ? guard.run(() => store.get(key)) : store.get(key)), maxBytes, Date.now());
      if (entry && Date.now() < freshUntil(entry, ttlMs) + staleMs) {
        // A shared store's body passes the endpoint's schema whatever the call's `validate`: it is not
        // the gateway's answer to this call but what anyone able to write to the store put there.
        if (guard) validateResponse(plan.definition, entry.body, plan.context);
        return { found: { entry, data: check(entry.body) }, failure: {} };
      }
      return { failure: entry === null ? { reason: 'invalid' } : {} };
    } catch (error) {
      // A stored value that does not match the endpoint's schema is a miss, as is a store that fails.
      return { failure: isPdgError(error) ? { reason: 'invalid' } : { reason: 'store-error', storeError: error } };
    }
  }

  /** The stored entry as this call's answer: a fresh `hit`, or a `stale` one standing in for a failure. */
  #fromStore(found: Found, outcome: 'hit' | 'stale', pending: SharedFetch): SharedResult {
    const ageSeconds = ageOf(found.entry, Date.now());
    report(pending.plan, { outcome, key: pending.key, ageSeconds });
    return { outcome, data: found.data, body: found.entry.body, meta: entryMeta(found.entry, ageSeconds, pending) };
  }

  /** The gateway's answer, stored when it may be (cached endpoint, no API key in it, within `maxBytes`). */
  async #keep(
    fetched: GatewayResult,
    pending: SharedFetch,
    readFailure: Pick<CacheEvent, 'reason' | 'storeError'>,
  ): Promise<SharedResult> {
    const { store, guard, maxBytes, staleMs } = this.#settings;
    const { plan, key, refresh } = pending;
    const ttlMs = (pending.ttlSeconds ?? 0) * 1000;
    const meta = fetched.meta();
    // An answer that holds the caller's key (a gateway echoing it) is this key's alone: not stored.
    const heldKey = plan.key.holdsKey(fetched.body) ? plan.key : undefined;
    const caching = pending.ttlSeconds !== undefined && pending.ttlSeconds > 0;
    const storedAt = Date.now();
    const text =
      caching && !heldKey
        ? entryText({
            v: 1,
            body: fetched.body,
            status: meta.status,
            headers: storableHeaders(meta.headers),
            storedAt,
            expiresAt: storedAt + ttlMs,
          })
        : undefined;
    const outcome: CacheOutcome = text === undefined ? 'uncached' : refresh ? 'refresh' : 'miss';
    let storeError: unknown;
    // An answer larger than the cache's bound is not kept (nor would it be read back).
    if (text !== undefined && text.length <= maxBytes) {
      try {
        const write = () => store.set(key, text, ttlMs + staleMs);
        await (guard ? guard.run(write) : write());
      } catch (error) {
        storeError = error;
      }
    }
    const failure = storeError === undefined ? readFailure : { reason: 'store-error' as const, storeError };
    report(plan, { outcome, key, ...failure });
    return { outcome, data: fetched.data, body: fetched.body, meta, heldKey };
  }
}

/**
 * An entry as the JSON text a store keeps, or `undefined` for a body nested too deep for `JSON.stringify`
 * (thousands of levels: it runs out of stack): such an answer is returned, not stored.
 */
function entryText(entry: Entry): string | undefined {
  try {
    return JSON.stringify(entry);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

/**
 * Failures about the API key of the call that met them, which another key's call would not meet: refused
 * (`AUTH`: 401, 403, an envelope about the key) or over its rate limit (`RATE_LIMITED`: the gateway limits
 * each key).
 */
function aboutTheKey(error: unknown): error is PdgError {
  return isPdgError(error) && (error.code === 'AUTH' || error.code === 'RATE_LIMITED');
}

/**
 * A copy of a shared answer for one more caller. A body an `afterResponse` hook gave values `structuredClone`
 * cannot copy (a function, a class instance with private state) is handed over as it is: the answer arrived,
 * and a shared object is better than failing a call whose request succeeded.
 */
function ownCopy(body: unknown): unknown {
  try {
    return structuredClone(body);
  } catch {
    return body;
  }
}

/** The seconds an answer is kept: the call's, else the endpoint's documented cache time, else the cache's default. */
function timeToLive(plan: CachePlan, defaultTtlSeconds: number | undefined): number | undefined {
  const { option } = plan;
  if (typeof option === 'object') {
    const ttl = option.ttlSeconds;
    if (ttl !== undefined) {
      if (!(Number.isFinite(ttl) && ttl >= 0)) {
        throw usageError(
          `cache.ttlSeconds must be a number of seconds, 0 or more (received ${String(ttl)}).`,
          plan.context,
        );
      }
      return ttl;
    }
  } else if (option !== undefined && option !== 'refresh') {
    throw usageError(
      `The cache option of a call must be false, 'refresh' or { ttlSeconds, refresh } (received ${JSON.stringify(option)}).`,
      { provider: plan.context.provider, endpoint: plan.context.endpoint },
    );
  }
  return plan.definition.cacheSeconds ?? defaultTtlSeconds;
}

function entryMeta(entry: Entry, ageSeconds: number, { plan, started }: SharedFetch): ResponseMeta {
  return {
    status: entry.status,
    headers: { ...entry.headers },
    attempts: 0,
    durationMs: Date.now() - started,
    url: plan.url.href,
    ageSeconds,
  };
}

/** Failures a stale answer may stand in for: the gateway refusing for load, failing, or out of reach. */
function servesStale(error: unknown): boolean {
  if (!isPdgError(error)) return false;
  return (
    error.code === 'RATE_LIMITED' ||
    error.code === 'NETWORK' ||
    error.code === 'UPSTREAM' ||
    (error.status !== undefined && error.status >= 500)
  );
}

/**
 * A given store behind a guard: each read and write within its time limit, and none while it is out. A store
 * that reports its failures by an `error` event (Keyv does, answering `undefined`) is listened to.
 */
function guardStore(
  store: CacheStore,
  timeoutMs: number,
  onStoreError: ((event: StoreErrorEvent) => void) | undefined,
): StoreGuard {
  const guard = createStoreGuard({
    layer: 'cache',
    timeoutMs,
    onStoreError,
    meanwhile: 'calls go to the gateway without the cache',
  });
  const events = store as { on?: (event: 'error', listener: (error: unknown) => void) => unknown };
  if (typeof events.on === 'function') events.on('error', (error) => guard.failed(error));
  return guard;
}

function report(layer: LayerContext, event: CacheEvent): void {
  for (const hooks of layer.hooks) hooks.onCache?.({ ...layer.context, ...event });
}

/** The default store: least recently used entries leave first, bounded by count and by size. */
function memoryStore(maxEntries: number, maxBytes: number): CacheStore {
  const cache = new LRUCache<string, string>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: (value) => Math.max(1, value.length),
  });
  return {
    get: (key) => cache.get(key),
    set: (key, value, ttl) => cache.set(key, value, { ttl }),
    delete: (key) => cache.delete(key),
  };
}

function checkCount(name: string, value: number): void {
  if (!(Number.isInteger(value) && value >= 1)) {
    throw usageError(`createCache: ${name} must be a whole number, 1 or more (received ${String(value)}).`);
  }
}

function checkSeconds(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isFinite(value) && value >= 0)) {
    throw usageError(`createCache: ${name} must be a number of seconds, 0 or more (received ${String(value)}).`);
  }
}
