import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { describeParams } from '../src/describe-entry.js';
import {
  defineProvider,
  enumParam,
  integerParam,
  isPdgError,
  listParam,
  numberParam,
  optional,
  paramRules,
  stringParam,
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

describe('paramRules: rules between params that the spec states', () => {
  const listings = defineProvider({
    id: 'test:rules',
    description: 'Rules.',
    endpoints: {
      jobs: {
        description: 'Jobs.',
        params: paramRules(
          v.strictObject({
            minSalary: optional(numberParam()),
            currency: optional(enumParam(['IDR', 'SGD'])),
          }),
          { requires: { minSalary: ['currency'] } },
        ),
        response: v.unknown(),
      },
      remote: {
        description: 'Remote jobs.',
        params: paramRules(v.looseObject({ query: optional(stringParam()) }), {
          refuses: { workArrangement: 'this listing pre-binds it to REMOTE' },
        }),
        response: v.unknown(),
      },
    },
  });
  const check = (name: 'jobs' | 'remote', params: unknown) => {
    try {
      validateParams({ provider: 'test:rules', endpoint: name, definition: listings.endpoints[name], params });
      return [];
    } catch (error) {
      return isPdgError(error) ? error.issues : [error];
    }
  };

  it('refuses a param given without the one it requires, on the missing one; accepts both, or neither', () => {
    expect(check('jobs', { minSalary: 5000, currency: 'SGD' })).toEqual([]);
    expect(check('jobs', { currency: 'SGD' })).toEqual([]);
    expect(check('jobs', {})).toEqual([]);
    expect(check('jobs', { minSalary: 5000 })).toEqual([
      { path: 'currency', message: 'must be given when minSalary is given' },
    ]);
  });

  it('refuses a param the endpoint does not offer, saying why, and sends any other', () => {
    expect(check('remote', { query: 'nurse', anything: 'else' })).toEqual([]);
    expect(check('remote', { workArrangement: 'HYBRID' })).toEqual([
      { path: 'workArrangement', message: 'must not be given: this listing pre-binds it to REMOTE' },
    ]);
  });

  it('keeps the rules as metadata and the params as entries, for describe and the OpenAPI document', () => {
    expect(describeParams(listings.endpoints.jobs).map((param) => param.name)).toEqual(['minSalary', 'currency']);
    const metadata = (
      listings.endpoints.jobs.params as unknown as { pipe: { type: string; metadata?: unknown }[] }
    ).pipe.find((step) => step.type === 'metadata')?.metadata;
    expect(metadata).toEqual({ dependentRequired: { minSalary: ['currency'] } });
  });
});

describe('the builders hold only the rules they are given', () => {
  const loose = defineProvider({
    id: 'test:plain',
    description: 'Plain.',
    endpoints: {
      any: {
        description: 'Any.',
        params: v.strictObject({
          text: optional(stringParam()),
          season: optional(stringParam({ allowEmpty: true, pattern: /^\d*$/, patternMessage: 'must be digits' })),
          count: optional(integerParam()),
          id: optional(stringParam({ hint: 'a four-part id such as abcd-1234' })),
        }),
        response: v.unknown(),
      },
    },
  });
  const endpoint = loose.endpoints.any;
  const steps = (name: string) =>
    (
      (endpoint.params as unknown as { entries: Record<string, { wrapped: { pipe: { type: string }[] } }> }).entries[
        name
      ]?.wrapped.pipe ?? []
    ).map((step) => step.type);

  it('a string without a pattern has no regex step, and a number without bounds no bound steps', () => {
    expect(steps('text')).toEqual(['string', 'min_length']);
    expect(steps('count')).toEqual(['number', 'integer']);
  });

  it('a hint is shown, never checked; an empty string is accepted only where allowed', () => {
    const check = (params: unknown) => {
      try {
        validateParams({ provider: 'test:plain', endpoint: 'any', definition: endpoint, params });
        return [];
      } catch (error) {
        return isPdgError(error) ? error.issues.map((issue) => issue.path) : [error];
      }
    };
    expect(check({ id: 'not the usual form', count: -7, season: '' })).toEqual([]);
    expect(check({ text: '', season: 'two' })).toEqual(['text', 'season']);
    const [text, season, , id] = describeParams(endpoint);
    expect(id?.hint).toBe('a four-part id such as abcd-1234');
    expect(id?.format).toBeUndefined();
    expect(season).toMatchObject({ allowsEmpty: true, format: 'digits' });
    expect(text?.allowsEmpty).toBeUndefined();
  });
});
