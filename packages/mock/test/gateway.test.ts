/** The gateway's steps, each alone and in their order, without a server: every answer, no socket. */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { defineEndpoint, defineFixtures, defineProvider, record, stringParam } from '@pdg/core';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createFixtureResponder, isRoute } from '../src/answers/responder.js';
import { corsHeaders, corsPolicy } from '../src/cors.js';
import { FaultQueue } from '../src/faults.js';
import {
  type Answer,
  answerRequest,
  faultAnswer,
  faultMessage,
  type Gateway,
  keyAnswer,
  type MockRequestInfo,
  methodAnswer,
  rateLimitAnswer,
  requestedControls,
  requestInfo,
  sentAnswer,
} from '../src/gateway.js';
import { RateLimiter } from '../src/rate-limit.js';
import { nextRequestId } from '../src/request-id.js';
import { targetReader } from '../src/targets.js';
import { onWire } from '../src/wire.js';

const shelf = defineProvider({
  id: 'test:shelf',
  description: 'Books.',
  endpoints: {
    book: defineEndpoint({
      path: 'book',
      pathParam: 'bookId',
      description: 'One book.',
      params: v.strictObject({ bookId: stringParam('id') }),
      response: record({ bookId: v.string(), title: v.string() }),
    }),
  },
});
const fixtures = defineFixtures(shelf, [
  { endpoint: 'book', name: 'b7', params: { bookId: 'b7' }, response: { bookId: 'b7', title: 'Tide Tables' } },
]);

const messageOf = (answer: { body: unknown } | undefined) =>
  (answer?.body as { message?: string } | undefined)?.message;
const requestOf = (method: string, url: string, headers: IncomingHttpHeaders = {}) =>
  ({ method, url, headers }) as IncomingMessage;

describe('methodAnswer', () => {
  it("answers a preflight 204 with the CORS policy's headers, before anything else", () => {
    const answer = methodAnswer('OPTIONS', 'any', { 'access-control-request-headers': 'x-trace' });
    expect(answer?.status).toBe(204);
    expect(answer?.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, OPTIONS',
      'access-control-max-age': '600',
    });
    expect(answer?.headers?.['access-control-allow-headers']).toContain('x-trace');
  });

  it('answers OPTIONS 405 like any method but GET when CORS is off, and lets GET through', () => {
    expect(methodAnswer('OPTIONS', 'none', {})?.status).toBe(405);
    expect(messageOf(methodAnswer('POST', 'any', {}))).toBe('Only GET is served: every gateway operation is a read.');
    expect(methodAnswer('GET', 'any', {})).toBeUndefined();
  });
});

describe('keyAnswer and rateLimitAnswer', () => {
  it('refuses a missing or empty key, and a key not among the named ones', () => {
    expect(messageOf(keyAnswer(undefined))).toBe('Missing API key: send it in the x-api-key header.');
    expect(keyAnswer('')?.status).toBe(401);
    expect(messageOf(keyAnswer('other', ['demo-key-1']))).toBe('Invalid API key.');
    expect(keyAnswer('demo-key-1', ['demo-key-1'])).toBeUndefined();
    expect(keyAnswer('anything')).toBeUndefined();
  });

  it("answers a key past its window's requests 429 with Retry-After in whole seconds", () => {
    const limiter = new RateLimiter({ requests: 1, windowMs: 60_000 });
    expect(rateLimitAnswer(limiter, 'demo-key-1')).toBeUndefined();
    const refused = rateLimitAnswer(limiter, 'demo-key-1');
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(rateLimitAnswer(limiter, 'demo-key-2')).toBeUndefined();
    expect(rateLimitAnswer(undefined, 'demo-key-1')).toBeUndefined();
  });
});

