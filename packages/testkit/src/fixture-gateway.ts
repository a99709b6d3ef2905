/**
 * The gateway a test talks to, whatever carries the requests to it (a `fetch` of its own, or nock): it
 * answers from fixtures, or from the bodies and errors a test supplies, and records what was asked.
 */
import { errorEnvelope, type Fixture, gatewayRoot, type RecordedRequest } from '@pdg/core';
import { pdgEnvironment } from '@pdg/core/face';
import { createFixtureResponder, type FixtureAnswer } from '@pdg/mock/responder';

export interface MockGatewayOptions {
  /** Fixtures to answer from, such as `fixtures` from `@pdg/music-catalogstore/fixtures`. */
  readonly fixtures?: readonly Fixture[];
  /** The base URL your client calls. Default: `PDG_BASE_URL`, else `https://gateway.pdg.test`. */
  readonly baseUrl?: string;
  /** When set, requests without this `x-api-key` get a 401 error envelope, as the gateway answers. */
  readonly apiKey?: string;
  /** Items in a listing made from its fixtures when a page no fixture records is asked for. Default 250. */
  readonly listingSize?: number;
  /**
   * Answer calls no fixture records from the fixtures read as one world, as the mock gateway does (ids from
   * listings open, params filter items, page sizes cut lists). Default false: such a call is answered 404
   * with the closest fixtures, and listed in `unmatched`, so a test sees that its fixtures do not cover it.
   */
  readonly world?: boolean;
}

/** A body, or a status and a body, to answer with instead of the fixtures. */
export interface MockReply {
  readonly status?: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** An error to answer with: the gateway's error envelope with this status. */
export interface MockFailure {
  readonly status: number;
  readonly message: string;
  readonly content?: unknown;
  /** Seconds, sent as `Retry-After`. */
  readonly retryAfter?: number;
}

export interface AnswerOptions {
  /** Only requests whose query has these values (as sent: strings). */
  readonly query?: Readonly<Record<string, string | number | boolean>>;
  /** How many requests to answer this way; every one when absent. */
  readonly times?: number;
}

/** What a test sees of its gateway, the same with `mockFetch` and with nock's `mockGateway`. */
export interface MockGateway {
  readonly baseUrl: string;
  /** Answer one endpoint with this body (or status and body) instead of its fixtures. */
  reply(provider: string, endpoint: string, reply: MockReply, options?: AnswerOptions): MockGateway;
  /** Answer one endpoint with an error envelope. */
  fail(provider: string, endpoint: string, failure: MockFailure, options?: AnswerOptions): MockGateway;
  /** Every request seen, in order. */
  readonly requests: readonly RecordedRequest[];
  /** Requests that matched neither an answer nor a fixture. */
  readonly unmatched: readonly RecordedRequest[];
  /** Stops answering: with nock, removes the interceptor (other nock interceptors are left alone). */
  close(): void;
}

/** A reply given with `reply()` or `fail()`, for the requests it matches, `remaining` more times. */
interface CannedReply {
  readonly pathPrefix: string;
  readonly query: Readonly<Record<string, string>>;
  remaining: number;
  readonly respond: () => [number, unknown, Record<string, string>];
}

export const defaultBaseUrl = 'https://gateway.pdg.test';

/** The gateway's state and its answer to one request, for a transport to call. */
export function fixtureGateway(
  options: MockGatewayOptions,
  close: () => void,
): { gateway: MockGateway; root: string; handle(request: Request): [number, unknown, Record<string, string>] } {
  const fixtures = options.fixtures ?? [];
  const root = gatewayRoot(options.baseUrl ?? pdgEnvironment().PDG_BASE_URL ?? defaultBaseUrl);
  const origin = new URL(root).origin;
  const basePath = new URL(root).pathname.replace(/\/+$/, '');
  const responder = createFixtureResponder({
    fixtures,
    listingSize: options.listingSize,
    world: options.world ?? false,
  });
  const requests: RecordedRequest[] = [];
  const unmatched: RecordedRequest[] = [];
  const cannedReplies: CannedReply[] = [];

  const handle = (request: Request): [number, unknown, Record<string, string>] => {
    const url = new URL(request.url);
    const local = new URL(url.pathname.slice(basePath.length) + url.search, origin);
    const seen: RecordedRequest = { path: local.pathname, query: Object.fromEntries(local.searchParams) };
    requests.push(seen);
    if (options.apiKey !== undefined && request.headers.get('x-api-key') !== options.apiKey) {
      return [401, errorEnvelope('Invalid or missing API key'), {}];
    }
    const canned = cannedReplies.find((candidate) => candidate.remaining > 0 && matchesReply(candidate, seen));
    if (canned) {
      canned.remaining--;
      return canned.respond();
    }
    const fromFixtures: FixtureAnswer = responder.respond(local);
    if (!fromFixtures.fixture) unmatched.push(seen);
    return [fromFixtures.status, fromFixtures.body, { ...fromFixtures.headers }];
  };

  const add = (provider: string, endpoint: string, answerOptions: AnswerOptions, respond: CannedReply['respond']) => {
    cannedReplies.unshift({
      pathPrefix: `/v1/${provider}/${endpoint}`,
      query: Object.fromEntries(Object.entries(answerOptions.query ?? {}).map(([key, value]) => [key, String(value)])),
      remaining: answerOptions.times ?? Number.POSITIVE_INFINITY,
      respond,
    });
  };

  const gateway: MockGateway = {
    baseUrl: root,
    requests,
    unmatched,
    reply(provider, endpoint, reply, answerOptions = {}) {
      add(provider, endpoint, answerOptions, () => [reply.status ?? 200, reply.body, { ...reply.headers }]);
      return gateway;
    },
    fail(provider, endpoint, failure, answerOptions = {}) {
      const headers: Record<string, string> =
        failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) };
      add(provider, endpoint, answerOptions, () => [
        failure.status,
        errorEnvelope(failure.message, failure.content),
        headers,
      ]);
      return gateway;
    },
    close,
  };
  return { gateway, root, handle };
}

function matchesReply(reply: CannedReply, request: RecordedRequest): boolean {
  const pathMatches = request.path === reply.pathPrefix || request.path.startsWith(`${reply.pathPrefix}/`);
  return pathMatches && Object.entries(reply.query).every(([key, value]) => request.query[key] === value);
}
