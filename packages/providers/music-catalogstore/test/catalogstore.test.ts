import { createClient, isPdgError } from '@pdg/core';
import { mockGateway } from '@pdg/testkit';
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { catalogstore } from '../src/index.js';

const baseUrl = 'https://gateway.pdg.test';
const pdg = createClient({ providers: [catalogstore], apiKey: 'test-key', baseUrl, retry: 0 });
let gateway = mockGateway({ fixtures, baseUrl });

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  gateway.close();
  gateway = mockGateway({ fixtures, baseUrl });
});

describe('music:catalogstore search', () => {
  it('returns the envelope content: typed track items', async () => {
    const result = await pdg.run('music:catalogstore', 'search', { q: 'velvet orbit', limit: 3 });
    expect(result.count).toBe(3);
    expect(result.items.map((track) => track.title)).toEqual(['Harbour Lights', 'Static Bloom', 'Low Tide Radio']);
    expectTypeOf(result.items[0]?.durationMs).toEqualTypeOf<number | null | undefined>();
    expectTypeOf(result.page).toEqualTypeOf<number>();
  });

  it('sends only the params given: server defaults stay documentation', async () => {
    await pdg.run('music:catalogstore', 'search', { q: 'zzqx no such band' });
    expect(gateway.requests).toEqual([{ path: '/v1/music:catalogstore/search', query: { q: 'zzqx no such band' } }]);
  });

  it('an error envelope is an error, with the gateway message', async () => {
    gateway.fail('music:catalogstore', 'search', { status: 401, message: 'Invalid API key' });
    const error = await pdg.run('music:catalogstore', 'search', { q: 'x' }).catch((thrown: unknown) => thrown);
    expect(isPdgError(error) && [error.code, error.gatewayMessage]).toEqual(['AUTH', 'Invalid API key']);
  });

  it('refuses a country that is not a 2-letter code', async () => {
    const error = await pdg
      .run('music:catalogstore', 'search', { q: 'x', country: 'USA' })
      .catch((thrown: unknown) => thrown);
    expect(isPdgError(error) && error.issues).toEqual([
      { path: 'country', message: 'must be a 2-letter ISO country code (received "USA")' },
    ]);
  });

  it('types: the type enum and limit are checked at compile time', () => {
    const never = () => {
      // @ts-expect-error 'song' is not a type
      void pdg.run('music:catalogstore', 'search', { q: 'x', type: 'song' });
      // @ts-expect-error q is required
      void pdg.run('music:catalogstore', 'search', { limit: 5 });
      // @ts-expect-error the spec documents no other endpoint
      void pdg.run('music:catalogstore', 'lookup', { id: 1 });
    };
    expectTypeOf(never).toBeFunction();
  });
});
