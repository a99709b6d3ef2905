import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { describeParams } from '../src/describe-entry.js';
import {
  defineProvider,
  integerParam,
  isPdgError,
  listParam,
  optional,
  orderedParams,
  validateParams,
} from '../src/index.js';

const maturities = ['1', '2', '10', '30'] as const;
const provider = defineProvider({
  id: 'test:lists',
  description: 'Lists.',
  endpoints: {
    yields: {
      description: 'Yields.',
      params: v.strictObject({
        maturity: optional(listParam({ values: maturities })),
        window: optional(listParam({ values: ['1h', '24h'], open: true })),
        coins: listParam({ pattern: /^[a-z0-9-]+$/, patternMessage: 'a lowercase coin id' }),
      }),
      response: v.unknown(),
    },
  },
});
const endpoint = provider.endpoints.yields;

function issues(params: unknown) {
  try {
    validateParams({ provider: 'test:lists', endpoint: 'yields', definition: endpoint, params });
    return [];
  } catch (error) {
    if (!isPdgError(error)) throw error;
    return error.issues.map((issue) => `${issue.path} ${issue.message}`);
  }
}

describe('listParam: a comma-separated param that takes a string or an array', () => {
  it('accepts the gateway form and an array, numbers where a published value is numeric', () => {
    expect(issues({ coins: 'bitcoin,ethereum', maturity: '1,10' })).toEqual([]);
    expect(issues({ coins: ['bitcoin'], maturity: [2, '30'], window: ['7d', '1h'] })).toEqual([]);
  });

  it('refuses an unpublished value of a closed list, naming it and the accepted values', () => {
    expect(issues({ coins: 'x', maturity: [2, 11] })).toEqual([
      'maturity has an item outside the accepted values: "11" (accepted: "1", "2", "10", "30")',
    ]);
  });

  it('refuses items of the wrong form, empty items and empty lists', () => {
    expect(issues({ coins: 'bitcoin,Ether Coin' })).toEqual([
      'coins has an item not a lowercase coin id: "Ether Coin" (received "bitcoin,Ether Coin")',
    ]);
    expect(issues({ coins: 'bitcoin,,ethereum' })).toEqual([
      'coins must not be empty or hold an empty item (received "bitcoin,,ethereum")',
    ]);
    expect(issues({ coins: [] })).toEqual(['coins must not be an empty list']);
    expect(issues({ coins: 5 })).toEqual(['coins must be a comma-separated string or an array (received 5)']);
  });

  it('is described as a list with its values', () => {
    const [maturity, window, coins] = describeParams(endpoint);
    expect(maturity).toMatchObject({ type: 'list', values: maturities, open: false });
    expect(window).toMatchObject({ type: 'list', values: ['1h', '24h'], open: true });
    expect(coins?.format).toBe('comma-separated, or an array; each a lowercase coin id');
  });

  it('types published values for autocompletion', () => {
    type Maturity = v.InferInput<typeof endpoint.params>['maturity'];
    expectTypeOf<readonly (2 | '10')[]>().toExtend<Maturity>();
    expectTypeOf<readonly 11[]>().not.toExtend<Maturity>();
  });
});

describe('orderedParams: a range whose end comes before its start is refused', () => {
  const years = defineProvider({
    id: 'test:ranges',
    description: 'Ranges.',
    endpoints: {
      span: {
        description: 'Span.',
        params: orderedParams({ from: optional(integerParam()), to: optional(integerParam()) }, 'from', 'to'),
        response: v.unknown(),
      },
    },
  });
  const check = (params: unknown) => {
    try {
      validateParams({ provider: 'test:ranges', endpoint: 'span', definition: years.endpoints.span, params });
      return [];
    } catch (error) {
      return isPdgError(error) ? error.issues : [error];
    }
  };

  it('accepts an ordered range, a single bound and equal bounds; refuses a reversed one on `to`', () => {
    expect(check({ from: 2010, to: 2020 })).toEqual([]);
    expect(check({ from: 2020 })).toEqual([]);
    expect(check({ from: 2020, to: 2020 })).toEqual([]);
    expect(check({ from: 2020, to: 2010 })).toEqual([
      { path: 'to', message: 'must not be before from (from is 2020, to is 2010)' },
    ]);
    expect(describeParams(years.endpoints.span).map((param) => param.name)).toEqual(['from', 'to']);
  });
});
