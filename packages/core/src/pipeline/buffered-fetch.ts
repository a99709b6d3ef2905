/**
 * The fetch `send` gives ky: it reads each body whole inside its attempt, so a connection that breaks
 * mid-body fails the attempt (and is retried like any network failure) instead of failing later, outside
 * the retry rule; and it records each request sent, for `debug` lines and `runWithResponse`'s `attempts`.
 */
import type { AttemptRecord } from '../call/outlets.js';

/** The body broke off while being read (a reset, a truncated chunked body). */
export class BodyReadError extends Error {
  override readonly name = 'BodyReadError';
}

/** The body passed the call's `maxBodyBytes`; the read was stopped there. Not retried: the answer would be the same. */
export class BodyTooLargeError extends Error {}

/** The requests of one call, counted across its hops; each reported once its retry wait, if any, is known. */
export interface AttemptLog {
  record(
    url: string,
    started: number,
    outcome: { readonly status?: number; readonly failure?: string; readonly headers?: Headers },
  ): void;
  /** The last request is retried after `waitMs`. */
  retrying(waitMs: number): void;
  /** Reports the last request, if not yet reported. */
  flush(): void;
  /** Requests sent so far. */
  count(): number;
}

export function attemptLog(report: ((attempt: AttemptRecord) => void) | undefined): AttemptLog {
  let count = 0;
  let pending: AttemptRecord | undefined;
  const flush = () => {
    if (pending) report?.(pending);
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

/**
 * Wraps `fetch` so each body is read whole within its attempt, up to `maxBodyBytes` (counted as the runtime
 * decompresses it: a small gzip answer inflating to gigabytes stops at the cap), and each request is logged.
 */
export function bufferingFetch(
  fetch: typeof globalThis.fetch,
  log: AttemptLog,
  maxBodyBytes: number,
): typeof globalThis.fetch {
  return async (input, init) => {
    const started = performance.now();
    const url = input instanceof Request ? input.url : String(input);
    let response: Response;
    let body: Uint8Array<ArrayBuffer>;
    try {
      response = await fetch(input, init);
    } catch (error) {
      log.record(url, started, { failure: (error as Error)?.message ?? String(error) });
      throw error;
    }
    try {
      body = await readCapped(response, maxBodyBytes);
    } catch (error) {
      const tooLarge = error instanceof BodyTooLargeError;
      log.record(url, started, {
        status: response.status,
        failure: tooLarge ? 'over maxBodyBytes' : 'the body broke off',
        headers: response.headers,
      });
      if (tooLarge || init?.signal?.aborted || (input instanceof Request && input.signal.aborted)) throw error;
      throw new BodyReadError('the connection broke while the response body was being read', { cause: error });
    }
    log.record(url, started, { status: response.status, headers: response.headers });
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

/**
 * A response's body, read chunk by chunk and counted: past `max` bytes the stream is cancelled (the rest is
 * never read nor inflated) and `BodyTooLargeError` thrown.
 */
async function readCapped(response: Response, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const reader = response.body?.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let total = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError();
    }
    chunks.push(value as Uint8Array<ArrayBuffer>);
  }
  // Most answers arrive in one chunk, kept as it is; more are copied once into one array (a Blob's
  // arrayBuffer() cost more than the copy, about a sixth of a small call's CPU).
  if (chunks.length === 1) return chunks[0] as Uint8Array<ArrayBuffer>;
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The bytes of each success (or redirect) fetched, so its body is decoded once without a stream read. */
const bufferedBodies = new WeakMap<Response, Uint8Array<ArrayBuffer>>();

let decoder: TextDecoder | undefined;

/** A response's body as text: from the buffer `bufferingFetch` kept, or read from the response. */
export function bodyText(response: Response): Promise<string> | string {
  const buffer = bufferedBodies.get(response);
  if (buffer === undefined) return response.text();
  decoder ??= new TextDecoder();
  return decoder.decode(buffer);
}
