import ky, { HTTPError, isHTTPError, isNetworkError, type Hooks as KyHooks, TimeoutError } from 'ky';
import type { HookContext } from '../call/hooks.js';
import type { LayerContext } from '../call/layers.js';
import type { CallSettings, ClientSettings } from '../call/settings.js';
import {
  bodyTooLargeError,
  networkError,
  redirectError,
  requestFailedError,
  timeoutError,
} from '../errors/error-builders.js';
import { isPdgError, type PdgError } from '../errors/errors.js';
import { type FailedAttempt, retryWait } from '../errors/retry-policy.js';
import { type AttemptLog, attemptLog, BodyReadError, BodyTooLargeError, bufferingFetch } from './buffered-fetch.js';
import { mapResponseError } from './map-error.js';

const maxRedirects = 5;

export interface SendOptions {
  readonly client: ClientSettings;
  /** The call, as errors and hooks name it (hooks are told through `client.outlets`). */
  readonly context: HookContext;
  /** The call as the rate limit reports it. */
  readonly layer: LayerContext;
  readonly url: URL;
  /** The client's headers with the call's own. */
  readonly headers: Headers;
  /** The call's retry policy and timeout. */
  readonly settings: CallSettings;
  /**
   * The caller's signal, or for a call through the cache the signal of the request its waiters share, if
   * any. The timeout itself is ky's `totalTimeout`, up to `deadline`.
   */
  readonly signal: AbortSignal | undefined;
  /**
   * When the call's timeout runs out, on the `performance.now()` clock. For a request the cache shares, a
   * function: the latest deadline of the callers waiting on it, which may move as callers come and go; such
   * a request has no timeout of its own (the cache aborts it through `signal` once nobody waits), and its
   * retries go on while the most patient caller still waits.
   */
  readonly deadline: number | (() => number);
}

/** A response the gateway gave to one hop, successful or not. */
type HopOutcome =
  | { readonly ok: true; readonly response: Response }
  /** A non-2xx after retries, with its body as ky read it (JSON where it was JSON, text otherwise). */
  | { readonly ok: false; readonly response: Response; readonly data: unknown };

/** The response the call ends with, and how many requests it took. */
export type SendOutcome = HopOutcome & {
  /** Requests sent for the call: retries and redirect hops included. */
  readonly attempts: number;
};

/**
 * Step 3: the request, with ky, retried as retry-policy.ts says. Redirects are followed here rather than
 * by fetch, so that the API key and the caller's headers are sent only to their own origin: fetch would
 * carry a custom header to any host a redirect names. Fails with `NETWORK`, `TIMEOUT` or `HTTP` (a
 * redirect not followed); any other failure before a response arrives is a `NETWORK` error too.
 */
export async function send(options: SendOptions): Promise<SendOutcome> {
  const log = attemptLog(options.client.outlets.afterAttempt);
  try {
    return await follow(options, log);
  } catch (thrown) {
    throw sendError(thrown, options, options.url);
  } finally {
    log.flush();
  }
}

async function follow(options: SendOptions, log: AttemptLog): Promise<SendOutcome> {
  let url = options.url;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const outcome = await sendOnce(options, { url, first: hop === 0, log });
    const { status } = outcome.response;
    if (status < 300 || status >= 400) return { ...outcome, attempts: log.count() };
    const location = outcome.response.headers.get('location');
    if (location === null) {
      throw redirectError(
        options.context,
        `the gateway answered HTTP ${status}, a redirect without a Location header, so there is nothing to follow. Check baseUrl.`,
        status,
      );
    }
    url = new URL(location, url);
    // fetch follows data:, blob: and file-like URLs too; a gateway redirect has no business there.
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw redirectError(
        options.context,
        `the gateway redirected (HTTP ${status}) to a ${url.protocol} URL, which is not followed: only http(s) redirects are.`,
        status,
      );
    }
  }
  throw redirectError(options.context, `more than ${maxRedirects} redirects.`);
}

/** Headers that say nothing about the caller and may follow a redirect to any origin. */
const headersSafeForAnyOrigin: readonly string[] = ['accept', 'accept-language', 'user-agent'];

/**
 * The headers for one hop: all of them to the key's origin, only the harmless ones anywhere else. A plain
 * record, which ky turns into the request's one `Headers`.
 */
function headersFor(url: URL, options: SendOptions): Record<string, string> {
  const { client } = options;
  const sameOrigin = url.origin === client.keyOrigin;
  const headers: Record<string, string> = {};
  for (const [name, value] of options.headers) {
    if (sameOrigin || headersSafeForAnyOrigin.includes(name)) headers[name] = value;
  }
  headers.accept = 'application/json';
  if (sameOrigin) headers['x-api-key'] = client.apiKey;
  return headers;
}

