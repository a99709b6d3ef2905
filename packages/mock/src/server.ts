import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { type AnyProvider, errorEnvelope, type Fixture } from '@pdg/core';
import { createFixtureResponder } from './answers/responder.js';
import { type CorsPolicy, corsHeaders, corsPolicy, type MockGatewayCors } from './cors.js';
import { docsResponder, type MockDocs } from './docs.js';
import { FaultQueue, type ServerFault } from './faults.js';
import { type Answer, answerRequest, type Gateway, type MockRequestInfo, type Outcome } from './gateway.js';
import { type RateLimit, RateLimiter } from './rate-limit.js';
import { answerOnSocket, type MockGatewayTimeouts, onClientError, serverOptions } from './request.js';
import { targetReader } from './targets.js';
import { onWire } from './wire.js';

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
   * the whole request, else 408 and the connection closed; `keepAliveMs` (default 60 000) an idle keep-alive
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

export { type MockRequestInfo, openApiPath } from './gateway.js';

/** The docs site's handler, as `docsResponder` makes it. */
type DocsHandler = ReturnType<typeof docsResponder>;

/** What the server needs to send an outcome: the steps' settings, the site, the OpenAPI text, timers pending. */
interface Serving {
  readonly gateway: Gateway;
  readonly docs?: DocsHandler;
  readonly openApi: () => Promise<string>;
  readonly timers: Set<NodeJS.Timeout>;
}

/** The gateway's settings and state, read from the options once; a bad `cors`, fault or `rateLimit` throws. */
function gatewayOf(options: MockGatewayOptions): Gateway {
  const cors = corsPolicy(options.cors);
  const faults = new FaultQueue();
  for (const fault of options.faults ?? []) faults.add(fault);
  const limiter = options.rateLimit ? new RateLimiter(options.rateLimit) : undefined;
  const responder = createFixtureResponder({
    providers: options.providers,
    fixtures: options.fixtures,
    listingSize: options.listingSize,
    world: options.world ?? true,
  });
  const { apiKeys, onRequest } = options;
  const targets = targetReader(responder);
  return { responder, targets, cors, faults, limiter, apiKeys, onRequest, docs: options.docs !== undefined };
}

/**
 * The OpenAPI document of the providers served, with the gateway (at `url()`) as its server: built on the
 * first request for it (loading @pdg/openapi only then), the same text after.
 */
function openApiSource(options: MockGatewayOptions, url: () => string): () => Promise<string> {
  let text: Promise<string> | undefined;
  return () => {
    // A schema with no JSON Schema form is shown open (and says so) rather than failing the whole document.
    const settings = { unsupported: 'open', fixtures: options.fixtures } as const;
    text ??= import('@pdg/openapi').then(({ toOpenApi }) =>
      JSON.stringify(toOpenApi(options.providers, { serverUrl: url(), ...settings })),
    );
    return text;
  };
}

/** The 500 for an OpenAPI document that could not be built, saying why. */
function openApiFailure(error: unknown): Answer {
  const reason = error instanceof Error ? error.message : String(error);
  return { status: 500, body: errorEnvelope(`Mock gateway error: the OpenAPI document could not be built: ${reason}`) };
}

/** Sends what the request came to: the site's file, the OpenAPI document, or the answer. */
function respond(serving: Serving, request: IncomingMessage, response: ServerResponse, outcome: Outcome): void {
  if (outcome.docs && serving.docs) {
    serving.docs(request, response, outcome.docs).catch(() => response.destroy());
    return;
  }
  const cors = corsHeaders(serving.gateway.cors, request.headers.origin);
  if (!outcome.openApi) {
    send(response, outcome.answer, cors);
    return;
  }
  serving.openApi().then(
    (raw) => send(response, { status: 200, body: undefined, raw }, cors),
    (error: unknown) => send(response, openApiFailure(error), cors),
  );
}

/** Runs `then` after `latencyMs`, unless the gateway closes or the client leaves first. */
function afterLatency(timers: Set<NodeJS.Timeout>, response: ServerResponse, latencyMs: number, then: () => void) {
  const timer = setTimeout(() => {
    timers.delete(timer);
    then();
  }, latencyMs);
  timers.add(timer);
  response.on('close', () => {
    clearTimeout(timer);
    timers.delete(timer);
  });
}

/** Answers on the socket what never becomes a request: what Node's parser refuses, and a CONNECT. */
function answerOffRequests(server: Server, cors: CorsPolicy): void {
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
}

/** Listens on the host and port; resolves with the address, rejects if it cannot listen there. */
async function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // After listening, a failed accept (such as EMFILE) loses that one connection, not the gateway.
  server.on('error', () => {});
  return server.address() as AddressInfo;
}

/** Stops listening, ends open connections and drops answers waiting out their latency. */
function closer(server: Server, timers: Set<NodeJS.Timeout>): () => Promise<void> {
  return () =>
    new Promise<void>((resolve, reject) => {
      for (const timer of timers) clearTimeout(timer);
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
}

/** Starts a local gateway that serves the providers' endpoints from their fixtures. */
export async function startMockGateway(options: MockGatewayOptions): Promise<RunningMockGateway> {
  const gateway = gatewayOf(options);
  let gatewayUrl = '';
  const served = () => ({ url: gatewayUrl, providers: options.providers, fixtures: options.fixtures });
  const docs = options.docs ? docsResponder(options.docs, served) : undefined;
  const serving: Serving = { gateway, docs, openApi: openApiSource(options, () => gatewayUrl), timers: new Set() };
  let requestCount = 0;
  const server = createServer(serverOptions(options.timeouts), (request, response) => {
    const receivedAt = Date.now();
    requestCount++;
    response.on('error', destroyOnError);
    const outcome = answerRequest(gateway, request, receivedAt);
    const latency = (options.latencyMs ?? 0) + (outcome.fault?.latencyMs ?? 0);
    if (latency <= 0) respond(serving, request, response, outcome);
    else afterLatency(serving.timers, response, latency, () => respond(serving, request, response, outcome));
  });
  answerOffRequests(server, gateway.cors);
  const address = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  gatewayUrl = `http://${host}:${address.port}`;
  return {
    url: gatewayUrl,
    port: address.port,
    get requestCount() {
      return requestCount;
    },
    addFault: (fault) => gateway.faults.add(fault),
    clearFaults: () => gateway.faults.clear(),
    close: closer(server, serving.timers),
  };
}

/** A client gone mid-answer is not an error of the mock's: the socket is closed, nothing more. */
function destroyOnError(this: ServerResponse): void {
  this.destroy();
}

/** Answers being written, per socket (pipelined ones can queue): a parse error there closes, not answers. */
const sending = new WeakMap<Duplex, number>();

/** Sends an answer with these CORS headers, unless the client is already gone; never throws. */
function send(response: ServerResponse, answer: Answer, cors: Readonly<Record<string, string>>): void {
  if (response.destroyed || response.writableEnded) return;
  const socket = response.socket;
  try {
    if (socket) {
      sending.set(socket, (sending.get(socket) ?? 0) + 1);
      // 'close' follows 'finish' (or comes alone when the client is gone), once: counted down once.
      response.on('close', () => sending.set(socket, (sending.get(socket) ?? 1) - 1));
    }
    const { fields, bytes } = onWire(answer, cors);
    response.writeHead(answer.status, fields);
    response.end(bytes);
  } catch {
    response.destroy();
  }
}