describe('requestedControls', () => {
  it('reads the fault header and Prefer together', () => {
    expect(requestedControls({ 'x-pdg-mock-fault': '429;retry-after=2', prefer: 'dynamic=true' })).toEqual({
      fault: { status: 429, retryAfter: 2 },
      preferences: { dynamic: true },
    });
    expect(requestedControls({})).toEqual({ preferences: {} });
  });

  it('refuses a malformed header with a 400 naming it', () => {
    const fault = requestedControls({ 'x-pdg-mock-fault': 'sometimes' });
    expect('refused' in fault && messageOf(fault.refused)).toMatch(/^Bad x-pdg-mock-fault header: unknown fault/);
    const prefer = requestedControls({ prefer: 'code=abc' });
    expect('refused' in prefer && messageOf(prefer.refused)).toMatch(/^Bad Prefer header: code=abc/);
  });
});

describe('faultAnswer', () => {
  it("answers an injected status in the gateway's words, a 429 with its Retry-After", () => {
    const answer = faultAnswer({ status: 429, retryAfter: 3 }, {});
    expect(answer).toMatchObject({ status: 429, headers: { 'retry-after': '3' } });
    expect(messageOf(answer)).toBe('Rate limit exceeded (injected fault 429).');
    expect(faultAnswer({ status: 429 }, {})?.headers).toEqual({ 'retry-after': '1' });
  });

  it('answers Prefer: code= the same way, and lets code=200 and no fault through', () => {
    expect(messageOf(faultAnswer({}, { code: 503 }))).toBe('Upstream source failed (asked for with Prefer: code=503).');
    expect(faultAnswer({}, { code: 200 })).toBeUndefined();
    expect(faultAnswer({ latencyMs: 5 }, {})).toBeUndefined();
  });

  it('names the cause of each status', () => {
    expect(faultMessage(401, '')).toBe('Invalid API key (401).');
    expect(faultMessage(404, '')).toBe('Not found (404).');
    expect(faultMessage(400, '')).toBe('Bad request (400).');
  });
});

describe('sentAnswer', () => {
  const ok = { status: 200, body: { a: 1 }, headers: { 'cache-control': 'public, max-age=60' } };

  it("sends the fixtures' answer as its serialized bytes", () => {
    const sent = sentAnswer(ok, {});
    expect(new TextDecoder().decode(sent.raw as Uint8Array)).toBe('{"a":1}');
    expect(sent.headers).toEqual(ok.headers);
  });

  it('cuts a 200 short when the fault says malformed, and leaves an error alone', () => {
    const sent = sentAnswer(ok, { malformed: true });
    expect(() => JSON.parse(sent.raw as string)).toThrow();
    expect(sentAnswer({ ...ok, status: 404 }, { malformed: true }).status).toBe(404);
  });
});

