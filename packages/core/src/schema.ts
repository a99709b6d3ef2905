/**
 * Schema builders for provider packages. They are plain valibot schemas carrying their documentation
 * (default, limits, form) as valibot metadata, so one definition drives validation, types, `pdg describe`
 * and generated READMEs.
 *
 * Descriptions are written once, as the JSDoc comment above a param or field: editors show it in hovers,
 * and the build preset copies it onto the schema (see `described`) for `pdg describe` and the READMEs.
 * Code built without the preset can pass the description as the builders' first argument instead.
 */
import * as v from 'valibot';
import type { AnySchema } from './contract.js';

/** Documentation a param carries besides its type. */
// A type alias, not an interface, so it is assignable to valibot's metadata record.
export type ParamDoc = {
  /** The server's default, shown in docs. Never sent: only what the caller passes is sent. */
  readonly default?: string | number | boolean;
};

/** Where a schema's description is kept when it comes from a JSDoc comment. */
export const descriptionKey = '~pdgDescription';

/**
 * The schema with `description` attached: a shallow copy, so a schema shared under two names keeps
 * each name's own text, and validation runs exactly as before. Values that are not schemas are returned
 * as they are. The build preset wraps every JSDoc-commented property of a provider's source in this call.
 */
export function described<T>(value: T, description: string): T {
  if (typeof value !== 'object' || value === null || (value as { kind?: unknown }).kind !== 'schema') return value;
  return { ...value, [descriptionKey]: description };
}

/** The description attached by `described` or by a builder's first argument, or `undefined`. */
export function descriptionOf(schema: unknown): string | undefined {
  const node = schema as { [descriptionKey]?: string; pipe?: readonly { type: string; description?: string }[] };
  if (node?.[descriptionKey] !== undefined) return node[descriptionKey];
  return node?.pipe?.find((action) => action.type === 'description' && action.description)?.description;
}

/**
 * The type the param builders give their schemas: what a param takes and gives, and nothing of its pipe.
 * The pipe is there at run time (and `describeParams` reads it); typed, it would make the compiler infer
 * each param through valibot's pipe types again for every endpoint a program calls.
 */
export interface ParamSchema<TValue> extends v.BaseSchema<TValue, TValue, v.BaseIssue<unknown>> {}

/** Stands in when a string param has no pattern, so every string param's pipe has the same shape. */
export const anyText = /^/;

type Bounds = { readonly min?: number; readonly max?: number } & ParamDoc;
type StringExtra = ParamDoc & { readonly pattern?: RegExp; readonly patternMessage?: string };

/** Splits the optional leading description from the options. */
function args<T extends object>(first: string | T | undefined, second: T | undefined): [string, T] {
  return typeof first === 'string' ? [first, second ?? ({} as T)] : ['', first ?? second ?? ({} as T)];
}

/** A string param; `pattern` refuses values of the wrong form, and `patternMessage` says what the form is. */
export function stringParam(descriptionOrExtra?: string | StringExtra, maybeExtra?: StringExtra): ParamSchema<string> {
  const [description, extra] = args(descriptionOrExtra, maybeExtra);
  return v.pipe(
    v.string(),
    v.minLength(1, 'must not be empty'),
    v.regex(extra.pattern ?? anyText, extra.patternMessage ?? `must match ${String(extra.pattern)}`),
    v.description(description),
    v.metadata(docMeta(extra)),
  );
}

/** A whole-number param with optional bounds (an absent bound is infinite and never shown). */
export function integerParam(descriptionOrBounds?: string | Bounds, maybeBounds?: Bounds): ParamSchema<number> {
  const [description, bounds] = args(descriptionOrBounds, maybeBounds);
  return v.pipe(
    v.number(),
    v.integer('must be a whole number'),
    v.minValue(bounds.min ?? Number.NEGATIVE_INFINITY, `must be at least ${bounds.min}`),
    v.maxValue(bounds.max ?? Number.POSITIVE_INFINITY, `must be at most ${bounds.max}`),
    v.description(description),
    v.metadata(docMeta(bounds)),
  );
}

