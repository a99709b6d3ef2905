/** The responder's steps, each alone: route matching, params, the answer key, examples, a question's page. */
import {
  cursorPageOf,
  defineEndpoint,
  defineFixtures,
  defineProvider,
  integerParam,
  optional,
  pageOf,
  record,
  stringParam,
} from '@pdg/core';
import { requestOf } from '@pdg/core/fixtures';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { FixtureAnswer } from '../src/answers/answer.js';
import { buildModel, type Route } from '../src/answers/model.js';
import { pagePosition, questionPage } from '../src/answers/question-page.js';
import { answerKey, cacheHeaders, callParams, exampleAnswer, providersOf } from '../src/answers/responder.js';
import { findRoute, isRoute } from '../src/answers/route.js';

const note = record({ noteId: v.string(), text: v.string() });
const notes = defineProvider({
  id: 'test:notes',
  description: 'Notes.',
  endpoints: {
    list: defineEndpoint({
      path: 'list',
      description: 'Notes, page by page.',
      cacheSeconds: 600,
      paging: pageOf('items', note).paging,
      params: v.strictObject({
        page: optional(integerParam('page', { min: 1 })),
        limit: optional(integerParam('page size', { min: 1, max: 100 })),
      }),
      response: v.looseObject({ page: v.number(), items: v.array(note), hasMore: v.boolean() }),
    }),
    feed: defineEndpoint({
      path: 'note-feed',
      description: 'Notes by cursor.',
      paging: cursorPageOf('notes', note).paging,
      params: v.strictObject({ cursor: optional(stringParam('a prior nextCursor')) }),
      response: v.looseObject({ notes: v.array(note), hasMore: v.boolean(), nextCursor: v.nullish(v.string()) }),
    }),
    note: defineEndpoint({
      path: 'note',
      pathParam: 'noteId',
      description: 'One note.',
      params: v.strictObject({ noteId: stringParam('note id') }),
      response: note,
    }),
  },
});

const n = (id: number) => ({ noteId: `n${id}`, text: `Note ${id}` });
const fixtures = defineFixtures(notes, [
  { endpoint: 'list', name: 'page-1', params: { limit: 2 }, response: { page: 1, items: [n(1), n(2)], hasMore: true } },
  {
    endpoint: 'list',
    name: 'page-2',
    params: { limit: 2, page: 2 },
    response: { page: 2, items: [n(3), n(4)], hasMore: false },
  },
  {
    endpoint: 'feed',
    name: 'feed-1',
    params: {},
    response: { notes: [n(1)], hasMore: true, nextCursor: 'c2' },
  },
  { endpoint: 'note', name: 'n1', params: { noteId: 'n1' }, response: n(1) },
]);

const providers = providersOf({ fixtures });
const messageOf = (answer: Route | FixtureAnswer) => (answer as { body: { message: string } }).body.message;

describe('findRoute', () => {
  it('names the provider, endpoint (by its path, which may differ from its name) and the path id', () => {
    const list = findRoute(providers, '/v1/test:notes/list');
    expect(isRoute(list) && [list.provider.id, list.endpointName, list.pathValue]).toEqual([
      'test:notes',
      'list',
      undefined,
    ]);
    const one = findRoute(providers, '/v1/test:notes/note/n%201');
    expect(isRoute(one) && [one.endpointName, one.pathValue]).toEqual(['note', 'n 1']);
    expect(isRoute(findRoute(providers, '/v1/test:notes/list/'))).toBe(true);
  });

  it('answers a path of no route with a 404 saying what paths look like', () => {
    const answer = findRoute(providers, '/v2/elsewhere');
    expect(isRoute(answer)).toBe(false);
    expect((answer as FixtureAnswer).status).toBe(404);
    expect(messageOf(answer)).toContain('paths look like /v1/{category}:{provider}/{endpoint}[/{id}]');
  });

  it('answers bad percent-encoding with a 400', () => {
    const answer = findRoute(providers, '/v1/test:notes/note/%E0%A4%A');
    expect((answer as FixtureAnswer).status).toBe(400);
    expect(messageOf(answer)).toContain('not valid percent-encoding');
  });

  it('names what exists for an unknown provider or endpoint', () => {
    expect(messageOf(findRoute(providers, '/v1/test:nope/list'))).toBe(
      'Unknown provider "test:nope". This gateway serves: test:notes.',
    );
    expect(messageOf(findRoute(providers, '/v1/test:notes/lists'))).toBe(
      'Unknown endpoint "lists" of test:notes. Its endpoints: list, note-feed, note.',
    );
  });

  it('refuses a path id the endpoint does not take, and a missing one, showing its shape', () => {
    expect(messageOf(findRoute(providers, '/v1/test:notes/note'))).toBe(
      'No route /v1/test:notes/note: this endpoint is /v1/test:notes/note/{noteId}.',
    );
    expect(messageOf(findRoute(providers, '/v1/test:notes/list/7'))).toBe(
      'No route /v1/test:notes/list/7: this endpoint is /v1/test:notes/list.',
    );
  });
});

