/**
 * health:globalhealth: global health statistics: indicators and their observations by country, region,
 * year and dimension, with the country, region and dimension vocabularies.
 * Source of truth: the gateway spec, document 3, sections 2.2 and 4.2, and document 1, sections 2.1 and 8.
 */
import { defineProvider } from '@pdg/core/provider';
import * as countries from './countries.js';
import * as dimensionValues from './dimension-values.js';
import * as dimensions from './dimensions.js';
import * as indicatorData from './indicator-data.js';
import * as indicators from './indicators.js';
import * as regions from './regions.js';

export * from './records.js';

export const globalhealth = defineProvider({
  id: 'health:globalhealth',
  description: 'Global health indicators by country, region, year and dimension.',
  endpoints: {
    countries,
    'dimension-values': dimensionValues,
    dimensions,
    'indicator-data': indicatorData,
    indicators,
    regions,
  },
});
