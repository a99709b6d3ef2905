/**
 * Answers that must agree with the question asked and with the SDK's own params, through the SDK against
 * the running mock gateway: the dimension an empty dimension-values answer names, a page of size 0, and
 * bond-yield maturities, which the spec gives as years.
 */
import { createClient, isPdgError } from '@pdg/core';
import { centralbank } from '@pdg/finance-centralbank';
import { fixtures as centralbankFixtures } from '@pdg/finance-centralbank/fixtures';
import { globalhealth } from '@pdg/health-globalhealth';
import { fixtures as globalhealthFixtures } from '@pdg/health-globalhealth/fixtures';
import { type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { websearch } from '@pdg/search-tools-websearch';
import { fixtures as websearchFixtures } from '@pdg/search-tools-websearch/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const providers = [globalhealth, centralbank, websearch] as const;
let gateway: RunningMockGateway;
let pdg: ReturnType<typeof createClient<typeof providers>>;

beforeAll(async () => {
  gateway = await startMockGateway({
    providers,
    fixtures: [...globalhealthFixtures, ...centralbankFixtures, ...websearchFixtures],
  });
  pdg = createClient({ providers, apiKey: 'mock-key-coherence', baseUrl: gateway.url, retry: 0 });
});
afterAll(async () => {
  await gateway.close();
});

async function failure(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (isPdgError(error)) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('the mock answers what was asked, as the SDK reads it', () => {
  it('dimension-values for an unknown dimension: an empty list naming the dimension asked for', async () => {
    for (const dimension of ['NOSUCHDIM', 'AGE_BAND_X']) {
      const answer = await pdg.run('health:globalhealth', 'dimension-values', { dimension });
      expect(answer).toMatchObject({ items: [], count: 0, dimension });
    }
  });

  it('limit 0, which the SDK accepts: a page of no items that says its size is 0 and ends the walk', async () => {
    const page = await pdg.run('health:globalhealth', 'indicators', { limit: 0 });
    // The gateway's null reads as undefined under validate: 'strict'.
    expect(page).toMatchObject({ items: [], count: 0, limit: 0, hasMore: false, nextPage: undefined });
    // The total still counts the listing, as a page of any size does.
    const sized = await pdg.run('health:globalhealth', 'indicators', { limit: 5 });
    expect(page.total).toBe(sized.total);
    const walked: unknown[] = [];
    for await (const item of pdg.items('health:globalhealth', 'indicators', { limit: 0 })) walked.push(item);
    expect(walked).toEqual([]);
  });

  it('bond-yields maturities are years: a word is refused before sending, a number of years is answered as one', async () => {
    const sentBefore = gateway.requestCount;
    const refused = await failure(pdg.run('finance:centralbank', 'bond-yields', { maturity: 'ten' }));
    expect(refused.code).toBe('INVALID_PARAMS');
    expect(refused.message).toMatch(/maturity/);
    expect(refused.message).toMatch(/"ten"/);
    expect(gateway.requestCount).toBe(sentBefore);
    // The mock refuses it too, for a client that sends it anyway.
    const raw = await fetch(`${gateway.url}/v1/finance:centralbank/bond-yields?maturity=2,ten`, {
      headers: { 'x-api-key': 'mock-key-coherence' },
    });
    expect(raw.status).toBe(400);
    expect(await raw.text()).toMatch(/maturity/);
    // Published maturities and unpublished numbers of years alike come back as numbers.
    const published = await pdg.run('finance:centralbank', 'bond-yields', { maturity: [2, 10] });
    expect(published.maturities).toEqual([2, 10]);
    const unpublished = await pdg.run('finance:centralbank', 'bond-yields', { maturity: '12' });
    expect(unpublished.maturities).toEqual([12]);
  });

  it('a listing whose items carry no id nor rank ends with them: never the same items under the next page number', async () => {
    // Web search results have neither: a query no fixture records is answered from the matching results, once.
    const seen: string[] = [];
    for await (const result of pdg.items(
      'search-tools:websearch',
      'search',
      { query: 'tide tables' },
      { maxItems: 50 },
    ))
      seen.push(JSON.stringify(result));
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen).size).toBe(seen.length);
    const first = await pdg.run('search-tools:websearch', 'search', { query: 'tide tables' });
    expect(first.items.length).toBe(seen.length);
    expect(first).toMatchObject({ hasMore: false, nextPage: undefined });
  });
});
