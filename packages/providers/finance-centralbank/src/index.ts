/**
 * finance:centralbank: a central bank's data cubes, money-market rates, bond yields and policy rates.
 * Source of truth: the gateway spec, document 2, sections 2.1 and 4.1, and document 1, sections 2.1 and 8.
 */
import { defineProvider } from '@pdg/core/provider';
import * as bondYields from './bond-yields.js';
import * as cube from './cube.js';
import * as cubeDimensions from './cube-dimensions.js';
import * as moneyMarket from './money-market.js';
import * as policyRates from './policy-rates.js';

export { banks, confirmedCubes, languages, maturities } from './params.js';
export * from './records.js';

export const centralbank = defineProvider({
  id: 'finance:centralbank',
  description: 'Central-bank data cubes, money-market rates, bond yields and policy rates.',
  endpoints: {
    'cube-dimensions': cubeDimensions,
    'money-market': moneyMarket,
    'bond-yields': bondYields,
    'policy-rates': policyRates,
    cube,
  },
});
