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
import type { AnySchema } from '../contract/contract.js';
import { shortText } from '../errors/error-builders.js';
import { isSchema, wrappedOf } from './schema-reader.js';

/** Documentation a param carries besides its type. */
// A type alias, not an interface, so it is assignable to valibot's metadata record.
export type ParamDoc = {
  /** The server's default, shown in docs. Never sent: only what the caller passes is sent. */
  readonly default?: string | number | boolean;
  /**
   * The usual form, in words, where the spec does not state one (`a four-part short id such as abcd-1234`):
   * `describe` and the README show it; nothing checks it, so other forms are sent as given.
   */
  readonly hint?: string;
  /** Values of the param's form, shown as examples in the OpenAPI document (where no fixture gives one). */
  readonly examples?: readonly (string | number)[];
};

/**
 * The schema with `description` attached, as a valibot `description` action at the end of a piped copy
 * (valibot's `pipe`, which keeps the schema's `type` and properties: an `optional` stays optional): a schema
 * shared under two names keeps each name's own text, and validation runs exactly as before. Values that are
 * not schemas are returned as they are. The build preset wraps every JSDoc-commented property of a
 * provider's source in this call; `descriptionOf` reads it back.
 */
export function described<T>(value: T, description: string): T {
  if (!isSchema(value)) return value;
  const [base, ...actions] = value.pipe ?? [value];
  const pipe = v.pipe as unknown as (...items: readonly unknown[]) => T;
  return pipe(base, ...actions, v.description(description));
}

/**
 * The schema's description: valibot's `getDescription` (the last `description` action at the highest level
 * of its pipe), else that of the schema it wraps (a record's field is its described schema made nullish),
 * or `undefined`.
 */
export function descriptionOf(schema: unknown): string | undefined {
  if (!isSchema(schema)) return undefined;
  return v.getDescription(schema as unknown as v.GenericSchema) ?? descriptionOf(wrappedOf(schema));
}

/** The schema's documentation: valibot's `getMetadata` (every `metadata` action of its pipe, merged), `{}` for none. */
export function metadataOf(schema: unknown): Readonly<Record<string, unknown>> {
  return isSchema(schema) ? (v.getMetadata(schema as unknown as v.GenericSchema) as Record<string, unknown>) : {};
}

/**
 * The type the param builders give their schemas: what a param takes and gives, and nothing of its pipe.
 * The pipe is there at run time (and `describeParams` reads it); typed, it would make the compiler infer
 * each param through valibot's pipe types again for every endpoint a program calls.
 */
export interface ParamSchema<TValue> extends v.BaseSchema<TValue, TValue, v.BaseIssue<unknown>> {}

type Bounds = { readonly min?: number; readonly max?: number } & ParamDoc;

/** Options of `stringParam`. */
export type StringExtra = ParamDoc & {
  /**
   * A form the spec states (`YYYY-MM-DD`, a two-letter country code): other values are refused before
   * sending, and the OpenAPI document carries the same `pattern`. A form the spec does not state is a `hint`.
   */
  readonly pattern?: RegExp;
  /** What the `pattern` form is, for the refusal: `'must be a 2-letter country code'`. */
  readonly patternMessage?: string;
  /** The empty string is a value (the spec gives it a meaning, such as "empty returns all seasons"). */
  readonly allowEmpty?: boolean;
};

/** A validation or metadata step of a param's pipe. */
type Step<T> = v.PipeItem<T, T, v.BaseIssue<unknown>>;

/**
 * `v.pipe(schema, ...steps)` for a list of steps known only at run time: a param has exactly the checks its
 * options ask for (no stand-in pattern, no infinite bound), so a reader of the pipe finds only real rules.
 */
function paramPipe<T>(schema: v.GenericSchema<T>, steps: readonly (Step<T> | undefined)[]): ParamSchema<T> {
  const pipe = v.pipe as unknown as (...items: readonly unknown[]) => ParamSchema<T>;
  return pipe(schema, ...steps.filter((step) => step !== undefined));
}

/** Splits the optional leading description from the options. */
function args<T extends object>(first: string | T | undefined, second: T | undefined): [string, T] {
  return typeof first === 'string' ? [first, second ?? ({} as T)] : ['', first ?? second ?? ({} as T)];
}

