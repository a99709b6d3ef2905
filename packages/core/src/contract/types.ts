import type * as v from 'valibot';
import type { AnyProvider, AnySchema, Paging } from './contract.js';

/** The ids of the providers a client was created with. */
export type ProviderId<TProviders extends readonly AnyProvider[]> = TProviders[number]['id'];

/** The endpoints of one provider, by id. */
export type EndpointsOf<TProviders extends readonly AnyProvider[], TId extends string> = Extract<
  TProviders[number],
  { readonly id: TId }
>['endpoints'];

/**
 * The endpoint names of one provider. `Extract` makes the compiler resolve the names, so a misspelt
 * endpoint's error lists them (`... parameter of type '"browse" | "job" | "search"'`) rather than naming
 * this type with the client's whole provider list as its arguments.
 */
export type EndpointName<TProviders extends readonly AnyProvider[], TId extends string> = Extract<
  keyof EndpointsOf<TProviders, TId>,
  string
>;

/** The endpoint names of one provider that `pages()` and `items()` can walk, listed in errors as `EndpointName`'s are. */
export type PagedEndpointName<TProviders extends readonly AnyProvider[], TId extends string> = Extract<
  {
    [K in EndpointName<TProviders, TId>]: EndpointsOf<TProviders, TId>[K] extends { readonly paging: Paging }
      ? K
      : never;
  }[EndpointName<TProviders, TId>],
  string
>;

/**
 * An endpoint's params and result types written out in full, as a provider package's declarations give
 * them (the provider build's last step, config/resolved-types.ts): `ParamsOf` and `ResultOf` read them
 * instead of inferring them from the valibot schemas, which is most of a consumer's type-check. The
 * property exists in declarations only, never at run time.
 */
export interface Resolved<TParams, TResult> {
  readonly '~resolved': { readonly params: TParams; readonly result: TResult };
}

/**
 * What a caller passes: the params schema's input type. An endpoint that takes no params takes
 * `Record<string, never>` rather than `{}`, so a stray param is a compile error as well as a refusal.
 */
export type ParamsOf<TEndpoint> =
  TEndpoint extends Resolved<infer P, unknown>
    ? P
    : TEndpoint extends { readonly params: infer P extends AnySchema }
      ? [keyof v.InferInput<P>] extends [never]
        ? Record<string, never>
        : v.InferInput<P>
      : never;

/**
 * What a call returns: the response schema's output type (the envelope's `content` where there is one),
 * naming the documented fields only (see `Documented`).
 */
export type ResultOf<TEndpoint> =
  TEndpoint extends Resolved<unknown, infer R>
    ? R
    : TEndpoint extends { readonly response: infer R extends AnySchema }
      ? Documented<v.InferOutput<R>>
      : never;

/**
 * A response type with the documented fields only: each object's `[key: string]: unknown` (what a loose
 * object or a `record()` lets through beside its fields) is left out, at every depth, so a misspelt field
 * (`item.titel`) is a compile error. The fields the spec does not list are still there at run time: read
 * one with `unlisted(item, 'name')`. A map whose keys are data (`v.record(v.string(), ...)`, an object with
 * no named field) is kept as it is, and a typed rest (`v.objectWithRest`) keeps its index signature.
 */
export type Documented<T> = 0 extends 1 & T
  ? T // any
  : T extends Date | RegExp | URL | ReadonlyMap<unknown, unknown> | ReadonlySet<unknown> | ((...args: never) => unknown)
    ? T // a value a transformation made, kept as it is
    : T extends readonly unknown[]
      ? { [K in keyof T]: Documented<T[K]> }
      : T extends object
        ? [NamedKey<T>] extends [never]
          ? T // a map, its keys data: kept as it is
          : { [K in keyof T as UnlistedKey<T, K> extends true ? never : K]: Documented<T[K]> }
        : T;

/** The keys of `T` that name a field (not an index signature's `string` or `number`). */
type NamedKey<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: 0 };

/** Whether `K` is an index signature of `T` that stands for undocumented fields (its values `unknown`). */
type UnlistedKey<T, K extends keyof T> = string extends K
  ? unknown extends T[K]
    ? true
    : false
  : number extends K
    ? unknown extends T[K]
      ? true
      : false
    : false;

/** One element of the endpoint's item array (`items`, `threads`, `results`...). */
export type ItemOf<TEndpoint> = TEndpoint extends { readonly paging: { readonly items: infer K extends string } }
  ? NonNullable<ResultOf<TEndpoint>[K & keyof ResultOf<TEndpoint>]> extends ReadonlyArray<infer T>
    ? T
    : unknown
  : never;

/** Params are optional when the endpoint requires none. */
export type ParamsArg<TEndpoint, TOptions> =
  // biome-ignore lint/complexity/noBannedTypes: `{}` here means "an object with no required keys".
  {} extends ParamsOf<TEndpoint>
    ? [params?: ParamsOf<TEndpoint>, options?: TOptions]
    : [params: ParamsOf<TEndpoint>, options?: TOptions];
