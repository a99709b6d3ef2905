import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { type AnyProvider, errorEnvelope, type Fixture } from '@pdg/core';
import { bytesOf, type FixtureAnswer } from './answers/answer.js';
import { createFixtureResponder, isRoute, type Route } from './answers/responder.js';
import { corsHeaders, corsPolicy, type MockGatewayCors, preflightHeaders } from './cors.js';
import { docsResponder, isDocsPath, type MockDocs } from './docs.js';
import { type Fault, FaultQueue, faultHeader, parseFaultHeader, type ServerFault } from './faults.js';
import { type Preferences, parsePrefer } from './prefer.js';
import { type RateLimit, RateLimiter } from './rate-limit.js';
import { answerOnSocket, type MockGatewayTimeouts, onClientError, parseTarget, serverOptions } from './request.js';

export interface MockGatewayOptions {
  /** The providers to serve, such as `[catalogstore, jobboard]`. */
  readonly providers: readonly AnyProvider[];
  /** Their fixtures, such as `[...catalogstoreFixtures, ...jobboardFixtures]`. */
  readonly fixtures: readonly Fixture[];
  /** Default 127.0.0.1: the mock is for this machine. */
  readonly host?: string;
  /** Default 0: a free port, read it back from `url`. */
  readonly port?: number;
  /** Accepted API keys. Default: any non-empty key. */
  readonly apiKeys?: readonly string[];
  /** Items in each paged listing, made from its fixtures' items. Default 250. */
  readonly listingSize?: number;
  /**
   * Default true: calls no fixture records are answered from the fixtures read as one world (ids from
   * listings open on their detail endpoints, params filter items, page sizes cut every list, an unknown id
   * is a 404 naming ids that exist). False: such a call is a 404 naming the closest fixtures.
   */
  readonly world?: boolean;
  /**
   * Which web pages may call the gateway from a browser (CORS). Default `true`: any origin
   * (`Access-Control-Allow-Origin: *`), since the mock serves made-up data to this machine. `{ origins:
   * ['http://localhost:5173'] }`: only pages from those origins; `false`: no CORS headers, and `OPTIONS` is a
   * 405 like any method but GET. An origin that is not `scheme://host[:port]` throws a TypeError.
   */
  readonly cors?: MockGatewayCors;
  /** A request-rate limit per API key, answered with 429 and `Retry-After`. */
  readonly rateLimit?: RateLimit;
  /** Faults applied to matching requests, in order, each `times` times. */
  readonly faults?: readonly ServerFault[];
  /** Latency added to every answer, in ms. */
  readonly latencyMs?: number;
  /**
   * Bounds on slow clients: `headersMs` (default 10 000) to send the headers, `requestMs` (default 30 000)
   * the whole request, else 408 and the connection closed; `keepAliveMs` (default 5 000) an idle keep-alive
   * connection stays open. Each from 10 ms to 10 min, `headersMs` at most `requestMs`; others throw a RangeError.
   */
  readonly timeouts?: MockGatewayTimeouts;
  /**
   * Called once for every request the gateway receives, before it is answered (before auth, the rate limit
   * and faults), with what was asked and never the API key: `onRequest: (request) => seen.push(request)`.
   * It sees what `requestCount` counts: not a CONNECT, nor what Node's HTTP parser refuses (both answered
   * on the socket, with no request to tell of). It is called synchronously; if it throws, that request is
   * answered 500 with its message.
   */
  readonly onRequest?: (request: MockRequestInfo) => void;
  /**
   * A site to serve at `/docs`, such as the API reference of the providers served (`mockDocs` from
   * `@pdg/docs`). Made on the first request under `/docs`, public like `/openapi.json` (no key, no rate
   * limit, no faults). Default: none, and `/docs` is a 404 like any unknown path.
   */
  readonly docs?: MockDocs;
}

