import { toArray } from '@pdg/core';
import { mockFetch } from '@pdg/testkit';
import { usePdgGateway } from '@pdg/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { globalhealth } from '../src/index.js';

const { client: pdg, gateway, refused: refusal } = usePdgGateway([globalhealth], fixtures);

describe('health:globalhealth an unknown dimension is an empty list, not an error', () => {
  it('through the SDK: the call succeeds with no values', async () => {
    const unknown = await pdg.run('health:globalhealth', 'dimension-values', { dimension: 'NOTADIMENSION' });
    expect(unknown.items).toEqual([]);
    expect(unknown.count).toBe(0);
    const known = await pdg.run('health:globalhealth', 'dimension-values', { dimension: 'SEX' });
    expect(known.items.map((value) => value.code)).toEqual(['SEX_MLE', 'SEX_FMLE', 'SEX_BTSX']);
  });

  it("through the mock gateway's responder: 200 with an empty list", async () => {
    const gateway = mockFetch({ fixtures, baseUrl: 'https://mock.pdg.test' });
    const response = await gateway.fetch('https://mock.pdg.test/v1/health:globalhealth/dimension-values/NOTADIMENSION');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ count: 0, items: [] });
  });
});

describe('health:globalhealth country codes', () => {
  it('country is an ISO alpha-3 code from countries; other forms are refused before sending', async () => {
    const { items } = await pdg.run('health:globalhealth', 'countries', { region: 'AFR' });
    expect(items.map((country) => country.code)).toEqual(['KEN', 'GHA', 'NGA']);
    for (const wrong of ['KE', 'Kenya', 'ken', '404']) {
      const error = await refusal(
        pdg.run('health:globalhealth', 'indicator-data', { indicator: 'WHOSIS_000001', country: wrong }),
      );
      expect(error.issues).toEqual([
        {
          path: 'country',
          message: `must be an ISO 3166 alpha-3 country code in capitals, such as KEN (see countries) (received "${wrong}")`,
        },
      ]);
    }
  });
});

describe('health:globalhealth indicator data', () => {
  it('items() walks the observation pages; rows are open records kept as sent', async () => {
    const rows = await toArray(
      pdg.items('health:globalhealth', 'indicator-data', {
        indicator: 'WHOSIS_000001',
        country: 'KEN',
        dim1: 'SEX_BTSX',
        orderBy: 'year',
        order: 'desc',
        limit: 2,
      }),
    );
    expect(rows.map((row) => row.year)).toEqual([2021, 2020, 2019, 2018, 2017, 2016]);
    expect(rows[0]).toMatchObject({ country: 'KEN', value: 63 });
    expect(gateway().requests[0]?.path).toBe('/v1/health:globalhealth/indicator-data/WHOSIS_000001');
  });

  it('one year, and a year range in the wrong order is refused', async () => {
    const ghana = await pdg.run('health:globalhealth', 'indicator-data', {
      indicator: 'WHOSIS_000001',
      country: 'GHA',
      year: 2019,
    });
    expect(ghana.items[0]).toMatchObject({ value: 64.1 });
    const error = await refusal(
      pdg.run('health:globalhealth', 'indicator-data', { indicator: 'WHOSIS_000001', yearFrom: 2020, yearTo: 2010 }),
    );
    expect(error.issues[0]?.path).toBe('yearTo');
  });

  it('indicators are searchable and paged; indicator is required for indicator-data', async () => {
    const found = await toArray(
      pdg.items('health:globalhealth', 'indicators', { search: 'life expectancy', limit: 2 }),
    );
    expect(found).toHaveLength(5);
    expect(found[0]).toMatchObject({ code: 'WHOSIS_000001' });
    // @ts-expect-error indicator is required
    const error = await refusal(pdg.run('health:globalhealth', 'indicator-data', { country: 'KEN' }));
    expect(error.issues).toEqual([{ path: 'indicator', message: 'is required' }]);
  });

  it('regions are top level: their parent fields read undefined', async () => {
    const regions = await pdg.run('health:globalhealth', 'regions');
    expect(regions.items).toHaveLength(6);
    expect(regions.items[0]?.parentCode).toBeUndefined();
    const dimensions = await pdg.run('health:globalhealth', 'dimensions');
    expect(dimensions.items.map((dimension) => dimension.code)).toContain('SEX');
  });
});
