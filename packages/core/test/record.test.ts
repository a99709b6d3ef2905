/**
 * `record()` is valibot's loose object of `optionalField`s. These tests hold it to valibot's loose object of
 * plain `nullish` fields, with null then read as undefined: the same output and the same issues, for valid and
 * invalid values alike.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fields, record } from '../src/index.js';

const entries = {
  id: v.string(),
  count: v.number(),
  open: v.boolean(),
  tags: v.array(v.string()),
  place: record({ city: v.string(), lat: v.number() }),
  code: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
  either: v.union([v.string(), v.number()]),
};
const fast = record(entries);
const nullish = v.looseObject(
  Object.fromEntries(Object.entries(entries).map(([key, schema]) => [key, v.nullish(schema)])),
);

/** valibot's result for plain nullish fields, with each known field's null read as undefined. */
function reference(input: unknown, config?: v.Config<v.BaseIssue<unknown>>) {
  const result = v.safeParse(nullish, input, config);
  if (!result.success) return result;
  const output = { ...result.output } as Record<string, unknown>;
  for (const key of Object.keys(entries)) if (output[key] === null) output[key] = undefined;
  return { ...result, output };
}

const anyValue = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.string({ maxLength: 4 }),
  fc.constantFrom('SG', 'ID', 'sg'),
  fc.double(),
  fc.boolean(),
  fc.array(fc.oneof(fc.string({ maxLength: 3 }), fc.integer()), { maxLength: 3 }),
  fc.record(
    {
      city: fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.constant(null)),
      lat: fc.oneof(fc.double(), fc.constant(null)),
    },
    { requiredKeys: [] },
  ),
);
const body = fc.dictionary(
  fc.constantFrom('id', 'count', 'open', 'tags', 'place', 'code', 'either', 'extra', 'constructor', '__proto__'),
  anyValue,
);

const summary = (result: { success: boolean; output?: unknown; issues?: readonly v.BaseIssue<unknown>[] }) =>
  result.success
    ? { success: true, output: result.output }
    : {
        success: false,
        issues: result.issues?.map((issue) => ({ message: issue.message, path: v.getDotPath(issue) })),
      };

describe('record()', () => {
  it("gives what valibot's nullish fields give, null read as undefined, for any body", () => {
    fc.assert(
      fc.property(fc.oneof(body, anyValue), (input) => {
        expect(summary(v.safeParse(fast, input))).toEqual(summary(reference(input)));
        expect(summary(v.safeParse(fast, input, { abortEarly: true }))).toEqual(
          summary(reference(input, { abortEarly: true })),
        );
      }),
      { numRuns: 2_000 },
    );
  });

  it('fields() gives each entry the same reading, for spreading beside required fields', () => {
    const page = v.looseObject({ count: v.number(), ...fields({ total: v.number() }) });
    expect(v.parse(page, { count: 1, total: null })).toEqual({ count: 1, total: undefined });
    expect('total' in v.parse(page, { count: 1 })).toBe(false);
    expect(v.safeParse(page, { count: 1, total: '2' }).success).toBe(false);
  });

  it('reads null as undefined, leaves an absent field out and keeps unknown fields after the known ones', () => {
    const output = v.parse(fast, { extra: 1, id: null, count: 3 });
    expect(output).toEqual({ id: undefined, count: 3, extra: 1 });
    expect(Object.keys(output)).toEqual(['id', 'count', 'extra']);
    expect('open' in output).toBe(false);
  });

  it('refuses NaN where a number is expected, naming the field', () => {
    const result = v.safeParse(fast, { count: Number.NaN });
    expect(result.success).toBe(false);
    expect(result.issues?.map((issue) => v.getDotPath(issue))).toEqual(['count']);
  });

  it('validates through the Standard Schema interface the same way', async () => {
    const good = await fast['~standard'].validate({ id: 'a', place: { city: null } });
    expect(good.issues).toBeUndefined();
    expect('value' in good && good.value).toEqual({ id: 'a', place: { city: undefined } });
    const bad = await fast['~standard'].validate({ id: 1 });
    expect(bad.issues?.map((issue) => issue.path?.length)).toEqual([1]);
  });
});
