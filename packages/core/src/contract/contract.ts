import type * as v from 'valibot';

/** Any valibot schema; the contract only needs to run it and infer its types. */
// biome-ignore lint/suspicious/noExplicitAny: a schema of any input and output is what "any schema" means here.
export type AnySchema = v.GenericSchema<any, any>;

/** How an endpoint pages, and where its items live. */
export type Paging =
  /** `page` is sent; the response carries `hasMore` and `nextPage`. */
  | { readonly kind: 'page'; readonly items: string }
  /** `cursor` is sent; the response carries `hasMore` and `nextCursor`. */
  | { readonly kind: 'cursor'; readonly items: string };

/** One part of an item's key: a field of the item, or a param of the call it came from. */
export type ItemKeyPart = string | { readonly param: string };

/** One gateway endpoint, described as data. */
export interface EndpointDefinition<TParams extends AnySchema = AnySchema, TResponse extends AnySchema = AnySchema> {
  /**
   * The path segment after the provider id: `search` in `/v1/music:catalogstore/search`. Defaults to the
   * endpoint's key in `endpoints`; give it only where the two differ.
   */
  readonly path?: string;
  /** The param sent as the last path segment (`jobId` in `job/{jobId}`); never sent as a query string. */
  readonly pathParam?: string;
  /** Valibot schema of the params object. It must not add defaults: only what the caller passes is sent. */
  readonly params: TParams;
  /** Valibot schema of the (unwrapped) response body. */
  readonly response: TResponse;
  /** The gateway's documented response-cache time, in seconds. */
  readonly cacheSeconds?: number;
  /** Paging metadata, set by spreading `pageOf(...)` or `cursorPageOf(...)`, which bring the walk; one written by hand cannot be walked. */
  readonly paging?: Paging;
  /**
   * What identifies one item of a paged or list endpoint, for stores that keep each item once (`@pdg/store`):
   * the item's fields the spec shows as its id (several where one does not, as a candle's instrument and
   * time; `{ param }` for a part the item does not carry but its call's params do), or `'content'` where the
   * spec shows none (an item is then keyed by a hash of its content).
   */
  readonly itemKey?: readonly [ItemKeyPart, ...ItemKeyPart[]] | 'content';
  /** The body is the `{ status, message, content }` envelope; the result is its `content`. */
  readonly envelope?: boolean;
  /** One line from the spec, shown in editor hovers, `pdg describe` and generated docs. */
  readonly description: string;
  /** The spec names this endpoint but does not describe its params or response. */
  readonly undocumented?: boolean;
}

/** A provider: its id and its endpoints, keyed by the name `run()` takes. */
export interface ProviderDefinition<
  TId extends string = string,
  TEndpoints extends Record<string, EndpointDefinition> = Record<string, EndpointDefinition>,
> {
  /** `{category}:{provider}`, as in the gateway path. */
  readonly id: TId;
  /** One line saying what the provider serves. */
  readonly description: string;
  readonly endpoints: TEndpoints;
  /**
   * The provider package's version, named in the `User-Agent` of its calls. The `@pdg` provider packages'
   * build writes it in from their `package.json`; a provider defined elsewhere may leave it out.
   */
  readonly version?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: any endpoint record, so a provider of any shape can be passed.
export type AnyProvider = ProviderDefinition<string, Record<string, EndpointDefinition<any, any>>>;

const providerIdPattern = /^[a-z0-9-]+:[a-z0-9-]+$/;
const pathPattern = /^[a-z0-9-]+$/i;

/** Endpoints as a defined provider holds them: every `path` filled in. */
export type WithPaths<TEndpoints extends Record<string, EndpointDefinition>> = {
  readonly [K in keyof TEndpoints]: TEndpoints[K] & { readonly path: string };
};

/**
 * Declares a provider, typed with its literal id and endpoint names. Each endpoint's `path` defaults to
 * its key. The shape is checked once here so a malformed provider fails at import, not at the first call.
 */
export function defineProvider<const TId extends string, const TEndpoints extends Record<string, EndpointDefinition>>(
  provider: ProviderDefinition<TId, TEndpoints>,
): ProviderDefinition<TId, WithPaths<TEndpoints>> {
  if (!providerIdPattern.test(provider.id)) {
    throw new TypeError(
      `Provider id "${provider.id}" must look like "category:provider" (lowercase letters, digits and dashes).`,
    );
  }
  const endpoints: Record<string, EndpointDefinition> = {};
  for (const [name, endpoint] of Object.entries(provider.endpoints)) {
    const path = endpoint.path ?? name;
    if (!pathPattern.test(path)) {
      throw new TypeError(
        `${provider.id} endpoint "${name}": path "${path}" must be one path segment (letters, digits, dashes).`,
      );
    }
    endpoints[name] = endpoint.path === undefined ? { ...endpoint, path } : endpoint;
  }
  return { ...provider, endpoints: endpoints as WithPaths<TEndpoints> };
}

/** Declares one endpoint, keeping its exact type (schemas, paging) for inference. */
export function defineEndpoint<const TEndpoint extends EndpointDefinition>(endpoint: TEndpoint): TEndpoint {
  return endpoint;
}
