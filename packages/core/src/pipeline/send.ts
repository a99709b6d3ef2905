import ky, { HTTPError, isHTTPError, isNetworkError } from 'ky';
import { PdgError } from '../errors.js';
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
  /** Aborts on the caller's signal and on the call's timeout; the caller tells the two apart. */
  readonly signal: AbortSignal;
  readonly context: CallContext;
  /** May replace the request before it is first sent (the `beforeRequest` hook). */
  readonly beforeRequest: (request: Request) => Promise<Request | undefined>;
  /** Told before each retry, with the failure that caused it. */
  readonly beforeRetry: (attempt: number, error: PdgError) => Promise<void>;
}

/** A response the gateway gave, successful or not. */
export type SendOutcome =
  | { readonly ok: true; readonly response: Response }
  /** A non-2xx after retries, with its body as ky read it (JSON where it was JSON, text otherwise). */
  | { readonly ok: false; readonly response: Response; readonly data: unknown };

/**
 * Step 3: the request, with ky. Redirects are followed here rather than by fetch, so that the API key
 * is sent only to its own origin: fetch would carry a custom header to any host a redirect names.
 */
export async function send(options: SendOptions): Promise<SendOutcome> {
  let url = options.url;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const outcome = await sendOnce(url, options, hop === 0);
    const location = outcome.response.headers.get('location');
    const isRedirect = outcome.response.status >= 300 && outcome.response.status < 400 && location !== null;
    if (!isRedirect) return outcome;
    await outcome.response.body?.cancel();
    url = new URL(location, url);
  }
  throw new PdgError({
    code: 'HTTP',
    provider: options.context.providerId,
    endpoint: options.context.endpointName,
    message: `${options.context.providerId} ${options.context.endpointName}: more than ${maxRedirects} redirects.`,
  });
}

async function sendOnce(url: URL, options: SendOptions, first: boolean): Promise<SendOutcome> {
  const headers = new Headers(options.headers);
  headers.set('accept', 'application/json');
  if (url.origin === options.keyOrigin) headers.set('x-api-key', options.apiKey);
  else headers.delete('x-api-key');
  const { retry } = options;
  try {
    const response = await ky.get(url, {
      headers,
      fetch: options.fetch,
      signal: options.signal,
      redirect: 'manual',
      // 3xx come back to `send`, which decides where the key may go.
      throwHttpErrors: (status) => status >= 400,
      // The caller's signal carries one timeout for the whole call: attempts, backoff and body.
      timeout: false,
      retry: {
        limit: retry.limit,
        methods: ['get'],
        statusCodes: [...retryStatusCodes],
        afterStatusCodes: [429, 503],
        maxRetryAfter: retry.maxRetryAfter,
        delay: (attempt) => backoffDelay(attempt, retry),
        shouldRetry: ({ error }) => {
          if (!(error instanceof HTTPError)) return undefined;
          const retryAfter = parseRetryAfter(error.response.headers.get('retry-after'));
          // Waiting longer than the cap would stall the caller: fail now and let them see `retryAfter`.
          return retryAfter !== undefined && retryAfter * 1000 > retry.maxRetryAfter ? false : undefined;
        },
      },
      hooks: {
        beforeRequest: first ? [async ({ request }) => options.beforeRequest(request)] : [],
        beforeRetry: [
          async ({ error, retryCount }) =>
            options.beforeRetry(
              retryCount,
              isHTTPError(error)
                ? mapResponseError(options.context, error.response, error.data)
                : // ky retries only HTTP and network failures, both of which map to a PdgError.
                  (toPdgError(error, url, options) as PdgError),
            ),
        ],
      },
    });
    return { ok: true, response };
  } catch (error) {
    if (isHTTPError(error)) return { ok: false, response: error.response, data: error.data };
    throw toPdgError(error, url, options);
  }
}

/** ky's network errors as PdgErrors; anything else (an abort, a hook's own error) passes through. */
function toPdgError(error: unknown, url: URL, options: SendOptions): unknown {
  const { providerId, endpointName } = options.context;
  if (isNetworkError(error)) {
    return new PdgError({
      code: 'NETWORK',
      provider: providerId,
      endpoint: endpointName,
      cause: error.cause,
      message: `${providerId} ${endpointName}: could not reach ${url.origin} (${describeCause(error.cause)}).`,
    });
  }
  return error;
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return 'network error';
  const inner = (cause as { cause?: { code?: string; message?: string } }).cause;
  return inner?.code ?? inner?.message ?? cause.message;
}
