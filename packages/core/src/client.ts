import { TimeoutError } from 'ky';
import type { AnyProvider, EndpointDefinition } from './contract.js';
import { isPdgError, PdgError, redact, redactError, timeoutError, usageError } from './errors.js';
import type { CacheOutcome, HookContext, Hooks } from './hooks.js';
import type { CacheCallOption, ClientCache, ClientRateLimit, Fetched, LayerContext } from './layers.js';
import { buildUrl } from './pipeline/build-url.js';
import type { CallContext } from './pipeline/context.js';
import { unwrapEnvelope } from './pipeline/envelope.js';
import { isErrorEnvelope, mapResponseError } from './pipeline/map-error.js';
import { parseBody } from './pipeline/parse-body.js';
import { defaultRetryPolicy, type RetryOption, type RetryPolicy, resolveRetry } from './pipeline/retry.js';
import { type AttemptRecord, bodyText, send } from './pipeline/send.js';
import { validateParams } from './pipeline/validate-params.js';
import { validateResponse } from './pipeline/validate-response.js';
import type { EndpointName, EndpointsOf, ItemOf, PagedEndpointName, ParamsArg, ProviderId, ResultOf } from './types.js';
import { checkWalk, cycleError, startState, type WalkCheckpoint } from './walk-state.js';

/** `'strict'` (default) checks every response against its schema; `'off'` returns the body as is. */
export type ValidateMode = 'strict' | 'off';

export interface ClientOptions<TProviders extends readonly AnyProvider[]> {
  /** The provider packages this client calls, such as `[catalogstore, jobboard]`. */
  readonly providers: TProviders;
  /** Sent as `x-api-key`, and only to `baseUrl`'s origin. Default: `PDG_API_KEY`. */
  readonly apiKey?: string;
  /** The gateway's base URL (`/v1/...` is appended; a trailing `/v1` is accepted and not doubled). Default: `PDG_BASE_URL`. */
  readonly baseUrl?: string | URL;
  /** Milliseconds for a whole call, retries and backoff included. Default 30 000. */
  readonly timeout?: number;
  /** Retries for 408, 429, 500, 502-504 and network errors: a number, an object, or `0` to disable. Default 2. */
  readonly retry?: RetryOption;
  /** Response validation. Default `'strict'`. */
  readonly validate?: ValidateMode;
  /** Hook sets, run in order. */
  readonly hooks?: Hooks | readonly Hooks[];
  /** A custom `fetch` (a proxy agent, a test double, an edge runtime's own). */
  readonly fetch?: typeof globalThis.fetch;
  /** Extra headers on every request. */
  readonly headers?: HeadersInit;
  /**
   * One line per request sent (URL, status, duration, attempt, retry wait), to stderr or to the function
   * given; the key never appears. Default: on when `PDG_DEBUG` is `1`, `true` or `yes`.
   */
  readonly debug?: boolean | ((line: string) => void);
  /**
   * A response cache, off by default: `cache: createCache()` from `@pdg/core/cache` (in memory, bounded), or
   * `createCache({ store: new Keyv(new KeyvRedis(url)) })` to share one across processes. Identical calls
   * in flight share one request.
   */
  readonly cache?: ClientCache;
  /**
   * The API key's rate limit, off by default: `rateLimit: createRateLimit({ points: 10, durationSeconds: 1 })`
   * from `@pdg/core/rate-limit` queues requests so the limit is never passed, and a 429 pauses them all.
   */
  readonly rateLimit?: ClientRateLimit;
}

/** What `runWithResponse` tells besides the result. None of it ever holds the API key. */
export interface ResponseMeta {
  /** The HTTP status of the answer. */
  readonly status: number;
  /** The answer's headers, names in lower case (rate-limit headers included when the gateway sends them). */
  readonly headers: Readonly<Record<string, string>>;
  /** Requests sent: 1, plus retries and redirect hops. */
  readonly attempts: number;
  /** Milliseconds from the first request to the parsed body. */
  readonly durationMs: number;
  /** The URL of the first request (the key travels in a header, never in the URL). */
  readonly url: string;
  /** On a client with a cache: how the cache answered (a `stale` result is an expired entry served after a failure). */
  readonly cache?: CacheOutcome;
  /** Seconds since a cached answer (`hit`, `stale`) was stored. */
  readonly ageSeconds?: number;
}