/** A number param (fractions allowed) with optional bounds. */
export function numberParam(descriptionOrBounds?: string | Bounds, maybeBounds?: Bounds): ParamSchema<number> {
  const [description, bounds] = args(descriptionOrBounds, maybeBounds);
  return v.pipe(
    v.number(),
    v.finite('must be a finite number'),
    v.minValue(bounds.min ?? Number.NEGATIVE_INFINITY, `must be at least ${bounds.min}`),
    v.maxValue(bounds.max ?? Number.POSITIVE_INFINITY, `must be at most ${bounds.max}`),
    v.description(description),
    v.metadata(docMeta(bounds)),
  );
}

/** A closed enum: any other value is refused before sending. */
export function enumParam<const T extends readonly [string, ...string[]]>(
  values: T,
  descriptionOrExtra?: string | ParamDoc,
  maybeExtra?: ParamDoc,
): ParamSchema<T[number]> {
  const [description, extra] = args(descriptionOrExtra, maybeExtra);
  return v.pipe(
    v.picklist(values, `must be one of ${values.map((value) => `"${value}"`).join(', ')}`),
    v.description(description),
    v.metadata(docMeta(extra)),
  );
}

/**
 * An open enum: the spec names some values and says others exist. The named values autocomplete;
 * any non-empty string is accepted.
 */
export function openEnumParam<const T extends readonly [string, ...string[]]>(
  values: T,
  descriptionOrExtra?: string | ParamDoc,
  maybeExtra?: ParamDoc,
) {
  const [description, extra] = args(descriptionOrExtra, maybeExtra);
  const schema = v.pipe(
    v.string(),
    v.minLength(1, 'must not be empty'),
    v.description(description),
    v.metadata({ ...docMeta(extra), openEnum: values }),
  );
  // The named values plus `string & {}` keeps editor completion for them while allowing any string.
  return schema as unknown as ParamSchema<T[number] | (string & {})>;
}

/** Options of `listParam`. */
export type ListExtra<TValues extends readonly string[]> = ParamDoc & {
  /** The published values: they autocomplete, and with `open: false` (the default) nothing else is accepted. */
  readonly values?: TValues;
  /** Accept values beyond `values` too (they still autocomplete). */
  readonly open?: boolean;
  /** The form each item must have, when there are no closed `values`. */
  readonly pattern?: RegExp;
  /** What the item form is, in words, for messages (`a coin id such as bitcoin`). */
  readonly patternMessage?: string;
};

/** `'10'` → `10`: a published numeric value may be given as a number too. */
type NumberOf<T> = T extends `${infer N extends number}` ? N : never;

/** What a list param accepts: `'a,b'` as the gateway takes it, or `['a', 'b']` (sent comma-joined). */
export type ListInput<TValue extends string, TOpen extends boolean> = TOpen extends true
  ? TValue | (string & {}) | readonly (TValue | NumberOf<TValue> | (string & {}))[]
  : TValue | (string & {}) | readonly (TValue | NumberOf<TValue>)[];

/**
 * A comma-separated list param. The caller passes the gateway's own form (`'1,10'`) or an array
 * (`[1, 10]`, `['ecb', 'fed']`), sent comma-joined. Each item is checked before sending: against the
 * published `values` unless the list is `open`, else against `pattern`. Numbers are accepted where a
 * published value is numeric.
 */
