/**
 * A client's settings, read once from `createClient`'s options and the environment and checked there, so
 * a call starts from values known to be good; and a call's own settings, its options over the client's.
 */
import type { CallTarget } from '../contract/call-target.js';
import type { AnyProvider } from '../contract/contract.js';
import { usageError } from '../errors/error-builders.js';
import { keyRedactor, maskUrlCredentials, type Redactor } from '../errors/redact.js';
import { defaultRetryPolicy, type RetryOption, type RetryPolicy, withRetryOption } from '../errors/retry-policy.js';
import { checkedHeaders } from './checked-headers.js';
import { type PdgEnvironment, pdgEnvironment } from './environment.js';
import type { Hooks } from './hooks.js';
import type { ClientCache, ClientRateLimit, ClientTelemetry } from './layers.js';
import type { CallOptions, ClientOptions, ValidateMode } from './options.js';
import { clientOutlets, type Outlets } from './outlets.js';
import { serverRuntime, userAgentFor } from './user-agent.js';

export interface ClientSettings {
  /** Sent as `x-api-key` by `send`, to `keyOrigin` only; redacted by `outlets`. Nothing else reads it. */
  readonly apiKey: string;
  readonly baseUrl: string;
  /** The only origin the API key is ever sent to: the base URL's. */
  readonly keyOrigin: string;
  readonly timeout: number;
  readonly retry: RetryPolicy;
  readonly validate: ValidateMode;
  readonly hooks: readonly Hooks[];
  readonly fetch: typeof globalThis.fetch;
  /** The headers every call to a provider starts from: the client's, and the `User-Agent`. */
  headersFor(providerId: string): Headers;
  readonly cache: ClientCache | undefined;
  readonly rateLimit: ClientRateLimit | undefined;
  readonly telemetry: ClientTelemetry | undefined;
  /** Where everything a call hands back leaves the pipeline, the key redacted. */
  readonly outlets: Outlets;
  /** The key as the cache may use it (the same key? an answer holding it?), without reading it. */
  readonly key: Redactor;
  /** The largest body read, in bytes (decompressed). */
  readonly maxBodyBytes: number;
}

const defaultTimeout = 30_000;

/**
 * The largest body a call reads, decompressed: 32 MiB, far above any answer the gateway documents (a page
 * of listings is tens of kB), and low enough that a hostile or broken answer cannot exhaust memory.
 */
export const defaultMaxBodyBytes = 32 * 1024 * 1024;

/**
 * The settings of a client made with these options, every option checked in turn (a `USAGE` error names the
 * first bad one). Without `keyRequired` (`checkClientOptions`, for a server whose callers bring their own keys),
 * a missing key is no error and the settings made are only a check's.
 */
export function resolveSettings(options: ClientOptions<readonly AnyProvider[]>, keyRequired = true): ClientSettings {
  const env = pdgEnvironment();
  const apiKey = options.apiKey ?? env.PDG_API_KEY ?? '';
  if (keyRequired || apiKey) checkApiKey(apiKey);
  const base = checkBaseUrl(options.baseUrl ?? env.PDG_BASE_URL);
  checkValidate(options.validate);
  const timeout = options.timeout ?? defaultTimeout;
  checkTimeout(timeout);
  const telemetry = layerOption(options, 'telemetry', 'call');
  const given = (
    options.hooks === undefined ? [] : Array.isArray(options.hooks) ? options.hooks : [options.hooks]
  ) as readonly Hooks[];
  const hooks = telemetry ? [...given, telemetry.hooks] : given;
  const key = keyRedactor(apiKey);
  return {
    apiKey,
    baseUrl: base.href.replace(/[?#].*$/, ''),
    keyOrigin: base.origin,
    timeout,
    retry: checkedRetry(defaultRetryPolicy, options.retry),
    validate: options.validate ?? 'strict',
    hooks,
    // Looked up per request, so a fetch patched after the client was created (a test's interceptor) is used.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    headersFor: providerHeaders({
      client: checkedHeaders(options.headers, 'createClient'),
      providers: options.providers,
      application: checkUserAgent(options.userAgent),
    }),
    cache: layerOption(options, 'cache', 'run'),
    rateLimit: layerOption(options, 'rateLimit', 'limit'),
    telemetry,
    outlets: clientOutlets({ hooks, debug: debugSink(options.debug, env), redactor: key }),
    key,
    maxBodyBytes: checkMaxBodyBytes(options.maxBodyBytes) ?? defaultMaxBodyBytes,
  };
}

/**
 * The client's headers with the `User-Agent` for each provider (see user-agent.ts), made once per provider.
 * A `User-Agent` in the client's `headers` is kept as given.
 */
function providerHeaders({ client, providers, application }: ProviderHeaderParts): (providerId: string) => Headers {
  const runtime = serverRuntime();
  if (runtime === undefined || client.has('user-agent')) return () => client;
  const made = new Map<string, Headers>();
  return (providerId) => {
    let headers = made.get(providerId);
    const provider = headers ? undefined : providers.find((candidate) => candidate.id === providerId);
    if (!headers && provider) {
      headers = new Headers(client);
      headers.set('user-agent', userAgentFor(provider, application, runtime) as string);
      made.set(providerId, headers);
    }
    return headers ?? client;
  };
}

interface ProviderHeaderParts {
  readonly client: Headers;
  readonly providers: readonly AnyProvider[];
  readonly application: string | undefined;
}

/** `userAgent` goes first in a header: printable ASCII, as the API key. */
function checkUserAgent(userAgent: string | undefined): string | undefined {
  if (userAgent === undefined) return undefined;
  if (typeof userAgent !== 'string' || !/^[\x20-\x7e]+$/.test(userAgent) || userAgent.trim() === '') {
    throw usageError(
      `userAgent must be non-empty printable ASCII, such as "my-app/1.2.0" (received ${JSON.stringify(userAgent)}).`,
    );
  }
  return userAgent.trim();
}

