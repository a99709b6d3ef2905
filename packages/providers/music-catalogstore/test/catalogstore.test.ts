import { isPdgError } from '@pdg/core';
import { usePdgGateway } from '@pdg/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { catalogstore } from '../src/index.js';

const { client: pdg, gateway } = usePdgGateway([catalogstore], fixtures);

describe('music:catalogstore search', () => {
  it('returns the envelope content: typed track items', async () => {
    const result = await pdg.run('music:catalogstore', 'search', { q: 'velvet orbit', limit: 3 });
    expect(result.count).toBe(3);
    expect(result.items.map((track) => track.title)).toEqual(['Harbour Lights', 'Static Bloom', 'Low Tide Radio']);
  });

  it('a preview the gateway sends as null reads as undefined', async () => {
    const result = await pdg.run('music:catalogstore', 'search', { q: 'velvet orbit', limit: 3, page: 2 });
    expect(result.items.map((track) => track.preview)).toEqual([
      'https://audio.example.test/preview/4104.m4a',
      undefined,
    ]);
  });

  it('sends only the params given: server defaults stay documentation', async () => {
    await pdg.run('music:catalogstore', 'search', { q: 'zzqx no such band' });
    expect(gateway().requests).toEqual([{ path: '/v1/music:catalogstore/search', query: { q: 'zzqx no such band' } }]);
  });

  it('an error envelope is an error, with the gateway message', async () => {
    gateway().fail('music:catalogstore', 'search', { status: 401, message: 'Invalid API key' });
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
});