export function listParam<const T extends readonly [string, ...string[]], const TOpen extends boolean = false>(
  extra: ListExtra<T> & { readonly open?: TOpen } = {},
) {
  const values = extra.values;
  const closed = values !== undefined && extra.open !== true;
  const schema = v.pipe(
    v.union([v.string(), v.array(v.union([v.string(), v.number()]))], 'must be a comma-separated string or an array'),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const value = dataset.value;
      const items = typeof value === 'string' ? value.split(',') : value.map(String);
      const shown = (bad: readonly string[]) => bad.map((item) => JSON.stringify(item)).join(', ');
      if (items.length === 0) addIssue({ message: 'must not be an empty list' });
      else if (items.some((item) => item.trim() === '')) {
        addIssue({ message: 'must not be empty or hold an empty item' });
      } else if (closed) {
        const bad = items.filter((item) => !values.includes(item));
        if (bad.length > 0) {
          const accepted = values.map((item) => `"${item}"`).join(', ');
          addIssue({
            message: `has ${bad.length > 1 ? 'items' : 'an item'} outside the accepted values: ${shown(bad)} (accepted: ${accepted})`,
          });
        }
      } else if (extra.pattern !== undefined) {
        const pattern = extra.pattern;
        const bad = items.filter((item) => !pattern.test(item));
        const form = extra.patternMessage ?? `matching ${String(pattern)}`;
        if (bad.length > 0)
          addIssue({ message: `has ${bad.length > 1 ? 'items' : 'an item'} not ${form}: ${shown(bad)}` });
      }
    }),
    v.metadata({
      ...docMeta(extra),
      list: true,
      ...(values ? { values, open: !closed } : {}),
      ...(extra.patternMessage ? { itemForm: extra.patternMessage } : {}),
    }),
  );
  type Input = ListInput<T[number], TOpen extends true ? true : false>;
  return schema as unknown as ParamSchema<Input>;
}

/** A `true`/`false` param. Booleans are sent as `true`/`false`. */
export function booleanParam(descriptionOrExtra?: string | ParamDoc, maybeExtra?: ParamDoc): ParamSchema<boolean> {
  const [description, extra] = args(descriptionOrExtra, maybeExtra);
  return v.pipe(v.boolean(), v.description(description), v.metadata(docMeta(extra)));
}

/** A param made optional. Alias of valibot's `optional` without a default, so nothing extra is sent. */
export function optional<const T extends AnySchema>(schema: T) {
  return v.optional(schema);
}

function docMeta(extra: ParamDoc | undefined): ParamDoc {
  return extra?.default === undefined ? {} : { default: extra.default };
}

/** The page-number and page-size params most listings share. */
export interface PageParams {
  /** Page number, 1-based. */
  readonly page: v.OptionalSchema<ReturnType<typeof integerParam>, undefined>;
  /** Page size. */
  readonly limit: v.OptionalSchema<ReturnType<typeof integerParam>, undefined>;
}

/**
 * `page` (from 1) and `limit` (from 1, up to `maxLimit`), both optional, for spreading into a params
 * object: `v.strictObject({ q: stringParam(), ...pageParams({ maxLimit: 50, defaultLimit: 25 }) })`.
 */
export function pageParams(
  options: { readonly maxLimit?: number; readonly defaultLimit?: number; readonly defaultPage?: number } = {},
): PageParams {
  return {
    page: described(
      optional(
        integerParam({ min: 1, ...(options.defaultPage === undefined ? {} : { default: options.defaultPage }) }),
      ),
      'Page number, 1-based.',
    ),
    limit: described(
      optional(
        integerParam({
          min: 1,
          ...(options.maxLimit === undefined ? {} : { max: options.maxLimit }),
          ...(options.defaultLimit === undefined ? {} : { default: options.defaultLimit }),
        }),
      ),
      'Page size.',
    ),
  };
}

/** The cursor and page-size params of cursor-paged listings. */
export interface CursorParams {
  /** The `nextCursor` of the prior response. */
  readonly cursor: v.OptionalSchema<ReturnType<typeof stringParam>, undefined>;
  /** Page size. */
  readonly limit: v.OptionalSchema<ReturnType<typeof integerParam>, undefined>;
}

/** `cursor` and `limit` (from 1, up to `maxLimit`), both optional, for spreading into a params object. */
export function cursorParams(
  options: { readonly maxLimit?: number; readonly defaultLimit?: number } = {},
): CursorParams {
  return {
    cursor: described(optional(stringParam()), 'The `nextCursor` of the prior response.'),
    limit: pageParams(options).limit,
  };
}