/** One request of a call, retried as the rule says: the first hop, or one a redirect led to. */
interface Hop {
  readonly url: URL;
  /** The first hop is the only one the `beforeRequest` hooks see. */
  readonly first: boolean;
  readonly log: AttemptLog;
}

async function sendOnce(options: SendOptions, hop: Hop): Promise<HopOutcome> {
  const { url, first, log } = hop;
  const { client } = options;
  const { deadline } = options;
  const msLeft = () => (typeof deadline === 'number' ? deadline : deadline()) - performance.now();
  const buffering = bufferingFetch(client.fetch, log, options.settings.maxBodyBytes);
  // The telemetry layer: a span per request, around the request and its body, not its time in the queue.
  const traced = client.telemetry?.fetch(buffering, client.keyOrigin) ?? buffering;
  const hooks = kyHooks(url, options, first);
  const { retry } = options.settings;
  // The wait the retry rule chose for the failure ky is about to retry, handed from shouldRetry to delay.
  let wait = 0;
  try {
    const response = await ky.get(url, {
      headers: headersFor(url, options),
      // The rate-limit layer: each request (retries and redirect hops too) waits its turn there. It sits
      // outside the buffering: a request's duration does not count its time in the queue.
      fetch: client.rateLimit?.limit(traced, options.layer) ?? traced,
      redirect: 'manual',
      // 3xx come back to `follow`, which decides where the key may go.
      throwHttpErrors: (status) => status >= 400,
      // One timeout for the whole call: attempts, backoff, the rate limit's queue and the body (read
      // inside fetch). What is left of it when a redirect is followed goes to the next hop.
      timeout: false,
      totalTimeout: typeof deadline === 'number' ? Math.max(1, msLeft()) : false,
      retry: {
        limit: retry.limit,
        // The retry rule decides every case (ky's own status lists and Retry-After reading are not used).
        shouldRetry: ({ error, retryCount }) => {
          const failure = failedAttempt(error);
          const chosen = failure && retryWait(failure, { attempt: retryCount, policy: retry, msLeft: msLeft() });
          if (chosen === undefined) return false;
          wait = chosen;
          return true;
        },
        delay: () => {
          log.retrying(wait);
          return wait;
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
    throw sendError(error, options, url);
  }
}

/** A failure ky saw, as the retry rule reads it; `undefined` for one that is never retried (a hook's own error). */
function failedAttempt(error: unknown): FailedAttempt | undefined {
  if (error instanceof HTTPError) {
    return { status: error.response.status, retryAfter: error.response.headers.get('retry-after') };
  }
  return error instanceof BodyReadError || isNetworkError(error) ? { network: true } : undefined;
}

/** The client's `beforeRequest` (first hop only) and `beforeRetry` as ky hooks, or `undefined` when it has neither. */
function kyHooks(url: URL, options: SendOptions, first: boolean): KyHooks | undefined {
  const { context } = options;
  const { beforeRequest, beforeRetry } = options.client.outlets;
  if (!(first && beforeRequest) && !beforeRetry) return undefined;
  return {
    beforeRequest: first && beforeRequest ? [async ({ request }) => beforeRequest(context, request)] : [],
    beforeRetry: beforeRetry
      ? [
          async ({ error, retryCount }) =>
            beforeRetry(
              context,
              retryCount,
              isHTTPError(error)
                ? mapResponseError(options.context, error.response, error.data)
                : // ky retries only what the retry rule accepts: HTTP, network and body-read failures.
                  (sendError(error, options, url) as PdgError),
            ),
        ]
      : [],
  };
}

/**
 * What a failure of step 3 (at `url`) is to the caller: an abort stays the signal's own, a PdgError stays,
 * the call's timeout is `TIMEOUT`, and anything else (a refused connection, a body that broke off, a
 * custom fetch's or a hook's own error) is `NETWORK`, with the original as `cause`.
 */
function sendError(thrown: unknown, options: SendOptions, url: URL): unknown {
  if (options.signal?.aborted || isPdgError(thrown)) return thrown;
  if (thrown instanceof TimeoutError) return timeoutError(options.context, options.settings.timeout);
  if (thrown instanceof BodyTooLargeError) return bodyTooLargeError(options.context, options.settings.maxBodyBytes);
  const { origin } = url;
  if (thrown instanceof BodyReadError) {
    return networkError(
      options.context,
      `the connection to ${origin} broke while the response was being read (${describeCause(thrown.cause)})`,
      thrown.cause,
    );
  }
  if (isNetworkError(thrown)) {
    const { cause } = thrown as Error;
    return networkError(options.context, `could not reach ${origin} (${describeCause(cause)})`, cause);
  }
  return requestFailedError(options.context, thrown);
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return 'network error';
  const inner = (cause as { cause?: { code?: string; message?: string } }).cause;
  return inner?.code ?? inner?.message ?? cause.message;
}
