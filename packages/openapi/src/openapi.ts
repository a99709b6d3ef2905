/**
 * `toOpenApi(providers)`: the providers' endpoints as one OpenAPI 3.1 document, built from the same
 * definitions as the client, the mock gateway and the CLI, so it cannot disagree with them.
 */
import type { AnyProvider, EndpointDefinition } from '@pdg/core';
import { describeParams, endpointPath, formatSeconds, type ParamInfo } from '@pdg/core/describe';
import {
  errorEnvelopeSchema,
  errorResponses,
  headers,
  operationErrors,
  securitySchemeName,
  securitySchemes,
} from './gateway.js';
import {
  type JsonSchema,
  paramsJsonSchema,
  responseJsonSchema,
  type UnsupportedConstruct,
  UnsupportedSchemaError,
} from './json-schema.js';

export interface OpenApiOptions {
  /**
   * The gateway's base URL, such as `https://gateway.example.com` (a trailing `/v1` is dropped: the paths
   * carry it). Default: a `{base_url}` server variable, as the spec writes it, whose default is the local
   * mock gateway `http://127.0.0.1:4010` (`pdg mock`).
   */
  readonly serverUrl?: string;
  /** `info.title`. Default `Public-Data Gateway`. */
  readonly title?: string;
  /** `info.version`, the version of this description. Default `1.0.0` (the API's major version is in the paths: `/v1/`). */
  readonly version?: string;
  /** `info.description`. Default: a paragraph naming the providers. */
  readonly description?: string;
  /**
   * Where a valibot construct has no JSON Schema form: `'throw'` (the default) one `UnsupportedSchemaError`
   * naming every provider, endpoint and construct; `'open'` an open schema (any value) there, whose
   * description says why.
   */
  readonly unsupported?: 'throw' | 'open';
}

/** An OpenAPI 3.1 document, as `toOpenApi` builds it (plain JSON: `JSON.stringify` it to save it). */
export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly servers: readonly JsonSchema[];
  readonly security: readonly Record<string, readonly string[]>[];
  readonly tags: readonly { readonly name: string; readonly description: string }[];
  readonly paths: Readonly<Record<string, { readonly get: OpenApiOperation }>>;
  readonly components: JsonSchema;
}

export interface OpenApiOperation {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly tags: readonly string[];
  readonly parameters: readonly JsonSchema[];
  readonly responses: JsonSchema;
  /** The provider id and endpoint name, as `pdg.run(provider, endpoint)` takes them. */
  readonly 'x-pdg-provider': string;
  readonly 'x-pdg-endpoint': string;
  /** The gateway's documented response-cache time, in seconds. */
  readonly 'x-pdg-cache-seconds'?: number;
  /** How the endpoint pages (`page` or `cursor`) and the name of its item array. */
  readonly 'x-pdg-paging'?: { readonly kind: 'page' | 'cursor'; readonly items: string };
  /** The spec names the endpoint but does not describe its params or response. */
  readonly 'x-pdg-undocumented'?: true;
}

export const defaultServerVariable = 'http://127.0.0.1:4010';

/** The providers' endpoints as an OpenAPI 3.1 document: one path per endpoint, tagged by provider. */
export function toOpenApi(providers: readonly AnyProvider[], options: OpenApiOptions = {}): OpenApiDocument {
  const unique = distinctProviders(providers);
  const paths: Record<string, { get: OpenApiOperation }> = {};
  const operationIds = new Map<string, string>();
  const unsupported: UnsupportedConstruct[] = [];
  for (const provider of unique) {
    for (const [name, endpoint] of Object.entries(provider.endpoints) as [string, EndpointDefinition][]) {
      const path = endpointPath(provider.id, endpoint, name);
      const where = `${provider.id} ${name}`;
      if (paths[path]) throw new TypeError(`${where}: its path ${path} is also another endpoint's; paths must differ.`);
      let operation: OpenApiOperation;
      try {
        operation = operationOf(provider, name, endpoint, options);
      } catch (error) {
        if (!(error instanceof UnsupportedSchemaError)) throw error;
        unsupported.push(...error.constructs);
        continue;
      }
      const clash = operationIds.get(operation.operationId);
      if (clash) {
        throw new TypeError(
          `${where} and ${clash} both make the operationId "${operation.operationId}": rename one endpoint.`,
        );
      }
      operationIds.set(operation.operationId, where);
      paths[path] = { get: operation };
    }
  }
  if (unsupported.length > 0) throw new UnsupportedSchemaError(unsupported);
  const ids = unique.map((provider) => provider.id);
  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'Public-Data Gateway',
      version: options.version ?? '1.0.0',
      description:
        options.description ??
        `Public web data from many sources ("providers") as JSON, behind one API key. Every operation is a read-only GET. This description covers ${ids.length === 1 ? 'the provider' : `${ids.length} providers`}: ${ids.join(', ')}. Generated from the pdg SDK's provider definitions by @pdg/openapi.`,
    },
    servers: [serverOf(options.serverUrl)],
    security: [{ [securitySchemeName]: [] }],
    tags: unique.map((provider) => ({ name: provider.id, description: provider.description })),
    paths,
    components: {
      securitySchemes,
      schemas: { ErrorEnvelope: errorEnvelopeSchema },
      responses: errorResponses,
      headers,
    },
  };
}

