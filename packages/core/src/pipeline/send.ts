import ky, { HTTPError, isHTTPError, isNetworkError, type Hooks as KyHooks } from 'ky';
import { PdgError } from '../errors.js';
import type { ClientRateLimit, LayerContext } from '../layers.js';
import type { CallContext } from './context.js';
import { mapResponseError, parseRetryAfter } from './map-error.js';
import { backoffDelay, type RetryPolicy, retryStatusCodes } from './retry.js';

const maxRedirects = 5;

export interface SendOptions {
  readonly url: URL;
  readonly apiKey: string;
  /** The only origin the API key is ever sent to: the configured base URL's. */
  readonly keyOrigin: string;
  readonly headers: Headers;
  readonly fetch: typeof globalThis.fetch;
  readonly retry: RetryPolicy;
  /**
   * The caller's signal, or for a call through the cache the signal of the request its waiters share, if
   * any. The timeout itself is ky's `totalTimeout`, up to `deadline`.
   */
  readonly signal: AbortSignal | undefined;
  /** When the call's timeout runs out, on the `performance.now()` clock. */
  readonly deadline: number;
  readonly context: CallContext;
  /** May replace the request before it is first sent (the `beforeRequest` hook); absent when no hook does. */
  readonly beforeRequest: ((request: Request) => Promise<Request | undefined>) | undefined;
  /** Told before each retry, with the failure that caused it. */
  readonly beforeRetry: ((attempt: number, error: PdgError) => Promise<void>) | undefined;
  /** Told after each attempt (each request sent, redirects and retries included). */
  readonly onAttempt: ((attempt: AttemptRecord) => void) | undefined;
  /** Wraps the fetch of each request: it waits its turn before it is sent, and each response is seen (a 429 starts a cool-down). */
  readonly rateLimit: ClientRateLimit | undefined;
  /** The call, for the rate limit's hooks. */
  readonly layer: LayerContext;
}

/** One request sent: what `debug` prints and what response metadata counts. */
export interface AttemptRecord {
  /** 1 for the first request of the call, then counting retries and redirect hops. */
  readonly attempt: number;
  readonly method: 'GET';
  /** The URL requested (the key is a header, never in it). */
  readonly url: string;
  /** The HTTP status, when a response arrived. */
  readonly status?: number;
  /** Why no response arrived. */
  readonly failure?: string;
  readonly durationMs: number;
  /** The wait before the next attempt, when a retry follows. */
  readonly retryInMs?: number;
}

/** A response the gateway gave, successful or not. */
export type SendOutcome = (
  | { readonly ok: true; readonly response: Response }
  /** A non-2xx after retries, with its body as ky read it (JSON where it was JSON, text otherwise). */
  | { readonly ok: false; readonly response: Response; readonly data: unknown }
) & {
  /** Requests sent for the call: retries and redirect hops included. */
  readonly attempts?: number;
};

/**
 * Step 3: the request, with ky. Redirects are followed here rather than by fetch, so that the API key
 * and the caller's headers are sent only to their own origin: fetch would carry a custom header to any
 * host a redirect names.
 */
export async function send(options: SendOptions): Promise<SendOutcome> {
  const attempts = attemptCounter(options);
  try {
    return await follow(options, attempts);
  } finally {
    attempts.flush();
  }
}

async function follow(options: SendOptions, attempts: ReturnType<typeof attemptCounter>): Promise<SendOutcome> {
  const { providerId, endpointName } = options.context;
  const refuse = (problem: string, status?: number) =>
    new PdgError({
      code: 'HTTP',
      status,
      provider: providerId,
      endpoint: endpointName,
      message: `${providerId} ${endpointName}: ${problem}`,
    });
  let url = options.url;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const outcome = await sendOnce(url, options, hop === 0, attempts);
    const { status } = outcome.response;
    if (status < 300 || status >= 400) return { ...outcome, attempts: attempts.count() };
    const location = outcome.response.headers.get('location');
    if (location === null) {
      throw refuse(
        `the gateway answered HTTP ${status}, a redirect without a Location header, so there is nothing to follow. Check baseUrl.`,
        status,
      );
    }
    url = new URL(location, url);
    // fetch follows data:, blob: and file-like URLs too; a gateway redirect has no business there.
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw refuse(
        `the gateway redirected (HTTP ${status}) to a ${url.protocol} URL, which is not followed: only http(s) redirects are.`,
        status,
      );
    }
  }
  throw refuse(`more than ${maxRedirects} redirects.`);
}