/** The description and documentation steps every builder ends with (none when there is nothing to say). */
function docSteps<T>(description: string, metadata: Record<string, unknown>): (Step<T> | undefined)[] {
  return [
    description === '' ? undefined : (v.description(description) as Step<T>),
    Object.keys(metadata).length === 0 ? undefined : (v.metadata(metadata) as Step<T>),
  ];
}

/**
 * A string param, not empty unless `allowEmpty`. `pattern` refuses values of another form: give it only
 * for a form the spec states, and say the form in words with `patternMessage`; a form the spec leaves
 * open goes in the JSDoc and in `hint`, which `describe` and the README show and nothing checks.
 */
export function stringParam(descriptionOrExtra?: string | StringExtra, maybeExtra?: StringExtra): ParamSchema<string> {
  const [description, extra] = args(descriptionOrExtra, maybeExtra);
  return paramPipe(v.string(), [
    extra.allowEmpty ? undefined : v.minLength(1, 'must not be empty'),
    extra.pattern === undefined
      ? undefined
      : v.regex(extra.pattern, extra.patternMessage ?? `must match ${String(extra.pattern)}`),
    ...docSteps<string>(description, docMeta(extra)),
  ]);
}

/** A whole-number param, with the bounds the spec states (an absent bound is no check at all). */
export function integerParam(descriptionOrBounds?: string | Bounds, maybeBounds?: Bounds): ParamSchema<number> {
  const [description, bounds] = args(descriptionOrBounds, maybeBounds);
  return paramPipe(v.number(), [
    v.integer('must be a whole number'),
    ...boundSteps(bounds),
    ...docSteps<number>(description, docMeta(bounds)),
  ]);
}

/** A number param (fractions allowed), with the bounds the spec states. */
export function numberParam(descriptionOrBounds?: string | Bounds, maybeBounds?: Bounds): ParamSchema<number> {
  const [description, bounds] = args(descriptionOrBounds, maybeBounds);
  return paramPipe(v.number(), [
    v.finite('must be a finite number'),
    ...boundSteps(bounds),
    ...docSteps<number>(description, docMeta(bounds)),
  ]);
}

function boundSteps(bounds: Bounds): (Step<number> | undefined)[] {
  return [
    bounds.min === undefined ? undefined : v.minValue(bounds.min, `must be at least ${bounds.min}`),
    bounds.max === undefined ? undefined : v.maxValue(bounds.max, `must be at most ${bounds.max}`),
  ];
}

/** A closed enum: any other value is refused before sending. */
export function enumParam<const T extends readonly [string, ...string[]]>(
  values: T,
  descriptionOrExtra?: string | ParamDoc,
  maybeExtra?: ParamDoc,
): ParamSchema<T[number]> {
  const [description, extra] = args(descriptionOrExtra, maybeExtra);
  return paramPipe(v.picklist(values, `must be one of ${values.map((value) => `"${value}"`).join(', ')}`), [
    ...docSteps<T[number]>(description, docMeta(extra)),
  ]);
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
  const schema = paramPipe(v.string(), [
    v.minLength(1, 'must not be empty'),
    ...docSteps<string>(description, { ...docMeta(extra), openEnum: values }),
  ]);
  // The named values plus `string & {}` keeps editor completion for them while allowing any string.
  return schema as unknown as ParamSchema<T[number] | (string & {})>;
}

/** Options of `listParam`. */
export type ListExtra<TValues extends readonly string[]> = ParamDoc & {
  /** The published values: they autocomplete, and with `open: false` (the default) nothing else is accepted. */
  readonly values?: TValues;
  /** Accept values beyond `values` too (they still autocomplete): the spec names some and leaves others open. */
  readonly open?: boolean;
  /** The form each item must have, when the spec states one (and there are no closed `values`). */
  readonly pattern?: RegExp;
  /** What the `pattern` form is, in words, for messages (`a lowercase coin id such as bitcoin`). */
  readonly patternMessage?: string;
};

/** How many of a list's items at fault its message quotes. */
const shownListItems = 5;

/** `'10'` → `10`: a published numeric value may be given as a number too. */
type NumberOf<T> = T extends `${infer N extends number}` ? N : never;

/** What a list param accepts: `'a,b'` as the gateway takes it, or `['a', 'b']` (sent comma-joined). */
export type ListInput<TValue extends string, TOpen extends boolean> = TOpen extends true
  ? TValue | (string & {}) | readonly (TValue | NumberOf<TValue> | (string & {}))[]
  : TValue | (string & {}) | readonly (TValue | NumberOf<TValue>)[];