/** Options of one call; each overrides the client's. */
export interface CallOptions {
  readonly signal?: AbortSignal;
  readonly timeout?: number;
  readonly retry?: RetryOption;
  readonly validate?: ValidateMode;
  readonly headers?: HeadersInit;
  /** On a client with a cache: `false` skips it, `'refresh'` asks the gateway anew, `{ ttlSeconds }` sets the time. */
  readonly cache?: CacheCallOption;
}

export interface PagesOptions extends CallOptions {
  /** Stop after this many pages. */
  readonly maxPages?: number;
  /** Continue a walk from the `checkpoint` an earlier walk over the same params gave. */
  readonly resume?: WalkCheckpoint;
}

/** A walk from `pages()` or `items()`: an async generator that also says where it is. */
export interface PagedWalk<T> extends AsyncGenerator<T, void, undefined> {
  /** Where the walk is, as plain JSON: pass it as `resume` to continue from there. */
  readonly checkpoint: WalkCheckpoint;
}

export interface ItemsOptions extends PagesOptions {
  /** Stop after this many items; no page beyond the one holding the last is fetched. */
  readonly maxItems?: number;
}

export interface PdgClient<TProviders extends readonly AnyProvider[]> {
  /** The providers this client was created with. */
  readonly providers: TProviders;
  /** Calls one endpoint: `run('music:catalogstore', 'search', { q: 'daft punk' })`. */
  run<TId extends ProviderId<TProviders>, TName extends EndpointName<TProviders, TId>>(
    provider: TId,
    endpoint: TName,
    ...args: ParamsArg<EndpointsOf<TProviders, TId>[TName], CallOptions>
  ): Promise<ResultOf<EndpointsOf<TProviders, TId>[TName]>>;
  /** Like `run`, with what the response said besides its body: `{ data, response: { status, headers, ... } }`. */
  runWithResponse<TId extends ProviderId<TProviders>, TName extends EndpointName<TProviders, TId>>(
    provider: TId,
    endpoint: TName,
    ...args: ParamsArg<EndpointsOf<TProviders, TId>[TName], CallOptions>
  ): Promise<{ readonly data: ResultOf<EndpointsOf<TProviders, TId>[TName]>; readonly response: ResponseMeta }>;
  /** Walks a paged endpoint page by page, fetching each only when asked for. */
  pages<TId extends ProviderId<TProviders>, TName extends PagedEndpointName<TProviders, TId>>(
    provider: TId,
    endpoint: TName,
    ...args: ParamsArg<EndpointsOf<TProviders, TId>[TName], PagesOptions>
  ): PagedWalk<ResultOf<EndpointsOf<TProviders, TId>[TName]>>;
  /** Walks a paged endpoint item by item, across pages. */
  items<TId extends ProviderId<TProviders>, TName extends PagedEndpointName<TProviders, TId>>(
    provider: TId,
    endpoint: TName,
    ...args: ParamsArg<EndpointsOf<TProviders, TId>[TName], ItemsOptions>
  ): PagedWalk<ItemOf<EndpointsOf<TProviders, TId>[TName]>>;
}

/** Where `execute` leaves a call's response metadata for `runWithResponse`. */
interface MetaSink {
  value?: ResponseMeta;
}

/** `pdg GET https://…/v1/jobs:jobboard/browse?country=SG 200 12 ms attempt 1 x-api-key=[redacted]` */
function debugLine(attempt: AttemptRecord, secret: string): string {
  const outcome = attempt.status === undefined ? `failed (${attempt.failure})` : String(attempt.status);
  const extra = attempt.status !== undefined && attempt.failure ? ` (${attempt.failure})` : '';
  const retry = attempt.retryInMs === undefined ? '' : `, retry in ${Math.round(attempt.retryInMs)} ms`;
  return redact(
    `pdg ${attempt.method} ${attempt.url} ${outcome}${extra} ${Math.round(attempt.durationMs)} ms attempt ${attempt.attempt}${retry} x-api-key=[redacted]`,
    secret,
  );
}

interface Settings {
  readonly debug: ((line: string) => void) | undefined;
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly keyOrigin: string;
  readonly timeout: number;
  readonly retry: RetryPolicy;
  readonly validate: ValidateMode;
  readonly hooks: readonly Hooks[];
  readonly fetch: typeof globalThis.fetch;
  readonly headers: Headers;
  readonly cache: ClientCache | undefined;
  readonly rateLimit: ClientRateLimit | undefined;
}

