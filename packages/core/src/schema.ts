/**
 * Schema builders for provider packages. They are plain valibot schemas carrying their documentation
 * (description, default, limits) as valibot metadata, so one definition drives validation, types,
 * `pdg describe` and generated READMEs.
 */
import * as v from 'valibot';
import type { AnySchema } from './contract.js';

/** Documentation a param carries besides its type. */
// A type alias, not an interface, so it is assignable to valibot's metadata record.
export type ParamDoc = {
  /** The server's default, shown in docs. Never sent: only what the caller passes is sent. */
  readonly default?: string | number | boolean;
};

/** Stands in when a string param has no pattern, so every string param's pipe has the same shape. */
export const anyText = /^/;

/** A string param; `pattern` refuses values of the wrong form, and `patternMessage` says what the form is. */
export function stringParam(
  description: string,
  extra: ParamDoc & { readonly pattern?: RegExp; readonly patternMessage?: string } = {},
) {
  return v.pipe(
    v.string(),
    v.minLength(1, 'must not be empty'),
    v.regex(extra.pattern ?? anyText, extra.patternMessage ?? `must match ${String(extra.pattern)}`),
    v.description(description),
    v.metadata(docMeta(extra)),
  );
}

/** A whole-number param with optional bounds (an absent bound is infinite and never shown). */
export function integerParam(
  description: string,
  bounds: { readonly min?: number; readonly max?: number } & ParamDoc = {},
) {
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
export function numberParam(
  description: string,
  bounds: { readonly min?: number; readonly max?: number } & ParamDoc = {},
) {
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
  description: string,
  extra?: ParamDoc,
) {
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
  description: string,
  extra?: ParamDoc,
) {
  const schema = v.pipe(
    v.string(),
    v.minLength(1, 'must not be empty'),
    v.description(description),
    v.metadata({ ...docMeta(extra), openEnum: values }),
  );
  // The named values plus `string & {}` keeps editor completion for them while allowing any string.
  return schema as unknown as v.GenericSchema<T[number] | (string & {}), T[number] | (string & {})>;
}

/** A `true`/`false` param. Booleans are sent as `true`/`false`. */
export function booleanParam(description: string, extra?: ParamDoc) {
  return v.pipe(v.boolean(), v.description(description), v.metadata(docMeta(extra)));
}

/** A param made optional. Alias of valibot's `optional` without a default, so nothing extra is sent. */
export function optional<const T extends AnySchema>(schema: T) {
  return v.optional(schema);
}

function docMeta(extra: ParamDoc | undefined): ParamDoc {
  return extra?.default === undefined ? {} : { default: extra.default };
}

/**
 * Response fields. The spec says "fields without a value are null or omitted", so every field
 * accepts null and absence; the caller's types say so too.
 */
export type Fields<TEntries extends v.ObjectEntries> = {
  [K in keyof TEntries]: v.NullishSchema<TEntries[K], undefined>;
};

/** Wraps every entry in `nullish`, for spreading into an object next to required entries. */
export function fields<const TEntries extends v.ObjectEntries>(entries: TEntries): Fields<TEntries> {
  const out: Record<string, AnySchema> = {};
  for (const [key, schema] of Object.entries(entries)) out[key] = v.nullish(schema);
  return out as Fields<TEntries>;
}

/** A response record: every field nullable or absent, unknown fields passed through. */
export function record<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  return v.looseObject(fields(entries));
}
