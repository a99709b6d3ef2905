/**
 * Step 7's checker (pipeline/response-checker.ts) against valibot: for any value, the same verdict and a
 * deeply equal output, over a schema holding every kind of node the checker reads and one it leaves to
 * valibot; and the one rule it adds: an array is not an object.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { checkResponse, described, fields, issuePath, record } from '../src/index.js';

const place = record({ city: v.string(), lat: v.number() });
const schema = v.looseObject({
  id: v.string(),
  count: v.pipe(v.number(), v.integer()),
  open: v.optional(v.boolean()),
  note: v.nullable(v.string()),
  kind: v.picklist(['a', 'b']),
  version: v.literal(2),
  nothing: v.optional(v.null()),
  gone: v.optional(v.never()),
  raw: v.unknown(),
  tags: v.array(v.pipe(v.string(), v.regex(/^[a-z]+$/), v.description('a tag'))),
  place,
  places: v.optional(v.array(place)),
  // A described record (its description a last pipe action), and one piped again by hand: a pipe whose first
  // schema is itself piped, whose transformation (null read as undefined) must still run.
  labelled: v.optional(described(place, 'A place, described.')),
  nested: v.optional(v.pipe(place, v.description('A place, piped again.'))),
  either: v.union([
    v.string(),
    v.pipe(
      v.number(),
      v.transform((value) => value * 2),
    ),
    place,
  ]),
  byCode: v.optional(v.record(v.string(), v.number())),
  // Read by valibot itself: the checker has no code for a tuple or an e-mail check.
  pair: v.optional(v.tuple([v.string(), v.number()])),
  mail: v.optional(v.pipe(v.string(), v.email())),
  ...fields({ label: v.string(), size: v.number() }),
});

/** Values near the schema's: each field valid, absent, null or of another type, with unknown keys besides. */
const scalar = fc.oneof(
  fc.constant(null),
  fc.string({ maxLength: 3 }),
  fc.constantFrom('a', 'b', 'abc', 'a@b.io', 'A1'),
  fc.integer({ min: -3, max: 3 }),
  fc.double(),
  fc.boolean(),
  fc.constant(2),
);
const placeRecord = fc.record(
  { city: fc.oneof(fc.string({ maxLength: 3 }), fc.constant(null)), lat: fc.oneof(fc.double(), fc.constant(null)) },
  { requiredKeys: [] },
);
const placeLike = fc.oneof(placeRecord, scalar);
const field = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 24, arbitrary: valid }, { weight: 1, arbitrary: scalar });
const body = fc.record(
  {
    id: field(fc.string({ maxLength: 3 })),
    count: field(fc.integer()),
    open: field(fc.boolean()),
    note: field(fc.string({ maxLength: 2 })),
    kind: field(fc.constantFrom('a', 'b')),
    version: field(fc.constant(2)),
    nothing: fc.constant(null),
    raw: fc.jsonValue({ maxDepth: 2 }),
    tags: field(
      fc.array(fc.oneof({ weight: 9, arbitrary: fc.constantFrom('ab', 'x') }, fc.constantFrom('A', '')), {
        maxLength: 3,
      }),
    ),
    place: field(placeLike),
    places: field(fc.array(placeLike, { maxLength: 3 })),
    labelled: field(placeRecord),
    nested: field(placeRecord),
    either: field(fc.oneof(fc.string({ maxLength: 2 }), fc.integer(), placeLike)),
    byCode: field(fc.dictionary(fc.constantFrom('x', 'y', '__proto__', 'constructor'), fc.integer(), { maxKeys: 3 })),
    pair: field(fc.tuple(fc.string({ maxLength: 2 }), fc.integer())),
    mail: field(fc.constant('a@b.io')),
    label: field(fc.string({ maxLength: 2 })),
    size: field(fc.double()),
    extra: scalar,
    prototype: scalar,
  },
  { requiredKeys: ['id', 'count', 'note', 'kind', 'version', 'raw', 'tags', 'place', 'either'] },
);

