/** Valibot constructs with no JSON Schema form: named with their provider, endpoint and place, or left open on request. */
import { defineEndpoint, defineProvider, record, stringParam } from '@pdg/core';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { paramsJsonSchema, responseJsonSchema, toOpenApi, UnsupportedSchemaError } from '../src/index.js';
import { garden } from './provider.js';

const planting = record({ plantId: v.string(), plantedOn: v.date() });

const sheds = defineProvider({
  id: 'test:sheds',
  description: 'A provider whose schemas JSON Schema cannot say.',
  endpoints: {
    plantings: defineEndpoint({
      description: 'Plantings.',
      params: v.strictObject({ code: v.pipe(v.string(), v.regex(/^[a-z]+$/i)) }),
      response: v.looseObject({ items: v.array(planting) }),
    }),
    tools: defineEndpoint({
      description: 'Tools.',
      params: v.strictObject({ q: stringParam('Tool name.') }),
      response: v.map(v.string(), v.number()),
    }),
  },
});

function thrown(run: () => unknown): UnsupportedSchemaError {
  try {
    run();
  } catch (error) {
    if (error instanceof UnsupportedSchemaError) return error;
    throw error;
  }
  throw new Error('expected an UnsupportedSchemaError, and nothing was thrown');
}

describe('constructs with no JSON Schema form', () => {
  it('toOpenApi fails once, naming every provider, endpoint, place and construct', () => {
    const error = thrown(() => toOpenApi([garden, sheds]));
    expect(error.constructs.map((found) => [found.schema, found.path, found.construct])).toEqual([
      ['test:sheds plantings params', 'code', 'the "regex" action'],
      ['test:sheds plantings response', 'items[].plantedOn', 'the "date" schema'],
      ['test:sheds tools response', '', 'the "map" schema'],
    ]);
    expect(error.message).toContain(
      'test:sheds plantings response at items[].plantedOn: the "date" schema (The "date" schema cannot be converted to JSON Schema.)',
    );
    expect(error.message).toContain('RegExp flags are not supported by JSON Schema.');
    expect(error.message).toContain("pass { unsupported: 'open' }");
  });

  it("with unsupported: 'open', an open schema there that says why, and the rest as usual", () => {
    const document = toOpenApi([sheds], { unsupported: 'open' });
    const item = (
      responseJsonSchema(sheds.endpoints.plantings, { unsupported: 'open' }) as {
        properties: { items: { items: { properties: Record<string, unknown> } } };
      }
    ).properties.items.items.properties;
    expect(item.plantId).toEqual({ type: ['string', 'null'] });
    expect(item.plantedOn).toEqual({
      description:
        'No JSON Schema form: the "date" schema (The "date" schema cannot be converted to JSON Schema.); any value is shown as valid here.',
    });
    expect(Object.keys(document.paths)).toEqual(['/v1/test:sheds/plantings', '/v1/test:sheds/tools']);
  });

  it('the building blocks throw too, labelled when given a label', () => {
    expect(() => paramsJsonSchema(sheds.endpoints.plantings, { label: 'test:sheds plantings' })).toThrow(
      /^A valibot construct has no JSON Schema form:\n {2}- test:sheds plantings params at code: the "regex" action/,
    );
    expect(() => responseJsonSchema(sheds.endpoints.tools)).toThrow('response: the "map" schema');
  });

  it('checks only narrow what is valid: left out, they throw nothing', () => {
    const params = v.pipe(
      v.strictObject({ a: v.optional(v.string()), b: v.optional(v.string()) }),
      v.check((input) => input.a !== undefined || input.b !== undefined, 'give a or b'),
    );
    const endpoint = defineEndpoint({ description: 'Either.', params, response: v.unknown() });
    expect(paramsJsonSchema(endpoint)).toMatchObject({ properties: { a: { type: 'string' }, b: { type: 'string' } } });
  });
});
