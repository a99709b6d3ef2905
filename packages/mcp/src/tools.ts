/** One tool per endpoint: name, title, description (the spec's wording, with paging and cache notes), input schema. */
import type { AnyProvider, EndpointDefinition } from '@pdg/core';
import { endpointPath, formatSeconds } from '@pdg/core/describe';
import { fieldsArgument, inputSchema, type JsonSchema } from './input-schema.js';
import type { ResolvedLimits } from './limits.js';
import { outputSchema } from './output-schema.js';
import { toolNames } from './tool-name.js';

/** A tool as `tools/list` gives it. */
export interface ServedTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** JSON Schema (2020-12) of the arguments; every schema in it has one `type`. */
  readonly inputSchema: JsonSchema;
  /** JSON Schema of the structured content (per-endpoint tools): every field optional, so a projection validates too. */
  readonly outputSchema?: JsonSchema;
  /** Every tool reads public data from outside this machine. */
  readonly annotations: { readonly readOnlyHint: true; readonly openWorldHint: true };
}

/** A gateway endpoint as an MCP tool, with the endpoint it calls. */
export interface PdgTool extends ServedTool {
  /** `jobs_jobboard_browse`: see `toolName`. */
  readonly name: string;
  /** The endpoint's one line from the spec, with the provider and endpoint it calls. */
  readonly title: string;
  /** JSON Schema (2020-12) of the arguments: the endpoint's params, and for a paged endpoint the walk arguments. */
  readonly inputSchema: JsonSchema;
  /** The provider id, as `run()` takes it: `jobs:jobboard`. */
  readonly provider: string;
  /** The endpoint name, as `run()` takes it: `browse`. */
  readonly endpointName: string;
  readonly endpoint: EndpointDefinition;
}

/** The tools of every endpoint of the providers, in the providers' order and each provider's endpoint order. */
export function describeTools(providers: readonly AnyProvider[], limits: ResolvedLimits): PdgTool[] {
  const endpoints = providers.flatMap((provider) =>
    Object.entries(provider.endpoints as Record<string, EndpointDefinition>).map(([endpointName, endpoint]) => ({
      provider,
      endpointName,
      endpoint,
    })),
  );
  const names = toolNames(
    endpoints.map(({ provider, endpointName }) => ({ provider: provider.id, endpoint: endpointName })),
  );
  return endpoints.map(({ provider, endpointName, endpoint }, index) => ({
    name: names[index] as string,
    title: `${firstSentence(endpoint.description)} (${provider.id} ${endpointName})`,
    description: toolDescription(provider, endpointName, endpoint, limits),
    inputSchema: withFields(inputSchema(provider.id, endpointName, endpoint, limits), provider.id, endpointName),
    outputSchema: outputSchema(endpoint),
    annotations: { readOnlyHint: true, openWorldHint: true },
    provider: provider.id,
    endpointName,
    endpoint,
  }));
}

/** The input schema with the `fields` argument (projection), which no endpoint may have as a param. */
function withFields(schema: JsonSchema, providerId: string, endpointName: string): JsonSchema {
  const properties = { ...(schema.properties as Record<string, JsonSchema> | undefined) };
  if (Object.hasOwn(properties, 'fields')) {
    throw new TypeError(
      `${providerId} ${endpointName} has a param named "fields", which its tool takes as the projection argument: rename the param.`,
    );
  }
  return { ...schema, properties: { ...properties, fields: fieldsArgument } };
}

function firstSentence(text: string): string {
  return text.split(/\.(?:\s|$)/)[0]?.trim() || text;
}

function toolDescription(
  provider: AnyProvider,
  endpointName: string,
  endpoint: EndpointDefinition,
  limits: ResolvedLimits,
): string {
  const lines = [
    endpoint.description,
    `Public-Data Gateway ${provider.id} (${provider.description.replace(/\.$/, '')}): GET ${endpointPath(provider.id, endpoint, endpointName)}.`,
  ];
  if (endpoint.undocumented) {
    lines.push(
      "The gateway's spec names this endpoint but does not document its params or its result: any params are sent as given, and the result is returned as the gateway sends it.",
    );
  }
  const bytes = limits.maxResultBytes.toLocaleString('en-US');
  if (endpoint.paging) {
    const start = endpoint.paging.kind === 'page' ? 'from `page` if given' : 'from `cursor` if given';
    lines.push(
      `Paged (${endpoint.paging.kind === 'page' ? 'page numbers' : 'cursor'}): returns up to maxItems items (default ${limits.defaultItems}) from at most maxPages pages (default ${limits.defaultPages}), ${start}, ` +
        `as { ${endpoint.paging.items}: [...], firstPage: the first page's other fields, walk: { items, pages, done, resume } }. ` +
        `When more remain, call again with the same params and the returned walk.resume as resume.`,
    );
  } else {
    lines.push('Returns { result: the answer }.');
  }
  lines.push(`A result over ${bytes} bytes of JSON is cut, with a note saying what was left out and how to get it.`);
  if (endpoint.cacheSeconds !== undefined) {
    lines.push(`The gateway caches answers for ${formatSeconds(endpoint.cacheSeconds)}.`);
  }
  return lines.join('\n');
}