const routeTo = (path: string) => findRoute(providers, path) as Route;
const listModel = buildModel(
  notes,
  'list',
  fixtures.filter((fixture) => fixture.endpoint === 'list'),
);

describe('callParams', () => {
  it('reads the query by the schema and validates it', () => {
    expect(callParams(listModel, routeTo('/v1/test:notes/list'), { limit: '2', page: '3' })).toEqual({
      params: { limit: 2, page: 3 },
    });
  });

  it('takes the path id from the route', () => {
    const model = buildModel(notes, 'note', []);
    expect(callParams(model, routeTo('/v1/test:notes/note/n9'), {})).toEqual({ params: { noteId: 'n9' } });
  });

  it('refuses a value the schema does not admit with a 400 naming the param and the rule', () => {
    const read = callParams(listModel, routeTo('/v1/test:notes/list'), new URLSearchParams('limit=500'));
    expect('refused' in read && read.refused.status).toBe(400);
    expect('refused' in read && messageOf(read.refused)).toMatch(/^Invalid params: limit .*100/);
  });
});

describe('answerKey and cacheHeaders', () => {
  const list = routeTo('/v1/test:notes/list');

  it('keys a query the same however its record was ordered, and a dynamic call apart', () => {
    expect(answerKey(list, { a: '1', b: '2' }, false)).toBe(answerKey(list, { b: '2', a: '1' }, false));
    expect(answerKey(list, { a: '1' }, true)).not.toBe(answerKey(list, { a: '1' }, false));
    expect(answerKey(routeTo('/v1/test:notes/note/n1'), new URLSearchParams(), false)).not.toBe(
      answerKey(routeTo('/v1/test:notes/note/n2'), new URLSearchParams(), false),
    );
  });

  it("sends Cache-Control from the endpoint's documented cache time, and none without one", () => {
    expect(cacheHeaders(notes.endpoints.list)).toEqual({ 'cache-control': 'public, max-age=600' });
    expect(cacheHeaders(notes.endpoints.note)).toEqual({});
  });
});

describe('exampleAnswer', () => {
  it('gives the fixture of that name as recorded, or a 400 naming the fixtures there are', () => {
    expect(exampleAnswer(listModel, 'page-2').body).toEqual(fixtures[1]?.response);
    const missing = exampleAnswer(listModel, 'page-9');
    expect(missing.status).toBe(400);
    expect(messageOf(missing)).toBe('No example "page-9" for test:notes list: its fixtures are page-1, page-2.');
  });
});

describe('a question page, without the world', () => {
  const kept = new Map<string, unknown[]>();
  const source = {
    listingSize: 250,
    listing: (key: string, build: () => unknown[]) => kept.get(key) ?? kept.set(key, build()).get(key) ?? [],
  };
  const callOf = (params: Record<string, unknown>) => ({
    params,
    request: requestOf(notes, 'list', params),
    headers: { 'cache-control': 'public, max-age=600' },
  });
  const question = fixtures.filter((fixture) => fixture.endpoint === 'list');

  it('starts a numbered page after the pages before it', () => {
    expect(pagePosition(listModel, callOf({ page: 3, limit: 2 }), 2)).toEqual({ offset: 4, page: 3 });
    expect(pagePosition(listModel, callOf({}), 2)).toEqual({ offset: 0, page: 1 });
  });

  it('refuses a cursor no fixture gave, saying to send back a nextCursor', () => {
    const feed = buildModel(
      notes,
      'feed',
      fixtures.filter((fixture) => fixture.endpoint === 'feed'),
    );
    const call = { params: { cursor: 'forged' }, request: requestOf(notes, 'feed', { cursor: 'forged' }), headers: {} };
    const position = pagePosition(feed, call, 1);
    expect(messageOf(position as FixtureAnswer)).toBe(
      'Invalid params: cursor "forged" is not a cursor of /v1/test:notes/note-feed (send back a nextCursor it gave).',
    );
    expect(pagePosition(feed, { ...call, params: { cursor: 'c2' } }, 1)).toEqual({ offset: 1 });
  });

  it('cuts a page of another size from the listing the fixtures record, which ends where they end', () => {
    const page = questionPage(source, listModel, question, callOf({ limit: 3 }));
    expect(page.status).toBe(200);
    expect(page.headers).toEqual({ 'cache-control': 'public, max-age=600' });
    expect(page.body).toMatchObject({ page: 1, items: [n(1), n(2), n(3)], hasMore: true });
    const last = questionPage(source, listModel, question, callOf({ limit: 3, page: 2 }));
    expect(last.body).toMatchObject({ page: 2, items: [n(4)], hasMore: false });
  });
});