/** Headers that say nothing about the caller and may follow a redirect to any origin. */
const headersSafeForAnyOrigin: readonly string[] = ['accept', 'accept-language', 'user-agent'];

/**
 * The headers for one hop: all of them to the key's origin, only the harmless ones anywhere else. A plain
 * record, which ky turns into the request's one `Headers`.
 */
function headersFor(url: URL, options: SendOptions): Record<string, string> {
  const sameOrigin = url.origin === options.keyOrigin;
  const headers: Record<string, string> = {};
  for (const [name, value] of options.headers) {
    if (sameOrigin || headersSafeForAnyOrigin.includes(name)) headers[name] = value;
  }
  headers.accept = 'application/json';
  if (sameOrigin) headers['x-api-key'] = options.apiKey;
  return headers;
}

/** The body broke off while being read (a reset, a truncated chunked body). */
class BodyReadError extends Error {
  override readonly name = 'BodyReadError';
}

/**
 * Reads the whole body inside the attempt, so a connection that breaks mid-body fails the attempt
 * (and is retried like any network failure) instead of failing later, outside the retry policy.
 */
function bufferingFetch(fetch: typeof globalThis.fetch, record: AttemptCounter): typeof globalThis.fetch {
  return async (input, init) => {
    const started = performance.now();
    const url = input instanceof Request ? input.url : String(input);
    let response: Response;
    let body: ArrayBuffer;
    try {
      response = await fetch(input, init);
    } catch (error) {
      record(url, started, { failure: (error as Error)?.message ?? String(error) });
      throw error;
    }
    try {
      body = await response.arrayBuffer();
    } catch (error) {
      record(url, started, { status: response.status, failure: 'the body broke off' });
      if (init?.signal?.aborted || (input instanceof Request && input.signal.aborted)) throw error;
      throw new BodyReadError('the connection broke while the response body was being read', { cause: error });
    }
    record(url, started, { status: response.status });
    // A success (or redirect) goes on as it came, its bytes read from `bufferedBodies` alone: ky does not
    // read its body. An error is copied with its bytes, which ky reads into `HTTPError.data`.
    if (response.status < 400) {
      bufferedBodies.set(response, body);
      return response;
    }
    const buffered = new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    Object.defineProperty(buffered, 'url', { value: response.url });
    return buffered;
  };
}

/** The bytes of each success (or redirect) fetched, so its body is decoded once without a stream read. */
const bufferedBodies = new WeakMap<Response, ArrayBuffer>();

/** A response's body as text: from the buffer `send` kept, or read from the response. */
export function bodyText(response: Response): Promise<string> | string {
  const buffer = bufferedBodies.get(response);
  if (buffer === undefined) return response.text();
  decoder ??= new TextDecoder();
  return decoder.decode(buffer);
}

let decoder: TextDecoder | undefined;

type AttemptCounter = (url: string, started: number, outcome: { status?: number; failure?: string }) => void;

/** Counts attempts across the hops of one call, and reports each once its retry wait, if any, is known. */
function attemptCounter(options: SendOptions): {
  record: AttemptCounter;
  retrying: (waitMs: number) => void;
  flush: () => void;
  count: () => number;
} {
  let count = 0;
  let pending: AttemptRecord | undefined;
  const flush = () => {
    if (pending) options.onAttempt?.(pending);
    pending = undefined;
  };
  return {
    record: (url, started, outcome) => {
      flush();
      count++;
      pending = { attempt: count, method: 'GET', url, durationMs: performance.now() - started, ...outcome };
    },
    retrying: (waitMs) => {
      if (pending) pending = { ...pending, retryInMs: waitMs };
      flush();
    },
    flush,
    count: () => count,
  };
}

