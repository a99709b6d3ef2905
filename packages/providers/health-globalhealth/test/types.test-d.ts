/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PagedWalk, PdgClient } from '@pdg/core';
import type * as v from 'valibot';
import { expectTypeOf } from 'vitest';
import type { globalhealth, observation } from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof globalhealth]>;

const countries = await pdg.run('health:globalhealth', 'countries', { region: 'AFR' });
expectTypeOf(countries.items[0]?.code).toEqualTypeOf<string | undefined>();
const values = await pdg.run('health:globalhealth', 'dimension-values', { dimension: 'SEX' });
expectTypeOf(values.items[0]?.parentCode).toEqualTypeOf<string | undefined>();
const dimensions = await pdg.run('health:globalhealth', 'dimensions');
expectTypeOf(dimensions.items[0]?.title).toEqualTypeOf<string | undefined>();
const data = await pdg.run('health:globalhealth', 'indicator-data', {
  indicator: 'WHOSIS_000001',
  country: 'KEN',
  spatialDimType: 'COUNTRY',
  yearFrom: 2010,
  yearTo: 2020,
});
// Observation rows are open records.
expectTypeOf(data.items[0]?.year).toEqualTypeOf<unknown>();
expectTypeOf(data.items).toExtend<readonly Record<string, unknown>[]>();
const indicators = await pdg.run('health:globalhealth', 'indicators', { search: 'malaria', page: 2 });
expectTypeOf(indicators.search).toEqualTypeOf<string | undefined>();
const regions = await pdg.run('health:globalhealth', 'regions');
expectTypeOf(regions.items[0]?.name).toEqualTypeOf<string | undefined>();

expectTypeOf(pdg.items('health:globalhealth', 'indicator-data', { indicator: 'X' })).toEqualTypeOf<
  PagedWalk<v.InferOutput<typeof observation>>
>();

// Misuse is a compile error.
// @ts-expect-error indicator is required
void pdg.run('health:globalhealth', 'indicator-data', { country: 'KEN' });
// @ts-expect-error year is a number
void pdg.run('health:globalhealth', 'indicator-data', { indicator: 'X', year: '2019' });
// @ts-expect-error dimension is required
void pdg.run('health:globalhealth', 'dimension-values', {});
// @ts-expect-error countries is not paged
void pdg.items('health:globalhealth', 'countries');
