/**
 * The catalog as two tools: `find_endpoints` searches the endpoints by words and gives the matches with
 * their input schemas, and `call_endpoint` calls one of them by provider and endpoint. What `pdg mcp` serves
 * by default: two short tool listings in every prompt instead of one per endpoint (110 for every provider),
 * and the schema of an endpoint only once the model has picked it.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isPdgError, PdgError, pdgError } from '@pdg/core';
import type { EndpointCatalog } from '@pdg/core/face';
import { type CallContext, callTool } from './call.js';
import { endpointDoc } from './endpoint-doc.js';
import { rankEndpoints } from './endpoint-search.js';
import { toolError } from './errors.js';
import { fieldsArgument, type JsonSchema, walkArguments } from './input-schema.js';
import type { ResolvedLimits } from './limits.js';
import type { PdgTool, ServedTool } from './tools.js';

export const findToolName = 'find_endpoints';
export const callToolName = 'call_endpoint';

/** How many matches `find_endpoints` gives by default, and at most. */
const defaultMatches = 5;
const maxMatches = 20;

/** The two tools, over the given endpoint tools. */
export function catalogTools(endpoints: readonly PdgTool[], limits: ResolvedLimits): ServedTool[] {
  const providerIds = [...new Set(endpoints.map((tool) => tool.provider))];
  const annotations = { readOnlyHint: true, openWorldHint: true } as const;
  return [
    {
      name: findToolName,
      title: 'Find Public-Data Gateway endpoints',
      description: [
        `Finds endpoints of the Public-Data Gateway (${endpoints.length} endpoints of ${providerIds.length} providers: public web data such as music catalogues, job boards, forums, scholarly indexes, finance and health data) by words in their provider, name, description, params and response fields.`,
        `Returns the best matches (${defaultMatches} unless limit says more, at most ${maxMatches}), each with its provider, endpoint, description, the JSON Schema of its params and its response's fields with their types (the paths fields takes). Call one with ${callToolName}.`,
      ].join('\n'),
      inputSchema: {
        type: 'object',
        properties: {
          query: {
            type: 'string',
            description:
              'Words to look for, such as "job listings singapore" or "forum thread". Leave out to list every endpoint.',
          },
          provider: {
            type: 'string',
            enum: providerIds,
            description: 'Only the endpoints of this provider.',
          },
          limit: {
            type: 'integer',
            minimum: 1,
            maximum: maxMatches,
            default: defaultMatches,
            description: `Matches to return (default ${defaultMatches}, at most ${maxMatches}).`,
          },
        },
        additionalProperties: false,
      },
      annotations,
    },
    {
      name: callToolName,
      title: 'Call a Public-Data Gateway endpoint',
      description: [
        `Calls one endpoint found with ${findToolName}: its provider, its endpoint name and its params (as its params schema says; params are checked before anything is sent, and an error names each bad one).`,
        `A paged endpoint returns up to maxItems items (default ${limits.defaultItems}) from at most maxPages pages (default ${limits.defaultPages}), as { <items>: [...], firstPage, walk: { items, pages, done, resume } }; when more remain, call again with the same params and walk.resume as resume. Any other endpoint returns { result }.`,
        `A result over ${limits.maxResultBytes.toLocaleString('en-US')} bytes of JSON is cut, with a note saying what was left out.`,
      ].join('\n'),
      inputSchema: {
        type: 'object',
        properties: {
          provider: { type: 'string', enum: providerIds, description: 'The provider id, such as jobs:jobboard.' },
          endpoint: { type: 'string', description: 'The endpoint name, such as browse.' },
          params: {
            type: 'object',
            additionalProperties: true,
            description: "The endpoint's params, as its params schema (from find_endpoints) says.",
          },
          maxItems: {
            type: 'integer',
            minimum: 1,
            maximum: limits.maxItems,
            description: `Paged endpoints: items to return at most (default ${limits.defaultItems}, at most ${limits.maxItems}).`,
          },
          maxPages: {
            type: 'integer',
            minimum: 1,
            maximum: limits.maxPages,
            description: `Paged endpoints: pages to fetch at most (default ${limits.defaultPages}, at most ${limits.maxPages}).`,
          },
          resume: {
            type: 'object',
            additionalProperties: true,
            description:
              'Paged endpoints: the walk.resume a previous call returned, passed back as is, with the same params.',
          },
          fields: fieldsArgument,
        },
        required: ['provider', 'endpoint'],
        additionalProperties: false,
      },
      annotations,
    },
  ];
}

