/**
 * Two providers answer "not found" with an empty 200 rather than a 404: health:publichealth's
 * content/{mediaId} for an unknown or retired id, and health:globalhealth's dimension-values for an
 * unknown dimension. Through the SDK against the running mock gateway, those calls succeed and say so.
 */
import { createClient } from '@pdg/core';
import { globalhealth } from '@pdg/health-globalhealth';
import { fixtures as globalhealthFixtures } from '@pdg/health-globalhealth/fixtures';
import { isFound, publichealth } from '@pdg/health-publichealth';
import { fixtures as publichealthFixtures } from '@pdg/health-publichealth/fixtures';
import { type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const providers = [publichealth, globalhealth] as const;
let gateway: RunningMockGateway;
let pdg: ReturnType<typeof createClient<typeof providers>>;

beforeAll(async () => {
  gateway = await startMockGateway({ providers, fixtures: [...publichealthFixtures, ...globalhealthFixtures] });
  pdg = createClient({ providers, apiKey: 'mock-key', baseUrl: gateway.url, retry: 0 });
});
afterAll(async () => {
  await gateway.close();
});

describe('empty means not found, through the SDK and the mock gateway', () => {
  it('publichealth content: a found id is a media item, an unknown one an empty result', async () => {
    const found = await pdg.run('health:publichealth', 'content', { mediaId: 140221 });
    expect(isFound(found)).toBe(true);
    const unknown = await pdg.run('health:publichealth', 'content', { mediaId: 99999999 });
    expect(isFound(unknown)).toBe(false);
    expect(unknown).toEqual({});
    const retired = await pdg.run('health:publichealth', 'content', { mediaId: 120004 });
    expect(isFound(retired)).toBe(false);
  });

  it('globalhealth dimension-values: an unknown dimension is an empty list, a known one is not', async () => {
    const unknown = await pdg.run('health:globalhealth', 'dimension-values', { dimension: 'NOTADIMENSION' });
    expect(unknown.items).toEqual([]);
    const known = await pdg.run('health:globalhealth', 'dimension-values', { dimension: 'SEX' });
    expect(known.items.length).toBeGreaterThan(0);
  });
});