/** The value as JSON.parse would give it (own `__proto__` keys as data, as a gateway's body has them). */
const asParsed = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe("the response checker gives valibot's verdict and output", () => {
  it('for 1,000 values near the schema, valid and not', () => {
    let passed = 0;
    fc.assert(
      fc.property(body, (generated) => {
        const value = asParsed(generated);
        const expected = v.safeParse(schema, value);
        const actual = checkResponse(schema, value);
        expect(actual.success).toBe(expected.success);
        if (expected.success && actual.success) {
          passed++;
          expect(actual.output).toStrictEqual(expected.output);
        }
      }),
      { numRuns: 1000, seed: 36 },
    );
    // Both sides of the verdict were exercised.
    expect(passed).toBeGreaterThan(100);
    expect(passed).toBeLessThan(1000);
  });

  it('builds new objects and arrays at every level and leaves the body as sent', () => {
    const value = asParsed({
      id: 'x',
      count: 1,
      note: null,
      kind: 'a',
      version: 2,
      raw: { any: [1] },
      tags: ['ab'],
      place: { city: null, lat: 1, more: { deep: true } },
      places: [{ city: 'y' }],
      either: 3,
      label: null,
    }) as Record<string, unknown>;
    const before = structuredClone(value);
    const result = checkResponse(schema, value);
    expect(result.success).toBe(true);
    const output = (result as { output: Record<string, unknown> }).output;
    expect(value).toStrictEqual(before);
    expect(output).not.toBe(value);
    expect(output.place).not.toBe(value.place);
    expect(output.tags).not.toBe(value.tags);
    expect(output.places).not.toBe(value.places);
    expect(output.either).toBe(6);
    expect(output.label).toBeUndefined();
    expect('label' in output).toBe(true);
    expect((output.place as Record<string, unknown>).city).toBeUndefined();
  });

  it("leaves out the keys valibot leaves out of an object's output", () => {
    const value = JSON.parse(
      '{"id":"x","count":1,"note":"n","kind":"b","version":2,"raw":[],"tags":[],"place":{},"either":"s","__proto__":{"polluted":1},"constructor":3,"prototype":4}',
    );
    const expected = v.safeParse(schema, value);
    const actual = checkResponse(schema, value);
    expect(actual).toMatchObject({ success: true });
    expect(actual.success && Object.keys(actual.output as object)).not.toContain('__proto__');
    expect(actual.success && actual.output).toStrictEqual(expected.success && expected.output);
  });
});

describe('an array is not an object', () => {
  const valid = { id: 'x', count: 1, note: null, kind: 'a', version: 2, raw: 0, tags: [], place: {}, either: 'e' };

  it('where a record is documented, though valibot passes it as {"0": ...}', () => {
    const value = { ...valid, place: [{ city: 'y' }] };
    expect(v.safeParse(schema, value).success).toBe(true);
    const result = checkResponse(schema, value);
    expect(result.success).toBe(false);
    const issues = result.success ? [] : result.issues;
    expect(issues.map((issue) => [issuePath(issue), issue.expected, issue.received])).toEqual([
      ['place', 'Object', 'Array'],
    ]);
  });

  it('deep in a list, at the root, and under a valibot record', () => {
    const cases: [v.GenericSchema, unknown, string][] = [
      [schema, { ...valid, places: [{}, [1]] }, 'places[1]'],
      [place, [{ city: 'y' }], ''],
      [schema, { ...valid, byCode: [1, 2] }, 'byCode'],
    ];
    for (const [schema, value, path] of cases) {
      expect(v.safeParse(schema, value).success).toBe(true);
      const result = checkResponse(schema, value);
      expect(result.success ? 'passed' : result.issues.map(issuePath)).toEqual([path]);
    }
  });

  it('while a union that documents an array takes one', () => {
    const listOrPlace = v.union([v.array(v.string()), place]);
    expect(checkResponse(listOrPlace, ['a'])).toEqual({ success: true, output: ['a'] });
    expect(checkResponse(listOrPlace, [1]).success).toBe(false);
  });
});