/** `find_endpoints`: the endpoints matching the words, best first, by the one search (endpoint-search.ts). */
export function findEndpoints(endpoints: readonly PdgTool[], args: Record<string, unknown>): CallToolResult {
  const limit =
    typeof args.limit === 'number' && Number.isInteger(args.limit)
      ? Math.min(Math.max(args.limit, 1), maxMatches)
      : defaultMatches;
  const scored = rankEndpoints(
    endpoints.filter((tool) => args.provider === undefined || tool.provider === args.provider),
    args.query,
  );
  const found = scored.slice(0, limit).map((tool) => ({
    provider: tool.provider,
    endpoint: tool.endpointName,
    description: tool.endpoint.description,
    ...(tool.endpoint.paging ? { paged: tool.endpoint.paging.kind } : {}),
    params: paramsOnly(tool.inputSchema),
    fields: endpointDoc(tool).fields,
  }));
  const structured = {
    endpoints: found,
    total: scored.length,
    ...(scored.length > found.length
      ? { note: `${scored.length - found.length} more match; ask with more words, a provider, or a larger limit.` }
      : {}),
    ...(found.length === 0
      ? { note: `Nothing matches; leave out query to list every endpoint, or try other words.` }
      : {}),
  };
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

/**
 * `call_endpoint`: the endpoint's own tool, with its params and the walk arguments of a paged one. The
 * endpoint is found by core's catalog, so a wrong name gets core's message and its "did you mean".
 */
export function endpointCaller(
  endpoints: readonly PdgTool[],
  catalog: EndpointCatalog,
): (args: Record<string, unknown>, context: CallContext) => Promise<CallToolResult> {
  const byName = new Map(endpoints.map((tool) => [`${tool.provider} ${tool.endpointName}`, tool]));
  return async (args, context) => {
    const tool = namedTool(byName, catalog, args);
    return tool instanceof PdgError ? toolError(tool) : callNamed(tool, args, context);
  };
}

/** The tool of the endpoint the arguments name, or the `INVALID_PARAMS` error carrying core's message. */
function namedTool(
  byName: ReadonlyMap<string, PdgTool>,
  catalog: EndpointCatalog,
  args: Record<string, unknown>,
): PdgTool | PdgError {
  const named = (name: 'provider' | 'endpoint') => {
    const value = Object.hasOwn(args, name) ? args[name] : undefined;
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'nothing');
  };
  const provider = named('provider');
  const endpoint = named('endpoint');
  try {
    catalog.definition(provider, endpoint);
  } catch (error) {
    if (!isPdgError(error)) throw error;
    const path = catalog.providers.some((candidate) => candidate.id === provider) ? 'endpoint' : 'provider';
    const message = `${error.message} ${findToolName} lists them with their params.`;
    return pdgError({
      code: 'INVALID_PARAMS',
      issues: [{ path, message }],
      message: `Invalid arguments for ${callToolName}: ${message}`,
      nothingSent: true,
    });
  }
  const tool = byName.get(`${provider} ${endpoint}`);
  // Every endpoint of the catalog's providers is a tool (both are made from the same providers).
  if (!tool) throw new TypeError(`${provider} ${endpoint} is in the catalog but has no tool.`);
  return tool;
}

async function callNamed(tool: PdgTool, args: Record<string, unknown>, context: CallContext): Promise<CallToolResult> {
  const params = (
    typeof args.params === 'object' && args.params !== null && Object.hasOwn(args, 'params') ? args.params : {}
  ) as Record<string, unknown>;
  const given = (name: string) => (Object.hasOwn(args, name) ? args[name] : undefined);
  const walk = tool.endpoint.paging
    ? Object.fromEntries(walkArguments.flatMap((name) => (given(name) === undefined ? [] : [[name, given(name)]])))
    : {};
  // The way on from a cut walk is this tool again, not the endpoint's own tool (this toolset does not serve it).
  const again = `${callToolName} again with the same provider (${JSON.stringify(tool.provider)}), endpoint (${JSON.stringify(tool.endpointName)}) and params, and`;
  const fields = given('fields') === undefined ? {} : { fields: given('fields') };
  return callTool(tool, { ...params, ...walk, ...fields }, { ...context, again });
}

/** The endpoint's params schema, without the walk arguments its own tool adds. */
function paramsOnly(schema: JsonSchema): JsonSchema {
  const properties = { ...(schema.properties as Record<string, JsonSchema> | undefined) };
  for (const name of [...walkArguments, 'fields']) delete properties[name];
  return { ...schema, properties };
}