const defaultTimeout = 30_000;

/** Creates a client for the given providers. `apiKey` and `baseUrl` default to `PDG_API_KEY` / `PDG_BASE_URL`. */
export function createClient<const TProviders extends readonly AnyProvider[]>(
  options: ClientOptions<TProviders>,
): PdgClient<TProviders> {
  const settings = resolveSettings(options);
  const registry = indexProviders(options.providers);

  const call = async (
    providerId: string,
    endpointName: string,
    params: unknown,
    callOptions: CallOptions = {},
    meta?: MetaSink,
  ) =>
    execute(settings, providerId, endpointName, lookup(registry, providerId, endpointName), params, callOptions, meta);

  // pages() and items() differ only in the walk they run over the same call. The walk's code is loaded on
  // its first page, so a client that only calls run() does not carry it (in a bundle with code splitting).
  const walk =
    (walker: 'walkPages' | 'walkItems') =>
    (providerId: string, endpointName: string, params?: Record<string, unknown>, walkOptions: ItemsOptions = {}) => {
      const endpoint = lookup(registry, providerId, endpointName);
      const state = startState(walkOptions.resume);
      const walking = redactingWalk(
        (async function* () {
          const paging = checkWalk(walker === 'walkItems', providerId, endpointName, endpoint, walkOptions);
          if (!paging) return;
          yield* (await import('./paging.js'))[walker](
            call,
            providerId,
            endpointName,
            endpoint,
            paging,
            params ?? {},
            walkOptions,
            state,
            cycleError,
          );
        })(),
        settings.apiKey,
      );
      return Object.defineProperty(walking, 'checkpoint', {
        get: () => ({ ...state.checkpoint }),
        enumerable: true,
      }) as PagedWalk<unknown>;
    };

  return {
    providers: options.providers,
    run: ((providerId: string, endpointName: string, params?: unknown, callOptions?: CallOptions) =>
      call(providerId, endpointName, params, callOptions)) as PdgClient<TProviders>['run'],
    runWithResponse: (async (providerId: string, endpointName: string, params?: unknown, callOptions?: CallOptions) => {
      const meta: MetaSink = {};
      const data = await call(providerId, endpointName, params, callOptions, meta);
      return { data, response: meta.value as ResponseMeta };
    }) as PdgClient<TProviders>['runWithResponse'],
    pages: walk('walkPages') as PdgClient<TProviders>['pages'],
    items: walk('walkItems') as PdgClient<TProviders>['items'],
  };
}

/** A walk whose own errors (a paging cycle naming a cursor) get the same redaction as a call's. */
async function* redactingWalk(walk: AsyncGenerator<unknown, void, undefined>, secret: string) {
  try {
    yield* walk;
  } catch (error) {
    throw redactError(error, secret);
  }
}

