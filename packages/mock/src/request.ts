import type { ServerOptions } from 'node:http';
import type { Duplex } from 'node:stream';
import { safeDecode } from './answers/route.js';

/** How long the mock waits on clients; every bound is finite, so no client holds a socket forever. */
export interface MockGatewayTimeouts {
  /**
   * Time a client has to send a request's headers (Node's `headersTimeout`); past it the mock answers
   * 408 and closes the connection. Default 10 000 ms.
   */
  readonly headersMs?: number;
  /** Time a client has to send a whole request (Node's `requestTimeout`), at least `headersMs`. Default 30 000 ms. */
  readonly requestMs?: number;
  /**
   * How long an idle keep-alive connection stays open after an answer (Node's `keepAliveTimeout`). Default
   * 60 000 ms, not Node's 5 000: a client lets go of an idle connection shortly before the gateway's bound
   * (the `Keep-Alive: timeout` it is told), and with both in one event loop, held up on a loaded machine, a
   * close at 5 s can meet a reuse (`ECONNRESET`); at a minute, the client's own closing comes first.
   */
  readonly keepAliveMs?: number;
}

const timeoutDefaults = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 60_000 } as const;
const minTimeoutMs = 10;
const maxTimeoutMs = 10 * 60_000;

/** The largest request head the mock reads; past it, 431. Node's default, fixed here so no flag changes it. */
export const maxHeaderSize = 16 * 1024;

/** Node's server options for these timeouts; throws a RangeError for a bound that is not finite and sensible. */
export function serverOptions(timeouts: MockGatewayTimeouts = {}): ServerOptions {
  const resolved = { ...timeoutDefaults, ...timeouts };
  for (const [name, value] of Object.entries(resolved)) {
    if (!Number.isInteger(value) || value < minTimeoutMs || value > maxTimeoutMs) {
      throw new RangeError(
        `timeouts.${name} must be a whole number of ms from ${minTimeoutMs} to ${maxTimeoutMs} (received ${value}).`,
      );
    }
  }
  if (resolved.headersMs > resolved.requestMs) {
    throw new RangeError(
      `timeouts.headersMs (${resolved.headersMs}) must not exceed timeouts.requestMs (${resolved.requestMs}).`,
    );
  }
  return {
    headersTimeout: resolved.headersMs,
    requestTimeout: resolved.requestMs,
    keepAliveTimeout: resolved.keepAliveMs,
    // Node checks the two request timeouts on this interval (default 30 s): check often enough that they hold.
    connectionsCheckingInterval: Math.min(1_000, Math.max(minTimeoutMs, Math.floor(resolved.headersMs / 4))),
    maxHeaderSize,
  };
}

const routeShape = '/v1/{category}:{provider}/{endpoint}[/{id}]';

/** Text of the client's own, shortened: an error message echoes it, never kilobytes of it. */
const echo = (text: string) => JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text);

const isPercentEncoded = (text: string) => safeDecode(text) !== null;

/**
 * The URL of a request target (origin-form `/path?query`, or absolute-form `http://host/path?query` whose
 * host is ignored), with valid percent-encoding in its path and query; else the message of a 400.
 * Never throws.
 */
export function parseTarget(target: string): { url: URL } | { error: string } {
  let url: URL;
  try {
    if (target.startsWith('/')) {
      // Prefixed, not resolved against a base: `//v1/...` is a path here, not a host.
      url = new URL(`http://mock.invalid${target}`);
    } else if (/^[a-z][a-z\d+.-]*:\/\//i.test(target)) {
      url = new URL(target);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        return { error: `Bad request target ${echo(target)}: only http and https URLs are served.` };
      }
    } else {
      return { error: `Bad request target ${echo(target)}: send a path such as ${routeShape}.` };
    }
  } catch {
    return { error: `Bad request target ${echo(target)}: not a valid URL; send a path such as ${routeShape}.` };
  }
  if (!isPercentEncoded(url.pathname)) {
    return { error: `Malformed path: ${echo(url.pathname)} is not valid percent-encoding.` };
  }
  const query = url.search.slice(1);
  if (!isPercentEncoded(query)) {
    return { error: `Malformed query: ${echo(query)} is not valid percent-encoding.` };
  }
  return { url };
}

/** The status and message for an error Node's HTTP parser or its timeouts raised on a connection. */
function clientErrorAnswer(error: Error & { code?: string }): [number, string] {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return [
        431,
        `Request header fields too large: the request line and headers are limited to ${maxHeaderSize} bytes.`,
      ];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, 'Content too large: chunk extensions are too large.'];
    case 'HPE_INVALID_URL':
      return [400, `Bad request target: not a valid URL (${error.code}); send a path such as ${routeShape}.`];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'Request timeout: the request was not received in time.'];
    default:
      return [400, `Bad request: not a valid HTTP/1.1 request (${error.code ?? error.message}).`];
  }
}

const reasons: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Content Too Large',
  431: 'Request Header Fields Too Large',
};

const answeredSockets = new WeakSet<Duplex>();

/**
 * Answers on a raw socket, outside any request (the parser failed, or a CONNECT), with the gateway's error
 * envelope, then closes the connection: at once when the client closes its side, else after a short grace.
 */
export function answerOnSocket(
  socket: Duplex,
  status: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (answeredSockets.has(socket)) return;
  answeredSockets.add(socket);
  socket.on('error', () => socket.destroy());
  const body = JSON.stringify({ status: 'error', message });
  socket.end(
    `HTTP/1.1 ${status} ${reasons[status] ?? 'Error'}\r\n` +
      'content-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      'connection: close\r\n\r\n' +
      body,
  );
  // Input still arriving is read and dropped meanwhile, so closing does not reset the answer away.
  const grace = setTimeout(() => socket.destroy(), 1_000).unref();
  socket.once('close', () => clearTimeout(grace));
}

/**
 * For `server.on('clientError')`: the answer Node would give (400, 408, 431), in the gateway's error
 * envelope; nothing when the client is gone or an answer is already on its way on this connection.
 */
export function onClientError(
  error: Error & { code?: string },
  socket: Duplex,
  answering: boolean,
  headers: Readonly<Record<string, string>> = {},
): void {
  // The parser stays in error as more input arrives: the first error is the one answered.
  if (answeredSockets.has(socket)) return;
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || !socket.writable || answering) {
    socket.destroy();
    return;
  }
  const [status, message] = clientErrorAnswer(error);
  answerOnSocket(socket, status, message, headers);
}