/** Each provider once; two different providers under one id are refused. */
function distinctProviders(providers: readonly AnyProvider[]): AnyProvider[] {
  const byId = new Map<string, AnyProvider>();
  for (const provider of providers) {
    const seen = byId.get(provider.id);
    if (seen && seen !== provider) {
      throw new TypeError(`Two different providers have the id "${provider.id}": pass each provider once.`);
    }
    byId.set(provider.id, provider);
  }
  return [...byId.values()];
}

function serverOf(serverUrl: string | undefined): JsonSchema {
  if (serverUrl === undefined) {
    return {
      url: '{base_url}',
      description: 'The gateway. Its spec writes the address as `{base_url}` without giving one: set yours.',
      variables: {
        base_url: {
          default: defaultServerVariable,
          description:
            "The gateway's base URL, without `/v1` (the SDK reads it from `PDG_BASE_URL`). The default is the local mock gateway that `pdg mock` starts.",
        },
      },
    };
  }
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    throw new TypeError(
      `serverUrl must be an absolute http(s) URL such as https://gateway.example.com (received "${serverUrl}").`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`serverUrl must be an http(s) URL (received "${serverUrl}").`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new TypeError('serverUrl must not hold a user name or password: the gateway takes the API key alone.');
  }
  if (url.search !== '' || url.hash !== '') {
    throw new TypeError(`serverUrl must not hold a query or fragment (received "${serverUrl}").`);
  }
  // The paths carry `/v1`, as the SDK adds it: a base URL copied with its `/v1` still works.
  const root = url.href.replace(/\/+$/, '').replace(/\/v1$/, '');
  return { url: root };
}

function operationOf(
  provider: AnyProvider,
  name: string,
  endpoint: EndpointDefinition,
  options: OpenApiOptions,
): OpenApiOperation {
  const label = `${provider.id} ${name}`;
  const schemaOptions = { label, unsupported: options.unsupported ?? 'throw' };
  let paramsSchema: JsonSchema | undefined;
  let responseSchema: JsonSchema | undefined;
  const found: UnsupportedConstruct[] = [];
  // Both schemas are read before failing, so one error names everything that cannot be expressed.
  try {
    paramsSchema = paramsJsonSchema(endpoint, schemaOptions);
  } catch (error) {
    if (!(error instanceof UnsupportedSchemaError)) throw error;
    found.push(...error.constructs);
  }
  try {
    responseSchema = responseJsonSchema(endpoint, schemaOptions);
  } catch (error) {
    if (!(error instanceof UnsupportedSchemaError)) throw error;
    found.push(...error.constructs);
  }
  if (found.length > 0 || !paramsSchema || !responseSchema) throw new UnsupportedSchemaError(found);
  const { $schema: _params, ...params } = paramsSchema;
  const { $schema: _response, ...response } = responseSchema;
  return {
    operationId: operationIdOf(provider.id, name),
    summary: endpoint.description,
    description: descriptionOf(provider.id, name, endpoint),
    tags: [provider.id],
    parameters: parametersOf(endpoint, params),
    responses: {
      '200': {
        description: endpoint.envelope
          ? 'The success envelope; `pdg.run()` returns its `content`.'
          : 'The result, as `pdg.run()` returns it.',
        content: { 'application/json': { schema: response } },
      },
      ...operationErrors,
    },
    'x-pdg-provider': provider.id,
    'x-pdg-endpoint': name,
    ...(endpoint.cacheSeconds === undefined ? {} : { 'x-pdg-cache-seconds': endpoint.cacheSeconds }),
    ...(endpoint.paging ? { 'x-pdg-paging': { kind: endpoint.paging.kind, items: endpoint.paging.items } } : {}),
    ...(endpoint.undocumented ? { 'x-pdg-undocumented': true as const } : {}),
  };
}