async function execute(
  settings: Settings,
  providerId: string,
  endpointName: string,
  endpoint: EndpointDefinition,
  params: unknown,
  options: CallOptions,
  meta?: MetaSink,
): Promise<unknown> {
  const context: CallContext = { providerId, endpointName };
  const timeout = options.timeout ?? settings.timeout;
  checkTimeout(timeout);
  const retry = resolveRetry(settings.retry, options.retry);
  const deadline = performance.now() + timeout;
  const secret = settings.apiKey;
  let hookContext: HookContext = { provider: providerId, endpoint: endpointName, params: {} };
  // What a failure that is not already a PdgError means depends on how far the call got.
  let stage: Stage = 'params';
  try {
    const validated = validateParams(providerId, endpointName, endpoint, params);
    hookContext = { ...hookContext, params: validated };
    const url = buildUrl(settings.baseUrl, providerId, endpointName, endpoint, validated);
    stage = 'headers';
    let { headers } = settings;
    if (options.headers !== undefined) {
      headers = new Headers(headers);
      for (const [name, value] of new Headers(options.headers)) headers.set(name, value);
    }
    stage = 'send';
    const started = performance.now();
    const layer: LayerContext = { context: hookContext, hooks: settings.hooks };
    const request = async (requestSignal: AbortSignal | undefined): Promise<Fetched> => {
      const outcome = await send({
        url,
        apiKey: settings.apiKey,
        keyOrigin: settings.keyOrigin,
        headers,
        fetch: settings.fetch,
        retry,
        signal: requestSignal,
        deadline,
        context,
        beforeRequest: settings.hooks.some((hooks) => hooks.beforeRequest)
          ? async (request) => {
              let current = request;
              for (const hooks of settings.hooks)
                current = (await hooks.beforeRequest?.({ ...hookContext, request: current })) ?? current;
              return current === request ? undefined : current;
            }
          : undefined,
        onAttempt: settings.debug && ((attempt: AttemptRecord) => settings.debug?.(debugLine(attempt, secret))),
        rateLimit: settings.rateLimit,
        layer,
        beforeRetry: settings.hooks.some((hooks) => hooks.beforeRetry)
          ? async (attempt, error) => {
              const safe = redactError(error, secret);
              for (const hooks of settings.hooks) await hooks.beforeRetry?.({ ...hookContext, attempt, error: safe });
            }
          : undefined,
      });
      const { response } = outcome;
      if (!outcome.ok) throw mapResponseError(context, response, asJson(outcome.data));
      stage = 'response';
      let body = parseBody(await bodyText(response), response.status, context, secret);
      if (isErrorEnvelope(body)) throw mapResponseError(context, response, body);
      const durationMs = performance.now() - started;
      if (settings.hooks.some((hooks) => hooks.afterResponse)) {
        // The body is handed over as is (a hook may change it in place) unless the key is in it.
        const shownBody = JSON.stringify(body)?.includes(secret) ? redact(body, secret) : body;
        const shown = { response: redactResponse(response, secret), body: shownBody };
        for (const hooks of settings.hooks) {
          const replaced = await hooks.afterResponse?.({ ...hookContext, ...shown, durationMs });
          if (replaced !== undefined) body = replaced;
        }
      }
      const unwrapped = unwrapEnvelope(endpoint, body, context);
      return {
        body: unwrapped,
        data: check(unwrapped),
        meta: () => ({
          status: response.status,
          headers: redact(Object.fromEntries(response.headers), secret),
          attempts: outcome.attempts ?? 1,
          durationMs,
          url: redact(url.href, secret),
        }),
      };
    };
    const check = (body: unknown) =>
      (options.validate ?? settings.validate) === 'strict' ? validateResponse(endpoint, body, context) : body;
    const { cache } = settings;
    const cacheOption = options.cache;
    if (cacheOption && !cache)
      throw usageError(layerMessage('cache'), { provider: providerId, endpoint: endpointName });
    const answer = await (cache && cacheOption !== false
      ? cache.run(
          { ...layer, definition: endpoint, url, option: cacheOption, signal: options.signal, timeout },
          request,
          check,
        )
      : request(options.signal));
    if (meta) meta.value = answer.meta();
    return answer.data;
  } catch (thrown) {
    if (options.signal?.aborted) throw options.signal.reason;
    const error =
      thrown instanceof TimeoutError
        ? timeoutError(providerId, endpointName, timeout)
        : asPdgError(thrown, stage, context, secret);
    const safe = redactError(error, secret);
    for (const hooks of settings.hooks) await hooks.onError?.({ ...hookContext, error: safe });
    throw safe;
  }
}

/** How far a call got: what a stray exception (not a PdgError) is reported as. */
type Stage = 'params' | 'headers' | 'send' | 'response';

/**
 * The one place a value thrown inside a call becomes a PdgError: a hook's own error, a custom fetch's,
 * a runtime's TypeError. Its message is kept (redacted) and the original is kept as `cause`.
 */
function asPdgError(thrown: unknown, stage: Stage, context: CallContext, secret: string): PdgError {
  if (isPdgError(thrown)) return thrown;
  const { providerId, endpointName } = context;
  const detail = redact(thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown), secret);
  const common = { provider: providerId, endpoint: endpointName, cause: thrown };
  switch (stage) {
    case 'params':
      return new PdgError({
        ...common,
        code: 'INVALID_PARAMS',
        issues: [{ path: 'params', message: `could not be turned into a request (${detail})` }],
        message: `Invalid params for ${providerId} ${endpointName}: they could not be turned into a request (${detail}). Nothing was sent.`,
      });
    case 'headers':
      // No detail and no cause: the runtime's message quotes the bad value, which may be a token.
      return new PdgError({
        provider: providerId,
        endpoint: endpointName,
        code: 'INVALID_PARAMS',
        issues: [{ path: 'headers', message: 'are not valid HTTP headers' }],
        message: `${providerId} ${endpointName}: the headers option is not a valid set of HTTP headers: a name or value has a line break, NUL or other character HTTP does not allow. Nothing was sent.`,
      });
    case 'send':
      return new PdgError({
        ...common,
        code: 'NETWORK',
        message: `${providerId} ${endpointName}: the request failed before a response arrived (${detail}).`,
      });
    case 'response':
      return new PdgError({
        ...common,
        code: 'INVALID_RESPONSE',
        message: `${providerId} ${endpointName}: the response could not be processed (${detail}).`,
      });
  }
}

