/**
 * schema-reader.ts, the one module that reads valibot schemas back: descriptions and pdg's documentation are
 * valibot `description` and `metadata` actions, read with valibot's `getDescription` and `getMetadata`.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  described,
  descriptionOf,
  fields,
  integerParam,
  listParam,
  optional,
  optionalField,
  paramRules,
  record,
  stringParam,
} from '../src/index.js';
import { metadataOf } from '../src/schema/schema.js';
import {
  actionOf,
  entriesOf,
  isOptional,
  pipeActions,
  pipeBase,
  schemaNode,
  unwrapped,
  wrappedOf,
} from '../src/schema/schema-reader.js';

describe('described', () => {
  it('stores the text as a valibot description action, read back by valibot itself', () => {
    const schema = described(v.string(), 'A city name.');
    expect(v.getDescription(schema)).toBe('A city name.');
    expect(descriptionOf(schema)).toBe('A city name.');
    expect(schemaNode(schema).pipe?.at(-1)).toMatchObject({ kind: 'metadata', type: 'description' });
    // No private key on the schema object.
    expect(Object.keys(schema).filter((key) => key.startsWith('~') && key !== '~standard' && key !== '~run')).toEqual(
      [],
    );
  });

  it('copies: a schema shared under two names keeps each text, and the original has none', () => {
    const shared = integerParam({ min: 1 });
    const a = described(shared, 'First use.');
    const b = described(shared, 'Second use.');
    expect([descriptionOf(a), descriptionOf(b), descriptionOf(shared)]).toEqual([
      'First use.',
      'Second use.',
      undefined,
    ]);
  });

  it('keeps the schema what it was: an optional stays optional, a record still reads null as undefined', () => {
    const page = described(optional(integerParam({ min: 1, max: 9 })), 'Page number.');
    expect(schemaNode(page).type).toBe('optional');
    expect(isOptional(schemaNode(page))).toBe(true);
    expect(v.parse(v.object({ page }), {})).toEqual({});
    expect(v.safeParse(v.object({ page }), { page: 10 }).success).toBe(false);
    const place = described(record({ city: v.string() }), 'A place.');
    expect(v.parse(place, { city: null })).toEqual({ city: undefined });
    expect(descriptionOf(place)).toBe('A place.');
  });

  it("a record's or fields()'s field keeps its description, read through the wrapper that makes it optional", () => {
    const place = record({ city: described(v.string(), 'City name.'), lat: v.number() });
    const entries = entriesOf(schemaNode(place));
    expect(descriptionOf(entries.city)).toBe('City name.');
    expect(descriptionOf(entries.lat)).toBeUndefined();
    expect(v.parse(place, { city: null, lat: 1 })).toEqual({ city: undefined, lat: 1 });
    const more = fields({ note: described(v.string(), 'A note.') });
    expect(descriptionOf(more.note)).toBe('A note.');
  });

  it('a later text wins over an earlier one, and a value that is not a schema is returned as it is', () => {
    expect(descriptionOf(described(stringParam('Inner text.'), 'Outer text.'))).toBe('Outer text.');
    const notSchema = { kind: 'other' };
    expect(described(notSchema, 'Text.')).toBe(notSchema);
    expect(descriptionOf(notSchema)).toBeUndefined();
  });
});

describe('the readers', () => {
  it('metadataOf merges the pipe metadata: list values and param rules', () => {
    expect(metadataOf(listParam({ values: ['a', 'b'], default: 'a' }))).toMatchObject({
      list: true,
      values: ['a', 'b'],
      open: false,
      default: 'a',
    });
    const params = paramRules(v.object({ a: optional(stringParam()), b: optional(stringParam()) }), {
      requires: { a: ['b'] },
    });
    expect(metadataOf(params)).toEqual({ dependentRequired: { a: ['b'] } });
    expect(metadataOf(v.string())).toEqual({});
  });

  it('unwrapped goes through every absence wrapper, wrappedOf one level of any wrapper', () => {
    const inner = v.string();
    expect(unwrapped(schemaNode(v.optional(v.nullable(inner))))).toBe(inner);
    expect(unwrapped(schemaNode(optionalField(inner)))).toBe(inner);
    expect(wrappedOf(schemaNode(v.nonOptional(inner)))).toBe(inner);
    expect(wrappedOf(schemaNode(inner))).toBeUndefined();
  });

  it('pipeBase and pipeActions read through a pipe whose first schema is piped too', () => {
    const base = v.number();
    const twice = v.pipe(v.pipe(base, v.integer(), v.maxValue(5)), v.minValue(1), v.description('Count.'));
    expect(pipeBase(schemaNode(twice))).toBe(base);
    expect(pipeActions(schemaNode(twice)).map((action) => action.type)).toEqual([
      'integer',
      'max_value',
      'min_value',
      'description',
    ]);
    expect(actionOf(schemaNode(twice), 'max_value')?.requirement).toBe(5);
    expect(actionOf(schemaNode(base), 'max_value')).toBeUndefined();
  });

  it('entriesOf gives an object schema its entries and any other schema none', () => {
    const object = v.object({ a: v.string() });
    expect(Object.keys(entriesOf(schemaNode(described(object, 'Params.'))))).toEqual(['a']);
    expect(entriesOf(schemaNode(v.string()))).toEqual({});
  });
});
