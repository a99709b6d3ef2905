/**
 * A request's way through the mock gateway, as answers rather than HTTP: the public paths (`/openapi.json`,
 * `/docs`), the `onRequest` observer, then for a gateway path the preflight and method, the API key, the
 * rate limit, the fault and `Prefer` headers, and last the fixtures' answer. Each step is a function that
 * returns its answer, or nothing to go on; the server (`server.ts`) sends what comes out.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { errorEnvelope } from '@pdg/core';
import { bytesOf, type FixtureAnswer } from './answers/answer.js';
import { type FixtureResponder, isRoute, type Route } from './answers/responder.js';
import { type CorsPolicy, preflightHeaders } from './cors.js';
import { isDocsPath } from './docs.js';
import { type Fault, type FaultQueue, faultHeader, parseFaultHeader } from './faults.js';
import { type Preferences, parsePrefer } from './prefer.js';
import type { RateLimiter } from './rate-limit.js';
import type { KnownTarget, ReadTarget } from './targets.js';

/** The path of the OpenAPI 3.1 document of the providers served. */
export const openApiPath = '/openapi.json';

/** An answer to send: a body to serialize, or its bytes (`raw`, the responder's own, serialized once). */
export type Answer = {
  status: number;
  body: unknown;
  headers?: Readonly<Record<string, string>>;
  raw?: string | Uint8Array;
};