/**
 * The response as hooks see it: the same object unless the gateway echoed the key in its status text
 * or headers, then a body-less copy with those redacted (the body was already read and is passed apart).
 */
function redactResponse(response: Response, secret: string): Response {
  const headers = [...response.headers];
  if (!response.statusText.includes(secret) && !headers.some(([, value]) => value.includes(secret))) return response;
  const copy = new Response(null, {
    status: response.status,
    statusText: redact(response.statusText, secret),
    headers: headers.map(([name, value]): [string, string] => [name, redact(value, secret)]),
  });
  Object.defineProperty(copy, 'url', { value: redact(response.url, secret) });
  return copy;
}

/** ky hands error bodies over as text when the content type is not JSON; many still are. */
function asJson(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/** The URL text with any `user:password@` part masked, for messages. */
function withoutUserinfo(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/*)[^/?#]*@/i, '$1***@');
}

/**
 * The key goes into a header, and a header value cannot hold control characters: `Headers` would throw
 * a TypeError quoting the key. Refused here (as a `USAGE` PdgError), saying where the bad character is but never the key.
 */
function checkApiKey(apiKey: string): void {
  if (typeof apiKey !== 'string') {
    throw usageError(`apiKey must be a string (received ${typeof apiKey}).`);
  }
  const position = apiKey.search(/[^\x21-\x7e]/);
  if (position !== -1) {
    throw usageError(
      `apiKey must be printable ASCII without spaces; it has a space, line break, NUL, other control character or non-ASCII character at position ${position + 1} of ${apiKey.length}. A trailing newline read from a file is the usual cause: trim the key.`,
    );
  }
}

function checkTimeout(timeout: number): void {
  if (!(timeout > 0) || timeout > 2_147_483_647) {
    throw usageError(`timeout must be a number of milliseconds from 1 to 2147483647 (received ${timeout}).`);
  }
}

type Registry = ReadonlyMap<string, AnyProvider>;

function indexProviders(providers: readonly AnyProvider[]): Registry {
  if (!Array.isArray(providers)) {
    throw usageError(
      'createClient needs `providers`: an array of provider objects, such as [catalogstore] from @pdg/music-catalogstore.',
    );
  }
  const registry = new Map<string, AnyProvider>();
  for (const provider of providers) {
    if (typeof provider?.id !== 'string' || typeof provider.endpoints !== 'object') {
      throw usageError('Each entry of `providers` must be a provider object exported by a @pdg provider package.');
    }
    if (registry.has(provider.id)) throw usageError(`Provider ${provider.id} is listed twice in \`providers\`.`);
    registry.set(provider.id, provider);
  }
  return registry;
}

function lookup(registry: Registry, providerId: string, endpointName: string): EndpointDefinition {
  const provider = registry.get(providerId);
  if (!provider) {
    const known = [...registry.keys()].join(', ') || 'none';
    throw usageError(
      `Unknown provider "${providerId}". This client has: ${known}. Install its package and pass it to createClient({ providers }).`,
      { provider: providerId, endpoint: endpointName },
    );
  }
  const endpoint = Object.hasOwn(provider.endpoints, endpointName) ? provider.endpoints[endpointName] : undefined;
  if (!endpoint) {
    throw usageError(
      `Unknown endpoint "${endpointName}" of ${providerId}. Its endpoints: ${Object.keys(provider.endpoints).join(', ')}.`,
      { provider: providerId, endpoint: endpointName },
    );
  }
  return endpoint;
}

interface Environment {
  readonly PDG_API_KEY?: string;
  readonly PDG_BASE_URL?: string;
  readonly PDG_DEBUG?: string;
}

/** Where debug lines go: the function given, stderr when `debug` is true or PDG_DEBUG says so, else nowhere. */
function debugSink(option: ClientOptions<readonly AnyProvider[]>['debug'], env: Environment) {
  if (typeof option === 'function') return option;
  const on = option ?? ['1', 'true', 'yes'].includes((env.PDG_DEBUG ?? '').toLowerCase());
  return on ? (line: string) => console.error(line) : undefined;
}

function environment(): Environment {
  // Not every runtime has `process` (browsers, some edge runtimes); there the options must be passed.
  const env = (globalThis as { process?: { env?: Environment } }).process?.env;
  if (!env) return {};
  // Deno without --allow-env throws on reading a variable: read as unset, so options given in code suffice.
  const read = (name: keyof Environment) => {
    try {
      return env[name];
    } catch {
      return undefined;
    }
  };
  return { PDG_API_KEY: read('PDG_API_KEY'), PDG_BASE_URL: read('PDG_BASE_URL'), PDG_DEBUG: read('PDG_DEBUG') };
}

function resolveSettings(options: ClientOptions<readonly AnyProvider[]>): Settings {
  const env = environment();
  const apiKey = options.apiKey ?? env.PDG_API_KEY;
  if (!apiKey) {
    throw usageError('No API key: pass createClient({ apiKey }) or set the PDG_API_KEY environment variable.');
  }
  checkApiKey(apiKey);
  const rawBaseUrl = options.baseUrl ?? env.PDG_BASE_URL;
  if (!rawBaseUrl) {
    throw usageError(
      'No gateway URL: pass createClient({ baseUrl }) or set the PDG_BASE_URL environment variable (for example http://127.0.0.1:4010 for the local mock gateway).',
    );
  }
  let base: URL;
  try {
    base = new URL(String(rawBaseUrl));
  } catch {
    throw usageError(`baseUrl must be an absolute http(s) URL (received "${withoutUserinfo(String(rawBaseUrl))}").`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw usageError(`baseUrl must be an http(s) URL (received "${withoutUserinfo(base.href)}").`);
  }
  // Credentials in the URL would be printed wherever the URL is (error messages, logs), and they are
  // not how the gateway authenticates anyway.
  if (base.username !== '' || base.password !== '') {
    throw usageError(
      `baseUrl must not contain a user name or password (received "${withoutUserinfo(base.href)}"). The gateway authenticates with apiKey alone: remove the "user:password@" part.`,
    );
  }
  if (options.validate !== undefined && options.validate !== 'strict' && options.validate !== 'off') {
    throw usageError(`validate must be 'strict' or 'off' (received ${JSON.stringify(options.validate)}).`);
  }
  const timeout = options.timeout ?? defaultTimeout;
  checkTimeout(timeout);
  const hooks = options.hooks === undefined ? [] : Array.isArray(options.hooks) ? options.hooks : [options.hooks];
  return {
    debug: debugSink(options.debug, env),
    apiKey,
    baseUrl: base.href.replace(/[?#].*$/, ''),
    keyOrigin: base.origin,
    timeout,
    retry: resolveRetry(defaultRetryPolicy, options.retry),
    validate: options.validate ?? 'strict',
    hooks: hooks as readonly Hooks[],
    // Looked up per request, so a fetch patched after the client was created (a test's interceptor) is used.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    headers: new Headers(options.headers),
    cache: layerOption(options, 'cache', 'run'),
    rateLimit: layerOption(options, 'rateLimit', 'limit'),
  };
}

/** The layer a client was given, or a `USAGE` error when it is not one a layer factory built. */
function layerOption<N extends 'cache' | 'rateLimit'>(
  options: ClientOptions<readonly AnyProvider[]>,
  name: N,
  method: string,
): ClientOptions<readonly AnyProvider[]>[N] {
  const layer = options[name];
  if (layer && typeof (layer as unknown as Record<string, unknown>)[method] !== 'function') {
    throw usageError(layerMessage(name));
  }
  return layer;
}

/** What a cache or rate-limit option needs, for the errors that say it is missing or not built by its factory. */
function layerMessage(name: 'cache' | 'rateLimit'): string {
  const [factory, entry] = name === 'cache' ? ['Cache', name] : ['RateLimit', 'rate-limit'];
  return `The ${name} option needs a client created with one: createClient({ ${name}: create${factory}(...) }), create${factory} from @pdg/core/${entry}.`;
}