async function sendOnce(
  url: URL,
  options: SendOptions,
  first: boolean,
  attempts: ReturnType<typeof attemptCounter>,
): Promise<SendOutcome> {
  const headers = headersFor(url, options);
  const hooks = kyHooks(url, options, first);
  const fetch = bufferingFetch(options.fetch, attempts.record);
  const { retry } = options;
  try {
    const response = await ky.get(url, {
      headers,
      // The rate limit sits outside the buffering: a request's duration does not count its time in the queue.
      fetch: options.rateLimit?.limit(fetch, options.layer) ?? fetch,
      redirect: 'manual',
      // 3xx come back to `send`, which decides where the key may go.
      throwHttpErrors: (status) => status >= 400,
      // One timeout for the whole call: attempts, backoff, the rate limit's queue and the body (read
      // inside fetch). What is left of it when a redirect is followed goes to the next hop.
      timeout: false,
      totalTimeout: Math.max(1, options.deadline - performance.now()),
      retry: {
        limit: retry.limit,
        // ky's own `methods` (GET among them), `statusCodes` and `afterStatusCodes` are not given: ky
        // normalises and merges every option on each call. Its status codes are pdg's plus 413, which
        // `shouldRetry` refuses.
        maxRetryAfter: retry.maxRetryAfter,
        delay: (attempt) => {
          const wait = backoffDelay(attempt, retry);
          attempts.retrying(wait);
          return wait;
        },
        shouldRetry: ({ error }) => {
          if (error instanceof BodyReadError) return true;
          if (!(error instanceof HTTPError)) return undefined;
          if (!retryStatusCodes.includes(error.response.status)) return false;
          const retryAfter = parseRetryAfter(error.response.headers.get('retry-after'));
          // Waiting longer than the cap, or than the call has left, would stall the caller only to time
          // out: fail now and let them see `retryAfter`.
          const wait = Math.min(retry.maxRetryAfter, options.deadline - performance.now());
          return retryAfter !== undefined && retryAfter * 1000 > wait ? false : undefined;
        },
      },
      // The signal and ky's hooks only when there are any: ky merges every option given into its defaults
      // on each call, at a cost that grows with their number.
      ...(options.signal && { signal: options.signal }),
      ...(hooks && { hooks }),
    });
    return { ok: true, response };
  } catch (error) {
    if (isHTTPError(error)) return { ok: false, response: error.response, data: error.data };
    throw toPdgError(error, url, options);
  }
}

/** The client's `beforeRequest` (first hop only) and `beforeRetry` as ky hooks, or `undefined` when it has neither. */
function kyHooks(url: URL, options: SendOptions, first: boolean): KyHooks | undefined {
  const { beforeRequest, beforeRetry } = options;
  if (!(first && beforeRequest) && !beforeRetry) return undefined;
  return {
    beforeRequest: first && beforeRequest ? [async ({ request }) => beforeRequest(request)] : [],
    beforeRetry: beforeRetry
      ? [
          async ({ error, retryCount }) =>
            beforeRetry(
              retryCount,
              isHTTPError(error)
                ? mapResponseError(options.context, error.response, error.data)
                : // ky retries only HTTP, network and body-read failures, all of which map to a PdgError.
                  (toPdgError(error, url, options) as PdgError),
            ),
        ]
      : [],
  };
}

/** ky's network errors, and a body that broke off, as PdgErrors; anything else (an abort, a hook's own error) passes through. */
function toPdgError(error: unknown, url: URL, options: SendOptions): unknown {
  const broke = error instanceof BodyReadError;
  if (!broke && !isNetworkError(error)) return error;
  const { providerId, endpointName } = options.context;
  const { cause } = error as Error;
  return new PdgError({
    code: 'NETWORK',
    provider: providerId,
    endpoint: endpointName,
    cause,
    message: `${providerId} ${endpointName}: ${
      broke
        ? `the connection to ${url.origin} broke while the response was being read`
        : `could not reach ${url.origin}`
    } (${describeCause(cause)}).`,
  });
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return 'network error';
  const inner = (cause as { cause?: { code?: string; message?: string } }).cause;
  return inner?.code ?? inner?.message ?? cause.message;
}