/**
 * A comma-separated list param. The caller passes the gateway's own form (`'1,10'`) or an array
 * (`[1, 10]`, `['ecb', 'fed']`), sent comma-joined. Each item is checked before sending: against the
 * published `values` unless the list is `open`, else against `pattern` when the spec states a form.
 * Numbers are accepted where a published value is numeric.
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
      // The first few items at fault, each quoted short: a list of a million long items gives a short message.
      const shown = (bad: readonly string[]) =>
        bad
          .slice(0, shownListItems)
          .map((item) => shortText(item, true))
          .join(', ') + (bad.length > shownListItems ? ` and ${bad.length - shownListItems} more` : '');
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
      ...(extra.pattern && !closed ? { itemPattern: extra.pattern } : {}),
      ...(extra.patternMessage ? { itemForm: extra.patternMessage } : {}),
    }),
  );
  type Input = ListInput<T[number], TOpen extends true ? true : false>;
  return schema as unknown as ParamSchema<Input>;
}

/** A `true`/`false` param. Booleans are sent as `true`/`false`. */
export function booleanParam(descriptionOrExtra?: string | ParamDoc, maybeExtra?: ParamDoc): ParamSchema<boolean> {
  const [description, extra] = args(descriptionOrExtra, maybeExtra);
  return paramPipe(v.boolean(), [...docSteps<boolean>(description, docMeta(extra))]);
}

/** A param made optional. Alias of valibot's `optional` without a default, so nothing extra is sent. */
export function optional<const T extends AnySchema>(schema: T) {
  return v.optional(schema);
}

function docMeta(extra: ParamDoc | undefined): Record<string, unknown> {
  return {
    ...(extra?.default === undefined ? {} : { default: extra.default }),
    ...(extra?.hint === undefined ? {} : { hint: extra.hint }),
    ...(extra?.examples === undefined ? {} : { examples: extra.examples }),
  };
}

/** The page-number and page-size params most listings share. */
export interface PageParams {
  /** Page number, 1-based. */
  readonly page: v.OptionalSchema<ReturnType<typeof integerParam>, undefined>;
  /** Page size. */
  readonly limit: v.OptionalSchema<ReturnType<typeof integerParam>, undefined>;
}

/**
 * `page` (1-based, as the spec's page object numbers pages) and `limit` (a number of items, so 0 or more,
 * up to `maxLimit` where the spec gives one), both optional, for spreading into a params object:
 * `v.strictObject({ q: stringParam(), ...pageParams({ maxLimit: 50, defaultLimit: 25 }) })`.
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
          min: 0,
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

/** `cursor` and `limit` (0 or more, up to `maxLimit`), both optional, for spreading into a params object. */
export function cursorParams(
  options: { readonly maxLimit?: number; readonly defaultLimit?: number } = {},
): CursorParams {
  return {
    cursor: described(optional(stringParam()), 'The `nextCursor` of the prior response.'),
    limit: pageParams(options).limit,
  };
}

/** Rules between an endpoint's params that the spec states. */
export interface ParamRules<TName extends string> {
  /**
   * The spec's "`a` requires `b`": `{ minSalary: ['currency'] }`. A call giving `a` without `b` is refused
   * before sending, on `b`; the OpenAPI document says it as JSON Schema `dependentRequired`.
   */
  readonly requires?: { readonly [K in TName]?: readonly TName[] };
  /**
   * Params an endpoint that sends unnamed params as given does not take (the spec: "a parameter that the
   * endpoint pre-binds is not offered"), each with the reason: a value is refused before sending.
   */
  readonly refuses?: Readonly<Record<string, string>>;
}

/** A params object schema, strict or loose. */
type ParamsObject =
  | v.ObjectSchema<v.ObjectEntries, undefined>
  | v.StrictObjectSchema<v.ObjectEntries, undefined>
  | v.LooseObjectSchema<v.ObjectEntries, undefined>;

/**
 * A params object with the rules between its params the spec states, checked before sending and kept as
 * metadata for the OpenAPI document (`dependentRequired`, and a refused param's `not: {}`):
 * `paramRules(v.strictObject({...}), { requires: { minSalary: ['currency'] } })`.
 */