/** One call's settings: its own options over the client's, checked before anything is sent. */
export interface CallSettings {
  readonly timeout: number;
  readonly retry: RetryPolicy;
  readonly validate: ValidateMode;
  /** Whether the call goes through the client's cache. */
  readonly cached: boolean;
  /** The largest body read, in bytes (decompressed). */
  readonly maxBodyBytes: number;
}

export function callSettings(client: ClientSettings, options: CallOptions, target: CallTarget): CallSettings {
  const timeout = options.timeout ?? client.timeout;
  checkTimeout(timeout);
  checkSignal(options.signal, target);
  if (options.cache && !client.cache) throw usageError(layerMessage('cache'), target);
  return {
    timeout,
    retry: checkedRetry(client.retry, options.retry),
    validate: checkValidate(options.validate) ?? client.validate,
    cached: client.cache !== undefined && options.cache !== false,
    maxBodyBytes: checkMaxBodyBytes(options.maxBodyBytes, target) ?? client.maxBodyBytes,
  };
}

const validateModes: readonly ValidateMode[] = ['strict', 'report', 'off'];

function checkValidate(mode: ValidateMode | undefined): ValidateMode | undefined {
  if (mode !== undefined && !validateModes.includes(mode)) {
    throw usageError(`validate must be 'strict', 'report' or 'off' (received ${JSON.stringify(mode)}).`);
  }
  return mode;
}

function checkedRetry(base: RetryPolicy, option: RetryOption | undefined): RetryPolicy {
  const policy = withRetryOption(base, option);
  if (policy === base) return policy;
  for (const [name, value] of Object.entries(policy)) {
    if (!Number.isFinite(value) || value < 0) {
      throw usageError(`retry.${name} must be a number >= 0 (received ${String(value)}).`);
    }
  }
  return policy;
}

/**
 * A `signal` that is not an AbortSignal would fail inside fetch as a retryable network error; it is the
 * caller's mistake. Recognised by its shape, so a signal from another realm (a test environment's) passes.
 */
function checkSignal(signal: unknown, target: CallTarget): void {
  if (signal === undefined) return;
  const candidate = signal as { aborted?: unknown; addEventListener?: unknown } | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.aborted !== 'boolean' ||
    typeof candidate.addEventListener !== 'function'
  ) {
    throw usageError(
      `signal must be an AbortSignal, such as AbortSignal.timeout(5000) or an AbortController's signal (received ${signal === null ? 'null' : typeof signal}).`,
      target,
    );
  }
}

function checkMaxBodyBytes(value: number | undefined, target?: CallTarget): number | undefined {
  if (value !== undefined && !(Number.isSafeInteger(value) && value >= 1)) {
    throw usageError(`maxBodyBytes must be a whole number of bytes, 1 or more (received ${String(value)}).`, target);
  }
  return value;
}

function checkTimeout(timeout: number): void {
  if (!(timeout > 0) || timeout > 2_147_483_647) {
    throw usageError(`timeout must be a number of milliseconds from 1 to 2147483647 (received ${timeout}).`);
  }
}

/**
 * The key goes into a header, and a header value cannot hold control characters: `Headers` would throw
 * a TypeError quoting the key. Refused here (as a `USAGE` PdgError), saying where the bad character is but never the key.
 */
function checkApiKey(apiKey: string): void {
  if (!apiKey) {
    throw usageError('No API key: pass createClient({ apiKey }) or set the PDG_API_KEY environment variable.');
  }
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

function checkBaseUrl(raw: string | URL | undefined): URL {
  if (!raw) {
    throw usageError(
      'No gateway URL: pass createClient({ baseUrl }) or set the PDG_BASE_URL environment variable (for example http://127.0.0.1:4010 for the local mock gateway).',
    );
  }
  let base: URL;
  try {
    base = new URL(String(raw));
  } catch {
    throw usageError(`baseUrl must be an absolute http(s) URL (received "${maskUrlCredentials(String(raw))}").`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw usageError(`baseUrl must be an http(s) URL (received "${maskUrlCredentials(base.href)}").`);
  }
  // Credentials in the URL would be printed wherever the URL is (error messages, logs), and they are
  // not how the gateway authenticates anyway.
  if (base.username !== '' || base.password !== '') {
    throw usageError(
      `baseUrl must not contain a user name or password (received "${maskUrlCredentials(base.href)}"). The gateway authenticates with apiKey alone: remove the "user:password@" part.`,
    );
  }
  return base;
}

/** Where debug lines go: the function given, stderr when `debug` is true or PDG_DEBUG says so, else nowhere. */
function debugSink(option: ClientOptions<readonly AnyProvider[]>['debug'], env: PdgEnvironment) {
  if (typeof option === 'function') return option;
  const on = option ?? ['1', 'true', 'yes'].includes((env.PDG_DEBUG ?? '').toLowerCase());
  return on ? (line: string) => console.error(line) : undefined;
}

/** The layer a client was given, or a `USAGE` error when it is not one a layer factory built. */
function layerOption<N extends 'cache' | 'rateLimit' | 'telemetry'>(
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
function layerMessage(name: 'cache' | 'rateLimit' | 'telemetry'): string {
  if (name === 'telemetry') {
    return 'The telemetry option takes what openTelemetry() from @pdg/core/otel builds: createClient({ telemetry: openTelemetry() }).';
  }
  const [factory, entry] = name === 'cache' ? ['Cache', name] : ['RateLimit', 'rate-limit'];
  return `The ${name} option needs a client created with one: createClient({ ${name}: create${factory}(...) }), create${factory} from @pdg/core/${entry}.`;
}