/**
 * A response field the spec does not guarantee: the gateway may send `null` or leave it out ("fields
 * without a value are null or omitted"). Both are accepted, and both come out as `undefined`, so a
 * caller checks one kind of absence. With `validate: 'off'` the body is returned as sent, nulls included.
 */
export interface OptionalField<TWrapped extends AnySchema>
  extends v.BaseSchema<
    v.InferInput<TWrapped> | null | undefined,
    v.InferOutput<TWrapped> | undefined,
    v.InferIssue<TWrapped>
  > {
  // valibot's own nullish schema, stated over flat input and output types: its inherited members would
  // infer the wrapped schema again through valibot's deeper types, once per level of nested records.
  readonly type: 'nullish';
  readonly reference: typeof v.nullish;
  readonly expects: `(${TWrapped['expects']} | null | undefined)`;
  readonly wrapped: TWrapped;
  readonly default: undefined;
}

/** Marks one response field optional (null or absent in, `undefined` out). */
export function optionalField<const TWrapped extends AnySchema>(schema: TWrapped): OptionalField<TWrapped> {
  const base = v.nullish(schema);
  return {
    ...base,
    // Same work as valibot's nullish, but null comes out as undefined: no extra pass over the body.
    '~run'(dataset, config) {
      if (dataset.value === null || dataset.value === undefined) {
        (dataset as { value: unknown }).value = undefined;
        (dataset as { typed: boolean }).typed = true;
        return dataset as never;
      }
      return schema['~run'](dataset, config) as never;
    },
  } as OptionalField<TWrapped>;
}

/** Response fields, every one optional (null or absent in, `undefined` out). */
export type Fields<TEntries extends v.ObjectEntries> = {
  [K in keyof TEntries]: OptionalField<TEntries[K]>;
};

/** Wraps every entry in `optionalField`, for spreading into an object next to required entries. */
export function fields<const TEntries extends v.ObjectEntries>(entries: TEntries): Fields<TEntries> {
  const out: Record<string, AnySchema> = {};
  for (const [key, schema] of Object.entries(entries)) {
    const description = descriptionOf(schema);
    out[key] = description === undefined ? optionalField(schema) : described(optionalField(schema), description);
  }
  return out as Fields<TEntries>;
}

/** What a record reads as: every field optional (`undefined` when null or absent), other keys `unknown`. */
export type RecordOutput<TEntries extends v.ObjectEntries> = {
  // `| undefined` said out loud: a field sent as null is there, as undefined, so under
  // `exactOptionalPropertyTypes` the type must admit it (and agree with the written-out result types).
  [K in keyof TEntries]?: v.InferOutput<TEntries[K]> | undefined;
} & { [key: string]: unknown };

/** What a record accepts: every field may be null or absent, other keys pass through. */
export type RecordInput<TEntries extends v.ObjectEntries> = {
  [K in keyof TEntries]?: v.InferInput<TEntries[K]> | null;
} & { [key: string]: unknown };

/**
 * The schema `record()` returns: valibot's loose object of optional fields, with its input and output
 * types stated in one mapped type each. valibot's own inference takes several nested steps per object,
 * and records nest (a recording's releases' media's tracks): stated flat, a deeply nested response stays
 * well inside the compiler's instantiation depth, even read from a package's emitted declarations.
 */
export interface RecordSchema<TEntries extends v.ObjectEntries>
  extends v.BaseSchema<
    RecordInput<TEntries>,
    RecordOutput<TEntries>,
    v.LooseObjectIssue | v.InferIssue<Fields<TEntries>[keyof TEntries]>
  > {
  readonly type: 'loose_object';
  readonly reference: typeof v.looseObject;
  readonly expects: 'Object';
  readonly entries: Fields<TEntries>;
  readonly message: undefined;
}

