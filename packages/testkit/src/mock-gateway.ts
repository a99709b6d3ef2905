import { errorEnvelope, type Fixture, gatewayRoot, type RecordedRequest } from '@pdg/core';
import { createFixtureResponder, type FixtureAnswer } from '@pdg/core/fixtures';
import nock from 'nock';

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
  /** Removes the interceptor; other nock interceptors are left alone. */
  close(): void;
}

interface Answer {
  readonly pathPrefix: string;
  readonly query: Readonly<Record<string, string>>;
  remaining: number;
  readonly respond: () => [number, unknown, Record<string, string>];
}

const defaultBaseUrl = 'https://gateway.pdg.test';

/**
 * Installs one nock interceptor that answers gateway requests from fixtures, or from the bodies and
 * errors a test supplies. Fixtures answer exactly as the mock gateway (`@pdg/mock`) answers them: both use
 * core's fixture responder. A request that matches nothing is answered with a 404 error envelope whose
 * message shows the request and the closest fixtures, so the failing call says why.
 */
export function mockGateway(options: MockGatewayOptions = {}): MockGateway {
  const fixtures = options.fixtures ?? [];
  const baseUrl = gatewayRoot(options.baseUrl ?? process.env.PDG_BASE_URL ?? defaultBaseUrl);
  const origin = new URL(baseUrl).origin;
  const basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  const responder = createFixtureResponder({
    fixtures,
    listingSize: options.listingSize,
    world: options.world ?? false,
  });
  const requests: RecordedRequest[] = [];
  const unmatched: RecordedRequest[] = [];
  const answers: Answer[] = [];

  const handle = (request: Request): [number, unknown, Record<string, string>] => {
    const url = new URL(request.url);
    const local = new URL(url.pathname.slice(basePath.length) + url.search, origin);
    const seen: RecordedRequest = { path: local.pathname, query: Object.fromEntries(local.searchParams) };
    requests.push(seen);
    if (options.apiKey !== undefined && request.headers.get('x-api-key') !== options.apiKey) {
      return [401, errorEnvelope('Invalid or missing API key'), {}];
    }
    const answer = answers.find((candidate) => candidate.remaining > 0 && matchesAnswer(candidate, seen));
    if (answer) {
      answer.remaining--;
      return answer.respond();
    }
    const fromFixtures: FixtureAnswer = responder.respond(local);
    if (!fromFixtures.fixture) unmatched.push(seen);
    return [fromFixtures.status, fromFixtures.body, { ...fromFixtures.headers }];
  };

  const interceptor = nock(origin)
    .persist()
    .get(() => true);
  interceptor.query(true).reply((request: Request) => handle(request));

  const add = (provider: string, endpoint: string, answerOptions: AnswerOptions, respond: Answer['respond']) => {
    answers.unshift({
      pathPrefix: `/v1/${provider}/${endpoint}`,
      query: Object.fromEntries(Object.entries(answerOptions.query ?? {}).map(([key, value]) => [key, String(value)])),
      remaining: answerOptions.times ?? Number.POSITIVE_INFINITY,
      respond,
    });
  };

  const gateway: MockGateway = {
    baseUrl,
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
    close() {
      nock.removeInterceptor(interceptor);
    },
  };
  return gateway;
}

function matchesAnswer(answer: Answer, request: RecordedRequest): boolean {
  const pathMatches = request.path === answer.pathPrefix || request.path.startsWith(`${answer.pathPrefix}/`);
  return pathMatches && Object.entries(answer.query).every(([key, value]) => request.query[key] === value);
}