describe('onWire and requestInfo', () => {
  it('adds the CORS headers and a fresh request id to every answer, errors included', () => {
    const cors = corsHeaders(corsPolicy({ origins: ['http://localhost:5173'] }), 'http://localhost:5173');
    const sent = (answer: Answer) => {
      const { fields } = onWire(answer, cors);
      return Object.fromEntries(fields.flatMap((name, at) => (at % 2 === 0 ? [[name, fields[at + 1]]] : [])));
    };
    const limited: Answer = { status: 429, body: {}, headers: { 'retry-after': '1' } };
    const one = sent(limited);
    const two = sent({ status: 429, body: {} });
    expect(one).toMatchObject({ 'access-control-allow-origin': 'http://localhost:5173', 'retry-after': '1' });
    expect(one['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(one['x-request-id']).not.toBe(two['x-request-id']);
    expect(sent(limited)['x-request-id']).not.toBe(one['x-request-id']);
  });

  it('tells what was asked without the key', () => {
    const request = requestOf('GET', '/v1/test:shelf/book/b7', { 'x-api-key': 'demo-key-1', 'x-trace': ['a', 'b'] });
    const info = requestInfo(request, undefined, 7);
    expect(info).toEqual({
      method: 'GET',
      url: '/v1/test:shelf/book/b7',
      hasApiKey: true,
      receivedAt: 7,
      headers: { 'x-trace': 'a, b' },
    });
  });
});

describe('answerRequest', () => {
  const seen: MockRequestInfo[] = [];
  const responder = createFixtureResponder({ fixtures, world: true });
  const gatewayWith = (extra: Partial<Gateway> = {}): Gateway => ({
    responder,
    targets: targetReader(responder),
    cors: 'any',
    faults: new FaultQueue(),
    docs: false,
    onRequest: (info) => seen.push(info),
    ...extra,
  });
  const key = { 'x-api-key': 'demo-key-1' };

  it('answers a routed GET with a key from the fixtures, and tells the observer its route', () => {
    const outcome = answerRequest(gatewayWith(), requestOf('GET', '/v1/test:shelf/book/b7', key), 1);
    expect(outcome.answer.status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ provider: 'test:shelf', endpoint: 'book', hasApiKey: true });
  });

  it('serves the OpenAPI document without a key, and refuses a bad target with a 400', () => {
    expect(answerRequest(gatewayWith(), requestOf('GET', '/openapi.json'), 1).openApi).toBe(true);
    expect(answerRequest(gatewayWith(), requestOf('GET', '/v1/%zz', key), 1).answer.status).toBe(400);
  });

  it('checks the key before the rate limit, so a request without one is not counted', () => {
    const limiter = new RateLimiter({ requests: 1, windowMs: 60_000 });
    const gateway = gatewayWith({ limiter });
    expect(answerRequest(gateway, requestOf('GET', '/v1/test:shelf/book/b7'), 1).answer.status).toBe(401);
    const first = answerRequest(gateway, requestOf('GET', '/v1/test:shelf/book/b7', key), 1);
    expect(first.answer.status).toBe(200);
    expect(first.answer.headers?.ratelimit).toMatch(/^limit=1, remaining=0, reset=\d+$/);
    expect(answerRequest(gateway, requestOf('GET', '/v1/test:shelf/book/b7', key), 1).answer.status).toBe(429);
  });

  it('takes a queued fault for its endpoint and answers it, after the key', () => {
    const faults = new FaultQueue();
    faults.add({ status: 503, times: 1, endpoint: 'book' });
    const gateway = gatewayWith({ faults });
    expect(answerRequest(gateway, requestOf('GET', '/v1/test:shelf/book/b7'), 1).answer.status).toBe(401);
    const failed = answerRequest(gateway, requestOf('GET', '/v1/test:shelf/book/b7', key), 1);
    expect(failed.answer.status).toBe(503);
    expect(failed.fault).toMatchObject({ status: 503 });
    expect(answerRequest(gateway, requestOf('GET', '/v1/test:shelf/book/b7', key), 1).answer.status).toBe(200);
  });

  it('answers 500 naming the observer when onRequest throws', () => {
    const gateway = gatewayWith({
      onRequest: () => {
        throw new Error('full');
      },
    });
    expect(messageOf(answerRequest(gateway, requestOf('GET', '/v1/test:shelf/book/b7', key), 1).answer)).toBe(
      'Mock gateway error: the onRequest observer threw (full); fix it, or catch in it.',
    );
  });
});

describe('targetReader and nextRequestId', () => {
  const responder = createFixtureResponder({ fixtures, world: true });

  it('reads a target once and keeps its answer; past 1,024 targets the oldest are read anew, answered the same', () => {
    const read = targetReader(responder);
    const first = read('/v1/test:shelf/book/b7');
    expect(read('/v1/test:shelf/book/b7')).toBe(first);
    if ('error' in first || !isRoute(first.route)) throw new Error('b7 routes');
    const answer = first.answer(first.route, false);
    expect(answer.status).toBe(200);
    expect(first.answer(first.route, false)).toBe(answer);
    for (let index = 0; index < 1_100; index++) read(`/v1/test:shelf/book/b7?n=${index}`);
    const again = read('/v1/test:shelf/book/b7');
    expect(again).not.toBe(first);
    if ('error' in again || !isRoute(again.route)) throw new Error('b7 routes');
    expect(again.answer(again.route, false).body).toEqual(answer.body);
    expect(read('/v1/%zz')).toMatchObject({ error: expect.stringContaining('percent-encoding') });
  });

  it('gives every answer its own UUID-shaped request id', () => {
    const ids = Array.from({ length: 10_000 }, () => nextRequestId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [ids[0], ids[9_999]])
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