/** What comes of a request: its answer, the fault it drew, or that it asks for the OpenAPI document or the site. */
export interface Outcome {
  readonly answer: Answer;
  readonly fault?: Fault;
  readonly openApi?: true;
  readonly docs?: URL;
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

/** What the steps read: the gateway's settings and state, made once when it starts. */
export interface Gateway {
  readonly responder: FixtureResponder;
  /** Reads a request target (kept, with its answer: see `targets.ts`). */
  readonly targets: (raw: string) => ReadTarget;
  readonly cors: CorsPolicy;
  readonly faults: FaultQueue;
  readonly limiter?: RateLimiter;
  readonly apiKeys?: readonly string[];
  readonly onRequest?: (request: MockRequestInfo) => void;
  /** Whether a site is served at `/docs`. */
  readonly docs: boolean;
}

/** The error message of an injected status, in the gateway's words for its cause. */
export function faultMessage(status: number, how: string): string {
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

const errorAnswer = (status: number, message: string, headers?: Record<string, string>): Answer =>
  headers ? { status, body: errorEnvelope(message), headers } : { status, body: errorEnvelope(message) };

/**
 * A browser's preflight, on any path, before auth, the rate limit and faults (it carries no key), unless
 * CORS is off; any method but GET (and that preflight) is a 405.
 */
export function methodAnswer(method: string | undefined, cors: CorsPolicy, headers: IncomingHttpHeaders) {
  if (method === 'OPTIONS' && cors !== 'none') {
    return { status: 204, body: undefined, headers: preflightHeaders(cors, headers) };
  }
  if (method !== 'GET') return errorAnswer(405, 'Only GET is served: every gateway operation is a read.');
  return undefined;
}

/** A 401 for a missing key, or for one not among `apiKeys` when the gateway names its keys. */
export function keyAnswer(key: string | string[] | undefined, apiKeys?: readonly string[]): Answer | undefined {
  if (typeof key !== 'string' || key === '') {
    return errorAnswer(401, 'Missing API key: send it in the x-api-key header.');
  }
  if (apiKeys && !apiKeys.includes(key)) return errorAnswer(401, 'Invalid API key.');
  return undefined;
}

/** A 429 with `Retry-After` when the key has used its window's requests; counts the request otherwise. */
export function rateLimitAnswer(limiter: RateLimiter | undefined, key: string): Answer | undefined {
  const wait = limiter ? limiter.check(key) : 0;
  if (wait <= 0) return undefined;
  return errorAnswer(429, 'Rate limit exceeded for this API key.', { 'retry-after': String(wait) });
}

/** What a request that asks for no fault and states no preference asks for. */
const noControls: { preferences: Preferences } = Object.freeze({ preferences: Object.freeze({}) });

/** The fault and preferences the request asks for in its headers, or the 400 saying which header is wrong. */
export function requestedControls(
  headers: IncomingHttpHeaders,
): { fault?: Fault; preferences: Preferences } | { refused: Answer } {
  if (headers[faultHeader] === undefined && headers.prefer === undefined) return noControls;
  let fault: Fault | undefined;
  const requested = headers[faultHeader];
  if (typeof requested === 'string') {
    try {
      fault = parseFaultHeader(requested);
    } catch (error) {
      return { refused: errorAnswer(400, `Bad ${faultHeader} header: ${(error as Error).message}.`) };
    }
  }
  let preferences: Preferences = {};
  if (typeof headers.prefer === 'string') {
    try {
      preferences = parsePrefer(headers.prefer);
    } catch (error) {
      return { refused: errorAnswer(400, `Bad Prefer header: ${(error as Error).message}.`) };
    }
  }
  return fault ? { fault, preferences } : { preferences };
}

/**
 * The error status a fault (injected, or asked for in a header) or `Prefer: code=` calls for, in the error
 * envelope (a 429 with its `Retry-After`); nothing when neither asks for one (`Prefer: code=200` does not).
 */
export function faultAnswer(fault: Fault, preferences: Preferences): Answer | undefined {
  const status = fault.status ?? (preferences.code === 200 ? undefined : preferences.code);
  if (status === undefined) return undefined;
  const headers: Record<string, string> = status === 429 ? { 'retry-after': String(fault.retryAfter ?? 1) } : {};
  const how = fault.status === undefined ? 'asked for with Prefer: code=' : 'injected fault ';
  return errorAnswer(status, faultMessage(status, how), headers);
}

/** The answer sent for each of the responder's answers (which it keeps): one each, so its bytes on the wire are made once. */
const sentAnswers = new WeakMap<FixtureAnswer, Answer>();

/** The fixtures' answer as sent: as the responder serialized it, or cut short when the fault says `malformed`. */
export function sentAnswer(fromFixtures: FixtureAnswer, fault: Fault): Answer {
  if (fault.malformed && fromFixtures.status === 200) {
    const raw = '{"status": "success", "content": {"items": [';
    return { status: 200, body: undefined, raw, headers: fromFixtures.headers };
  }
  let sent = sentAnswers.get(fromFixtures);
  if (!sent) {
    const { status, body, headers } = fromFixtures;
    sent = { status, body, raw: bytesOf(fromFixtures), headers };
    sentAnswers.set(fromFixtures, sent);
  }
  return sent;
}

/** No fault: what a request asks for when neither the server nor its headers inject one. */
const noFault: Fault = Object.freeze({});

/** The answer to a request on a gateway path, step by step; the first step with an answer gives it. */
function routeAnswer(gateway: Gateway, request: IncomingMessage, target: KnownTarget): Outcome {
  const refused = methodAnswer(request.method, gateway.cors, request.headers);
  if (refused) return { answer: refused };
  const { route } = target;
  if (!isRoute(route)) return { answer: route };
  const key = request.headers['x-api-key'];
  const barred = keyAnswer(key, gateway.apiKeys) ?? rateLimitAnswer(gateway.limiter, key as string);
  if (barred) return { answer: barred };
  const controls = requestedControls(request.headers);
  if ('refused' in controls) return { answer: controls.refused };
  const { preferences } = controls;
  const injected = gateway.faults.take(route.provider.id, route.endpointName);
  const fault = injected || controls.fault ? { ...injected, ...controls.fault } : noFault;
  const failed = faultAnswer(fault, preferences);
  if (failed) return { answer: failed, fault };
  const fromFixtures =
    preferences.example === undefined
      ? target.answer(route, preferences.dynamic === true)
      : gateway.responder.example(route, preferences.example);
  return { answer: sentAnswer(fromFixtures, fault), fault };
}

/** A gateway path's answer, with the key's rate-limit state when the mock has a limit and counted the key. */
function gatewayAnswer(gateway: Gateway, request: IncomingMessage, target: KnownTarget): Outcome {
  const outcome = routeAnswer(gateway, request, target);
  const key = request.headers['x-api-key'];
  if (!gateway.limiter || typeof key !== 'string' || request.method !== 'GET') return outcome;
  const headers = { ...gateway.limiter.headers(key), ...outcome.answer.headers };
  return { ...outcome, answer: { ...outcome.answer, headers } };
}

/** What `onRequest` is told of a request: its route, if any, and its headers without the API key. */
export function requestInfo(request: IncomingMessage, route: Route | undefined, receivedAt: number): MockRequestInfo {
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

/** Tells `onRequest` of the request; a 500 saying so when it throws. */
function observe(gateway: Gateway, request: IncomingMessage, route: Route | undefined, receivedAt: number) {
  if (!gateway.onRequest) return undefined;
  try {
    gateway.onRequest(requestInfo(request, route, receivedAt));
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return errorAnswer(500, `Mock gateway error: the onRequest observer threw (${message}); fix it, or catch in it.`);
  }
}

/** The description of the gateway and its site are public (no key, no rate limit, no faults). */
function publicOutcome(gateway: Gateway, request: IncomingMessage, target: KnownTarget): Outcome | undefined {
  if (target.pathname === openApiPath) {
    if (request.method !== 'GET') return { answer: errorAnswer(405, `Only GET is served: GET ${openApiPath}.`) };
    return { answer: { status: 200, body: undefined }, openApi: true };
  }
  if (gateway.docs && isDocsPath(target.pathname)) {
    return { answer: { status: 200, body: undefined }, docs: target.url };
  }
  return undefined;
}

/**
 * Whatever the client sent, an outcome: a bad target or encoding is a 400, a bug of the mock's a 500, and
 * so is an `onRequest` that throws.
 */
export function answerRequest(gateway: Gateway, request: IncomingMessage, receivedAt: number): Outcome {
  try {
    const target = gateway.targets(request.url ?? '/');
    const route = 'error' in target ? undefined : target.route;
    const observed = observe(gateway, request, route && isRoute(route) ? route : undefined, receivedAt);
    if (observed) return { answer: observed };
    if ('error' in target) return { answer: errorAnswer(400, target.error) };
    return publicOutcome(gateway, request, target) ?? gatewayAnswer(gateway, request, target);
  } catch (error) {
    return { answer: errorAnswer(500, `Mock gateway error: ${(error as Error).message}`) };
  }
}