/** One request as `onRequest` sees it: what was asked, never the API key. */
export interface MockRequestInfo {
  /** The method as received, such as `GET`. */
  readonly method: string;
  /**
   * The request target as received: the path and query string (`/v1/music:catalogstore/search?q=velvet`),
   * or the absolute URL a client sent instead.
   */
  readonly url: string;
  /** The provider id the path names (`music:catalogstore`), when it names an endpoint this gateway serves. */
  readonly provider?: string;
  /** The endpoint's name, as in `pdg.run(provider, endpoint)` (`search`), when the path names one served. */
  readonly endpoint?: string;
  /** Whether a non-empty `x-api-key` header was sent; the key itself is never passed on. */
  readonly hasApiKey: boolean;
  /** When the gateway received the request (`Date.now()`). */
  readonly receivedAt: number;
  /** The request's headers, names in lower case, repeated ones joined with `, `; never `x-api-key`. */
  readonly headers: Readonly<Record<string, string>>;
}

export interface RunningMockGateway {
  /** `http://127.0.0.1:<port>`: use it as the client's `baseUrl`. */
  readonly url: string;
  readonly port: number;
  /** Requests answered so far. */
  readonly requestCount: number;
  /** Adds a fault for the requests to come (`{ status: 503, times: 2 }`). */
  addFault(fault: ServerFault): void;
  clearFaults(): void;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

/** An answer to send: a body to serialize, or its bytes (`raw`, the responder's own, serialized once). */
type Answer = { status: number; body: unknown; headers?: Record<string, string>; raw?: string | Uint8Array };

/** The error message of an injected status, in the gateway's words for its cause. */
function faultMessage(status: number, how: string): string {
  const cause =
    status === 429
      ? 'Rate limit exceeded'
      : status === 401
        ? 'Invalid API key'
        : status === 404
          ? 'Not found'
          : status < 500
            ? 'Bad request'
            : 'Upstream source failed';
  return `${cause} (${how}${status}).`;
}

/** The path of the OpenAPI 3.1 document of the providers served. */
export const openApiPath = '/openapi.json';

/** Starts a local gateway that serves the providers' endpoints from their fixtures. */
export async function startMockGateway(options: MockGatewayOptions): Promise<RunningMockGateway> {
  const cors = corsPolicy(options.cors);
  const faults = new FaultQueue();
  for (const fault of options.faults ?? []) faults.add(fault);
  const limiter = options.rateLimit ? new RateLimiter(options.rateLimit) : undefined;
  let requestCount = 0;
  const timers = new Set<NodeJS.Timeout>();
  let gatewayUrl = '';
  let openApiText: Promise<string> | undefined;
  /**
   * The OpenAPI document of the providers served, with this gateway as its server: built on the first
   * request for it (loading @pdg/openapi only then), the same text after.
   */
  const openApiDocument = (): Promise<string> => {
    openApiText ??= import('@pdg/openapi').then(({ toOpenApi }) =>
      // A schema with no JSON Schema form is shown open (and says so) rather than failing the whole document.
      JSON.stringify(
        toOpenApi(options.providers, { serverUrl: gatewayUrl, unsupported: 'open', fixtures: options.fixtures }),
      ),
    );
    return openApiText;
  };

  const docs = options.docs
    ? docsResponder(options.docs, () => ({ url: gatewayUrl, providers: options.providers, fixtures: options.fixtures }))
    : undefined;

  const responder = createFixtureResponder({
    providers: options.providers,
    fixtures: options.fixtures,
    listingSize: options.listingSize,
    world: options.world ?? true,
  });

  /** An answer to a gateway path, with the key's rate-limit state when the mock has a limit and counted the key. */
  const answer = (
    request: IncomingMessage,
    url: URL,
    route: Route | FixtureAnswer,
  ): { answer: Answer; fault?: Fault } => {
    const result = routeAnswer(request, url, route);
    const key = request.headers['x-api-key'];
    if (!limiter || typeof key !== 'string' || request.method !== 'GET') return result;
    return { ...result, answer: { ...result.answer, headers: { ...limiter.headers(key), ...result.answer.headers } } };
  };

  const routeAnswer = (
    request: IncomingMessage,
    url: URL,
    route: Route | FixtureAnswer,
  ): { answer: Answer; fault?: Fault } => {
    // A browser's preflight, on any path, before auth, the rate limit and faults: it carries no key.
    if (request.method === 'OPTIONS' && cors !== 'none') {
      return { answer: { status: 204, body: undefined, headers: preflightHeaders(cors, request.headers) } };
    }
    if (request.method !== 'GET') {
      return { answer: { status: 405, body: errorEnvelope('Only GET is served: every gateway operation is a read.') } };
    }
    if (!isRoute(route)) return { answer: route };
    const providerId = route.provider.id;

    const key = request.headers['x-api-key'];
    if (typeof key !== 'string' || key === '') {
      return { answer: { status: 401, body: errorEnvelope('Missing API key: send it in the x-api-key header.') } };
    }
    if (options.apiKeys && !options.apiKeys.includes(key)) {
      return { answer: { status: 401, body: errorEnvelope('Invalid API key.') } };
    }
    if (limiter) {
      const wait = limiter.check(key);
      if (wait > 0) {
        return {
          answer: {
            status: 429,
            body: errorEnvelope('Rate limit exceeded for this API key.'),
            headers: { 'retry-after': String(wait) },
          },
        };
      }
    }

    let fault: Fault | undefined;
    const requested = request.headers[faultHeader];
    if (typeof requested === 'string') {
      try {
        fault = parseFaultHeader(requested);
      } catch (error) {
        return {
          answer: { status: 400, body: errorEnvelope(`Bad ${faultHeader} header: ${(error as Error).message}.`) },
        };
      }
    }
    let preferences: Preferences = {};
    const prefer = request.headers.prefer;
    if (typeof prefer === 'string') {
      try {
        preferences = parsePrefer(prefer);
      } catch (error) {
        return { answer: { status: 400, body: errorEnvelope(`Bad Prefer header: ${(error as Error).message}.`) } };
      }
    }
    fault = { ...faults.take(providerId, route.endpointName), ...fault };
    const status = fault.status ?? (preferences.code === 200 ? undefined : preferences.code);
    if (status !== undefined) {
      const headers: Record<string, string> = status === 429 ? { 'retry-after': String(fault.retryAfter ?? 1) } : {};
      const how = fault.status === undefined ? 'asked for with Prefer: code=' : 'injected fault ';
      return { answer: { status, body: errorEnvelope(faultMessage(status, how)), headers }, fault };
    }

    const fromFixtures =
      preferences.example === undefined
        ? responder.answer(route, url.searchParams, { dynamic: preferences.dynamic === true })
        : responder.example(route, preferences.example);
    if (fault.malformed && fromFixtures.status === 200) {
      return {
        answer: {
          status: 200,
          body: undefined,
          raw: '{"status": "success", "content": {"items": [',
          headers: { ...fromFixtures.headers },
        },
        fault,
      };
    }
    return {
      answer: {
        status: fromFixtures.status,
        body: fromFixtures.body,
        raw: bytesOf(fromFixtures),
        headers: { ...fromFixtures.headers },
      },
      fault,
    };
  };

  /**
   * Whatever the client sent, an answer: a bad target or encoding is a 400, a bug of the mock's a 500, and
   * so is an `onRequest` that throws.
   */
  const answerSafely = (
    request: IncomingMessage,
    receivedAt: number,
  ): { answer: Answer; fault?: Fault; openApi?: true; docs?: URL } => {
    try {
      const target = parseTarget(request.url ?? '/');
      const routed = 'error' in target ? target : { url: target.url, route: responder.route(target.url.pathname) };
      if (options.onRequest) {
        const route = 'route' in routed && isRoute(routed.route) ? routed.route : undefined;
        try {
          options.onRequest(requestInfo(request, route, receivedAt));
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const text = `Mock gateway error: the onRequest observer threw (${message}); fix it, or catch in it.`;
          return { answer: { status: 500, body: errorEnvelope(text) } };
        }
      }
      if ('error' in routed) return { answer: { status: 400, body: errorEnvelope(routed.error) } };
      // The description of the gateway is public: no key, no rate limit, no faults.
      if (routed.url.pathname === openApiPath) {
        if (request.method !== 'GET') {
          return { answer: { status: 405, body: errorEnvelope(`Only GET is served: GET ${openApiPath}.`) } };
        }
        return { answer: { status: 200, body: undefined }, openApi: true };
      }
      if (docs && isDocsPath(routed.url.pathname))
        return { answer: { status: 200, body: undefined }, docs: routed.url };
      return answer(request, routed.url, routed.route);
    } catch (error) {
      return { answer: { status: 500, body: errorEnvelope(`Mock gateway error: ${(error as Error).message}`) } };
    }
  };

  const server = createServer(serverOptions(options.timeouts), (request, response) => {
    const receivedAt = Date.now();
    requestCount++;
    // A client gone mid-answer is not an error of the mock's: the socket is closed, nothing more.
    response.on('error', () => response.destroy());
    const result = answerSafely(request, receivedAt);
    // Every answer, errors and faults included, so a page sees a 429 as a 429, not as a network error; and
    // each with its own request id, as the gateway's support asks for one.
    const withCors = (answer: Answer): Answer => ({
      ...answer,
      headers: { ...corsHeaders(cors, request.headers.origin), 'x-request-id': randomUUID(), ...answer.headers },
    });
    const respond = () => {
      if (result.docs && docs) return void docs(request, response, result.docs).catch(() => response.destroy());
      if (!result.openApi) return send(response, withCors(result.answer));
      openApiDocument().then(
        (raw) => send(response, withCors({ status: 200, body: undefined, raw })),
        (error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          send(
            response,
            withCors({
              status: 500,
              body: errorEnvelope(`Mock gateway error: the OpenAPI document could not be built: ${reason}`),
            }),
          );
        },
      );
    };
    const latency = (options.latencyMs ?? 0) + (result.fault?.latencyMs ?? 0);
    if (latency <= 0) return respond();
    const timer = setTimeout(() => {
      timers.delete(timer);
      respond();
    }, latency);
    timers.add(timer);
    response.on('close', () => {
      clearTimeout(timer);
      timers.delete(timer);
    });
  });
  // Node's parser refused the request (bad request line, 16 KB of headers, a timeout): its 400/431/408, in the
  // gateway's error envelope, unless an answer is already being written on that connection.
  server.on('clientError', (error: Error & { code?: string }, socket) => {
    onClientError(error, socket, (sending.get(socket) ?? 0) > 0, corsHeaders(cors, undefined));
  });
  // Without a listener Node drops a CONNECT without a word.
  server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    const headers = corsHeaders(cors, request.headers.origin);
    answerOnSocket(socket, 405, 'Only GET is served: every gateway operation is a read.', headers);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // After listening, a failed accept (such as EMFILE) loses that one connection, not the gateway.
  server.on('error', () => {});
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  gatewayUrl = `http://${host}:${address.port}`;

  return {
    url: gatewayUrl,
    port: address.port,
    get requestCount() {
      return requestCount;
    },
    addFault: (fault) => faults.add(fault),
    clearFaults: () => faults.clear(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** What `onRequest` is told of a request: its route, if any, and its headers without the API key. */
function requestInfo(request: IncomingMessage, route: Route | undefined, receivedAt: number): MockRequestInfo {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === 'x-api-key' || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const key = request.headers['x-api-key'];
  return {
    method: request.method ?? '',
    url: request.url ?? '',
    ...(route ? { provider: route.provider.id, endpoint: route.endpointName } : {}),
    hasApiKey: typeof key === 'string' && key !== '',
    receivedAt,
    headers,
  };
}

/** Answers being written, per socket (pipelined ones can queue): a parse error there closes, not answers. */
const sending = new WeakMap<Duplex, number>();

/** Sends an answer, unless the client is already gone; never throws. */
function send(response: ServerResponse, answer: Answer): void {
  if (response.destroyed || response.writableEnded) return;
  const socket = response.socket;
  try {
    if (socket) {
      sending.set(socket, (sending.get(socket) ?? 0) + 1);
      // 'close' follows 'finish' (or comes alone when the client is gone): counted down once.
      response.once('close', () => sending.set(socket, (sending.get(socket) ?? 1) - 1));
    }
    // A 204 (a preflight's answer) has no body, and so no content headers.
    if (answer.status === 204) {
      response.writeHead(204, answer.headers);
      response.end();
      return;
    }
    // One encoding of the text, whose length is the byte count.
    const bytes =
      answer.raw instanceof Uint8Array ? answer.raw : Buffer.from(answer.raw ?? JSON.stringify(answer.body));
    response.writeHead(answer.status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': bytes.byteLength,
      ...answer.headers,
    });
    response.end(bytes);
  } catch {
    response.destroy();
  }
}
