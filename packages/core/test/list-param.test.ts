import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineProvider, describeParams, isPdgError, listParam, optional, validateParams } from '../src/index.js';

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
    validateParams('test:lists', 'yields', endpoint, params);
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