/** `jobs:jobboard` `remote-jobs` → `jobsJobboardRemoteJobs`: URL-safe, and a method name for generated clients. */
export function operationIdOf(providerId: string, endpointName: string): string {
  const words = `${providerId} ${endpointName}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words
    .map((word, index) => (index === 0 ? word.toLowerCase() : word[0]?.toUpperCase() + word.slice(1)))
    .join('');
}

function descriptionOf(providerId: string, name: string, endpoint: EndpointDefinition): string {
  const lines = [endpoint.description];
  if (endpoint.undocumented) {
    lines.push(
      "Undocumented: the gateway's spec names this endpoint but does not describe its params or response. Any params are sent as given, and any JSON may come back.",
    );
  }
  if (endpoint.paging?.kind === 'page') {
    lines.push(
      `Page-numbered: send \`page\`; the response carries \`hasMore\` and \`nextPage\`, the items in \`${endpoint.paging.items}\`.`,
    );
  } else if (endpoint.paging?.kind === 'cursor') {
    lines.push(
      `Cursor-paged: send the response's \`nextCursor\` back as \`cursor\`; the items are in \`${endpoint.paging.items}\`.`,
    );
  }
  lines.push(
    endpoint.cacheSeconds === undefined
      ? 'Cache time: not documented.'
      : `The gateway caches the response for ${formatSeconds(endpoint.cacheSeconds)} (\`x-pdg-cache-seconds\`).`,
  );
  lines.push(`In the SDK: \`pdg.run('${providerId}', '${name}', params)\`.`);
  return lines.join('\n\n');
}

/**
 * One parameter per param: in the path (the path param) or the query. A list param is an array sent
 * comma-joined (`style: form, explode: false`), as the gateway takes it. Where the spec says params exist
 * beyond those it lists, a free-form object stands for them.
 */
function parametersOf(endpoint: EndpointDefinition, params: JsonSchema): JsonSchema[] {
  const properties = (params.properties ?? {}) as Record<string, JsonSchema>;
  const parameters = describeParams(endpoint).map((param) => parameterOf(param, properties[param.name] ?? {}));
  if (params.additionalProperties !== false) {
    const names = new Set(Object.keys(properties));
    let name = 'otherParams';
    while (names.has(name)) name = `_${name}`;
    parameters.push({
      name,
      in: 'query',
      description: endpoint.undocumented
        ? 'Any params: the spec does not list them. Each is sent as given.'
        : 'Params besides those listed: the spec says others exist without listing them. Each is sent as given.',
      required: false,
      schema: { type: 'object', additionalProperties: true },
      style: 'form',
      explode: true,
    });
  }
  return parameters;
}

function parameterOf(param: ParamInfo, property: JsonSchema): JsonSchema {
  const { description: _, ...schema } = property;
  const parameter: JsonSchema = {
    name: param.name,
    in: param.inPath ? 'path' : 'query',
    // OpenAPI requires path params to be required; a path param is always sent.
    required: param.inPath || param.required,
    ...(param.description ? { description: param.description } : {}),
    schema: param.type === 'list' ? wireList(schema) : schema,
  };
  if (param.type === 'list') {
    parameter.style = 'form';
    parameter.explode = false;
  }
  return parameter;
}

/** A list param on the wire: an array of strings, sent comma-joined (the array form of its JSON Schema). */
function wireList(schema: JsonSchema): JsonSchema {
  const array = ((schema.anyOf ?? []) as JsonSchema[]).find((branch) => branch.type === 'array') ?? {};
  const item = { ...((array.items ?? {}) as JsonSchema) };
  if (Array.isArray(item.enum)) item.enum = item.enum.filter((value) => typeof value === 'string');
  item.type = 'string';
  const { anyOf: _, ...rest } = schema;
  // A default written the gateway's way (`'ecb,fed'`) is the array it stands for.
  if (typeof rest.default === 'string') rest.default = rest.default.split(',');
  return { ...rest, type: 'array', minItems: 1, items: item };
}