export function paramRules<const TObject extends ParamsObject>(
  schema: TObject,
  rules: ParamRules<keyof TObject['entries'] & string>,
) {
  const requires = Object.entries(rules.requires ?? {}) as [string, readonly string[]][];
  const refuses = Object.entries(rules.refuses ?? {});
  return v.pipe(
    schema,
    v.rawCheck<v.InferOutput<TObject>>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const params = dataset.value as Record<string, unknown>;
      const at = (key: string) =>
        [{ type: 'object', origin: 'value', input: params, key, value: params[key] }] as [v.ObjectPathItem];
      for (const [name, needed] of requires) {
        if (params[name] === undefined) continue;
        for (const other of needed) {
          if (params[other] === undefined)
            addIssue({ message: `must be given when ${name} is given`, path: at(other) });
        }
      }
      for (const [name, reason] of refuses) {
        if (params[name] !== undefined) addIssue({ message: `must not be given: ${reason}`, path: at(name) });
      }
    }),
    v.metadata({
      ...(requires.length > 0 ? { dependentRequired: Object.fromEntries(requires) } : {}),
      ...(refuses.length > 0 ? { refused: Object.fromEntries(refuses) } : {}),
    }),
  );
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
  // valibot's own nullish schema (piped into a transformation, which this type leaves out), stated over flat
  // input and output types: its inherited members would infer the wrapped schema again through valibot's
  // deeper types, once per level of nested records.
  readonly type: 'nullish';
  readonly reference: typeof v.nullish;
  readonly expects: `(${TWrapped['expects']} | null | undefined)`;
  readonly wrapped: TWrapped;
  readonly default: undefined;
}

/**
 * Marks one response field optional (null or absent in, `undefined` out): valibot's `nullish`, piped into a
 * transformation reading null as undefined. Inside an object an absent field stays absent.
 */
export function optionalField<const TWrapped extends AnySchema>(schema: TWrapped): OptionalField<TWrapped> {
  return v.pipe(
    v.nullish(schema),
    v.transform((value) => value ?? undefined),
  ) as unknown as OptionalField<TWrapped>;
}

/** Response fields, every one optional (null or absent in, `undefined` out). */
export type Fields<TEntries extends v.ObjectEntries> = {
  [K in keyof TEntries]: OptionalField<TEntries[K]>;
};

/** Wraps every entry in `optionalField`, for spreading into an object next to required entries. */
export function fields<const TEntries extends v.ObjectEntries>(entries: TEntries): Fields<TEntries> {
  return eachEntry(entries, optionalField) as Fields<TEntries>;
}

/** Each entry wrapped by `wrap` (its description stays on it, inside: `descriptionOf` reads through wrappers). */
function eachEntry(entries: v.ObjectEntries, wrap: (schema: AnySchema) => AnySchema): v.ObjectEntries {
  const out: Record<string, AnySchema> = {};
  for (const [key, schema] of Object.entries(entries)) out[key] = wrap(schema);
  return out;
}

/**
 * What a record reads as: its documented fields, every one optional (`undefined` when null or absent). The
 * fields it does not name pass through at run time but are not in the type, so a misspelt field does not
 * compile; `unlisted(item, 'name')` reads one.
 */
export type RecordOutput<TEntries extends v.ObjectEntries> = {
  // `| undefined` said out loud: a field sent as null is there, as undefined, so under
  // `exactOptionalPropertyTypes` the type must admit it (and agree with the written-out result types).
  [K in keyof TEntries]?: v.InferOutput<TEntries[K]> | undefined;
};

/** What a record accepts: every field may be null or absent, other keys pass through. */
export type RecordInput<TEntries extends v.ObjectEntries> = {
  [K in keyof TEntries]?: v.InferInput<TEntries[K]> | null;
} & { [key: string]: unknown };

/**
 * The schema `record()` returns: valibot's loose object of optional fields (piped into a transformation,
 * which this type leaves out), with its input and output types stated in one mapped type each. valibot's own inference takes several nested steps per object,
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

/**
 * A response record: every field optional (null or absent in, `undefined` out), unknown fields passed through.
 * valibot's loose object of `nullish` fields, then one transformation reading each known field's null as
 * undefined: one pass per record rather than a transformation per field, which took twice as long on a page.
 */
export function record<const TEntries extends v.ObjectEntries>(entries: TEntries): RecordSchema<TEntries> {
  const keys = Object.keys(entries);
  return v.pipe(
    v.looseObject(eachEntry(entries, v.nullish)),
    v.transform((output: Record<string, unknown>) => {
      for (const key of keys) if (output[key] === null) output[key] = undefined;
      return output;
    }),
  ) as unknown as RecordSchema<TEntries>;
}