/** A response record: every field optional (null or absent in, `undefined` out), unknown fields passed through. */
export function record<const TEntries extends v.ObjectEntries>(entries: TEntries): RecordSchema<TEntries> {
  const base = v.looseObject(fields(entries));
  // Per field: its name, the `typeof` that settles it when it is a bare string, number or boolean schema
  // (most fields of a page), and its own schema (null and absence are settled before it runs).
  const plan = Object.keys(entries).map((key) => {
    const raw = entries[key] as AnySchema & { pipe?: unknown; fallback?: unknown };
    const plain = raw.pipe === undefined && raw.fallback === undefined;
    const leaf = plain && ['string', 'number', 'boolean'].includes(raw.type) ? raw.type : undefined;
    return [key, leaf, raw] as const;
  });
  type Dataset = { typed: boolean; value: unknown; issues?: unknown };
  const run = (dataset: Dataset, config: v.Config<v.BaseIssue<unknown>>) => base['~run'](dataset as never, config);
  const schema = {
    ...base,
    /**
     * valibot's loose object, without a dataset per plain field: the same output (null read as undefined,
     * an absent field left out, unknown fields kept after the known ones). At the first value that does
     * not pass, the record is run again through valibot's own loose object, so issues are exactly its.
     */
    '~run'(dataset: Dataset, config: v.Config<v.BaseIssue<unknown>>) {
      const input = dataset.value as Record<string, unknown>;
      if (!input || typeof input !== 'object') return run(dataset, config);
      const out: Record<string, unknown> = {};
      for (const [key, leaf, field] of plan) {
        const value = input[key];
        if (value === null || value === undefined) {
          if (value === null || key in input) out[key] = undefined;
        } else if (leaf !== undefined) {
          // NaN is refused, as valibot's number() refuses it.
          if (typeof value !== leaf || Number.isNaN(value)) return run(dataset, config);
          out[key] = value;
        } else {
          const inner = field['~run']({ value }, config) as Dataset;
          if (inner.issues !== undefined || !inner.typed) return run(dataset, config);
          out[key] = inner.value;
        }
      }
      for (const key in input) {
        if (Object.hasOwn(input, key) && !Object.hasOwn(base.entries, key) && !unsafeKeys.includes(key)) {
          out[key] = input[key];
        }
      }
      dataset.typed = true;
      dataset.value = out;
      return dataset;
    },
  };
  schema['~standard'] = {
    ...base['~standard'],
    validate: (value: unknown) => schema['~run']({ typed: false, value }, v.getGlobalConfig()) as never,
  };
  return schema as unknown as RecordSchema<TEntries>;
}

/** Keys valibot never copies from an input object (prototype pollution). */
const unsafeKeys: readonly string[] = ['__proto__', 'prototype', 'constructor'];

/** Numbers by value, anything else as text in code-point order (the same on every machine, unlike a locale's). */
function naturalOrder(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * A strict params object whose `to` param must not come before its `from` param when both are given: such
 * a range can only answer nothing, which would look like missing data. `compare` orders two values
 * (numbers by value and text as text by default); the refusal names both values and lands on `to`:
 * `orderedParams({ from: ..., to: ... }, 'from', 'to')`.
 */
export function orderedParams<const TEntries extends v.ObjectEntries>(
  entries: TEntries,
  from: keyof TEntries & string,
  to: keyof TEntries & string,
  compare: (from: never, to: never) => number = naturalOrder,
) {
  const order = compare as (a: unknown, b: unknown) => number;
  return v.pipe(
    v.strictObject(entries),
    v.forward(
      v.check(
        (output) => {
          const params = output as Record<string, unknown>;
          return params[from] === undefined || params[to] === undefined || order(params[from], params[to]) <= 0;
        },
        (issue) => {
          const input = issue.input as Record<string, unknown>;
          return `must not be before ${from} (${from} is ${JSON.stringify(input[from])}, ${to} is ${JSON.stringify(input[to])})`;
        },
      ),
      [to as never],
    ),
  );
}
