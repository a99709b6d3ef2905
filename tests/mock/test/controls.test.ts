/**
 * What a client sends besides plain params: comma-joined lists, a repeated key (as openapi-fetch sends lists
 * by default), Prism's `Prefer` header beside `x-pdg-mock-fault`, and statuses the document does not list.
 */
import { centralbank } from '@pdg/finance-centralbank';
import { fixtures as centralbankFixtures } from '@pdg/finance-centralbank/fixtures';
import { cryptoPrice } from '@pdg/finance-crypto-price';
import { fixtures as cryptoPriceFixtures } from '@pdg/finance-crypto-price/fixtures';
import { type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notes, fixtures as notesFixtures } from './provider.js';

let gateway: RunningMockGateway;

beforeAll(async () => {
  gateway = await startMockGateway({
    providers: [centralbank, cryptoPrice, notes],
    fixtures: [...centralbankFixtures, ...cryptoPriceFixtures, ...notesFixtures],
  });
});
afterAll(() => gateway.close());

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${gateway.url}${path}`, { headers: { 'x-api-key': 'any-key', ...headers } });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

type Rows = { items: { maturity?: number; bank?: string }[]; count: number; total: number };

describe('comma-joined lists filter by any of their values', () => {
  it('bond-yields maturity=2,10 holds the rows of both maturities, each of which alone holds its own', async () => {
    const both = (await get('/v1/finance:centralbank/bond-yields?maturity=2,10')).body as Rows & {
      maturities: number[];
    };
    const two = (await get('/v1/finance:centralbank/bond-yields?maturity=2')).body as Rows;
    const ten = (await get('/v1/finance:centralbank/bond-yields?maturity=10')).body as Rows;
    expect(two.items.length).toBeGreaterThan(0);
    expect(ten.items.length).toBeGreaterThan(0);
    expect(new Set(two.items.map((row) => row.maturity))).toEqual(new Set([2]));
    expect(new Set(both.items.map((row) => row.maturity))).toEqual(new Set([2, 10]));
    expect(both.items.length).toBe(two.items.length + ten.items.length);
    expect([both.count, both.total]).toEqual([both.items.length, both.items.length]);
    expect(both.maturities).toEqual([2, 10]);
  });

  it('policy-rates bank=ecb,fed holds the rows of those two banks', async () => {
    const { status, body } = await get('/v1/finance:centralbank/policy-rates?bank=ecb,boj');
    expect(status).toBe(200);
    const banks = (body as Rows).items.map((row) => row.bank);
    expect(banks.length).toBeGreaterThan(0);
    expect(new Set(banks)).toEqual(new Set(['ecb', 'boj']));
    expect((body as { banks: string[] }).banks).toEqual(['ecb', 'boj']);
  });
});

describe('a repeated key', () => {
  it('is read as the list where the param is a list: coins=a&coins=b is coins=a,b', async () => {
    const repeated = await get('/v1/finance:crypto-price/price?coins=bitcoin&coins=litecoin&vs=eur');
    const joined = await get('/v1/finance:crypto-price/price?coins=bitcoin,litecoin&vs=eur');
    expect(repeated.status).toBe(200);
    expect(repeated.body).toEqual(joined.body);
    expect(Object.keys((repeated.body as { prices: object }).prices)).toEqual(['bitcoin', 'litecoin']);
  });

  it('is refused with a 400 saying so where the param takes one value', async () => {
    const { status, body } = await get('/v1/test:notes/list?topic=garden&topic=kitchen');
    expect(status).toBe(400);
    expect(body.message).toBe(
      'Invalid params: topic is given 2 times ("garden", "kitchen") but takes one value: send it once.',
    );
  });
});

describe('a price for any coin id, in any vs currency', () => {
  it('a coin and a currency no fixture has get prices shaped like the others', async () => {
    const { status, body } = await get('/v1/finance:crypto-price/price?coins=harbour-token,tidecoin&vs=gbp,jpy');
    expect(status).toBe(200);
    const prices = (body as { prices: Record<string, Record<string, number>> }).prices;
    expect(Object.keys(prices)).toEqual(['harbour-token', 'tidecoin']);
    for (const entry of Object.values(prices)) {
      expect(Object.keys(entry).every((name) => /^(gbp|jpy)(_|$)/.test(name))).toBe(true);
      expect(typeof entry.gbp).toBe('number');
      expect(typeof entry.jpy).toBe('number');
    }
  });
});

describe("Prism's Prefer header, beside x-pdg-mock-fault", () => {
  it('code=<status> answers with that status in the error envelope, as x-pdg-mock-fault does', async () => {
    const preferred = await get('/v1/test:notes/note/n1', { prefer: 'code=429' });
    const injected = await get('/v1/test:notes/note/n1', { 'x-pdg-mock-fault': '429' });
    expect([preferred.status, preferred.headers.get('retry-after')]).toEqual([429, '1']);
    expect([injected.status, injected.headers.get('retry-after')]).toEqual([429, '1']);
    expect(preferred.body).toEqual({
      status: 'error',
      message: 'Rate limit exceeded (asked for with Prefer: code=429).',
    });
    expect((await get('/v1/test:notes/note/n1', { prefer: 'code=503' })).status).toBe(503);
    expect((await get('/v1/test:notes/note/n1', { prefer: 'code=404' })).status).toBe(404);
    const normal = await get('/v1/test:notes/note/n1', { prefer: 'code=200' });
    expect([normal.status, normal.body]).toEqual([200, { noteId: 'n1', text: 'Note 1' }]);
  });

  it('example=<name> answers with the fixture of that name, whatever the params', async () => {
    const { status, body } = await get('/v1/test:notes/list?limit=7', { prefer: 'example=page-2' });
    expect(status).toBe(200);
    expect(body).toEqual(notesFixtures.find((fixture) => fixture.name === 'page-2')?.response);
    const missing = await get('/v1/test:notes/list', { prefer: 'example=page-9' });
    expect([missing.status, missing.body.message]).toEqual([
      400,
      'No example "page-9" for test:notes list: its fixtures are page-1, page-2, topic-garden.',
    ]);
  });

  it('dynamic=true answers from the world even where a fixture records the call', async () => {
    const recorded = await get('/v1/test:notes/list?limit=2&page=2');
    const dynamic = await get('/v1/test:notes/list?limit=2&page=2', { prefer: 'dynamic=true' });
    expect(recorded.body).toEqual(notesFixtures.find((fixture) => fixture.name === 'page-2')?.response);
    expect(dynamic.status).toBe(200);
    // The world's page 2 of a listing that goes on: the same items, and what follows.
    expect(dynamic.body).toMatchObject({ page: 2, count: 2, hasMore: true, nextPage: 3 });
    expect(dynamic.body.items).toEqual([
      { noteId: 'n3', text: 'Note 3' },
      { noteId: 'n4', text: 'Note 4' },
    ]);
  });

  it('ignores preferences it does not know, and refuses a malformed one it knows', async () => {
    expect((await get('/v1/test:notes/note/n1', { prefer: 'return=minimal' })).status).toBe(200);
    const bad = await get('/v1/test:notes/note/n1', { prefer: 'code=teapot' });
    expect([bad.status, bad.body.message]).toEqual([
      400,
      'Bad Prefer header: code=teapot is not an HTTP status (write code=429, say).',
    ]);
  });
});

describe('faults produce only statuses the OpenAPI document lists', () => {
  it('a status it does not list is refused, in the header and in Prefer alike, naming those it lists', async () => {
    const header = await get('/v1/test:notes/note/n1', { 'x-pdg-mock-fault': '418' });
    expect(header.status).toBe(400);
    expect(header.body.message).toBe(
      "Bad x-pdg-mock-fault header: 418 is not a status the OpenAPI document lists for the gateway's operations (it lists 400, 401, 404, 429, 5XX).",
    );
    const prefer = await get('/v1/test:notes/note/n1', { prefer: 'code=409' });
    expect(prefer.status).toBe(400);
    expect(prefer.body.message).toContain('409 is not a status the OpenAPI document lists');
  });

  it('a server fault of such a status is refused when it is added', () => {
    expect(() => gateway.addFault({ status: 418 })).toThrow(RangeError);
    expect(() => gateway.addFault({ status: 418 })).toThrow(/418 is not a status the OpenAPI document lists/);
  });
});
