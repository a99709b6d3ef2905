/**
 * An endpoint's types as a program sees them (`pdg.run` resolves to its result; `pdg.items` yields a paged
 * one's items, `pdg.pages` its pages), named and written as TypeScript: what `search_docs` shows, and what
 * code mode's type check declares (program-types.ts). From the same JSON Schemas as the tools' input and
 * output schemas (`@pdg/openapi`), so the three cannot disagree.
 */
import { responseJsonSchema } from '@pdg/openapi';
import { type JsonSchema, walkArguments } from './input-schema.js';
import type { PdgTool } from './tools.js';
import { typeText } from './type-text.js';

export interface EndpointTypes {
  /** `JobsJobboardBrowse`: the stem of the endpoint's type names. */
  readonly name: string;
  /** `JobsJobboardBrowsePage` (a paged endpoint's page) or `JobsJobboardJob`: the name of the answer's type. */
  readonly resultName: string;
  /** The params as JSON Schema, without the tool's own arguments (walk arguments, `fields`). */
  readonly params: JsonSchema;
  /** The answer `pdg.run` resolves to (a paged endpoint's: one page), as JSON Schema. */
  readonly response: JsonSchema;
  /** `{ country?: string; sort?: "newest" | "oldest" }`. */
  readonly paramsText: string;
  /** Whether the params may be left out (none is required). */
  readonly paramsOptional: boolean;
  /** The answer's type; a paged endpoint's item array is written as `<name>Item[]`. */
  readonly resultText: string;
  /** A paged endpoint's item type. */
  readonly itemText?: string;
}

const cache = new WeakMap<PdgTool, EndpointTypes>();

/** The endpoint's types (computed once per tool). */
export function endpointTypes(tool: PdgTool): EndpointTypes {
  let types = cache.get(tool);
  if (!types) {
    types = computeTypes(tool);
    cache.set(tool, types);
  }
  return types;
}

function computeTypes(tool: PdgTool): EndpointTypes {
  const name = typeName(tool.provider, tool.endpointName);
  const params = paramsOf(tool);
  const undocumented = tool.endpoint.undocumented === true;
  const { $schema: _dialect, ...response } = undocumented
    ? ({} as JsonSchema)
    : responseJsonSchema(tool.endpoint, { unwrapped: true, unsupported: 'open' });
  const paging = tool.endpoint.paging;
  const itemsSchema = paging
    ? (response.properties as Record<string, JsonSchema> | undefined)?.[paging.items]
    : undefined;
  const itemSchema = itemsSchema?.items as JsonSchema | undefined;
  const names = new Map<JsonSchema, string>(itemSchema ? [[itemSchema, `${name}Item`]] : []);
  const paramsText = undocumented ? 'Record<string, any>' : withOpenParams(typeText(params), params);
  return {
    name,
    resultName: paging ? `${name}Page` : name,
    params,
    response,
    paramsText,
    paramsOptional: ((params.required as string[] | undefined) ?? []).length === 0,
    resultText: typeText(response, names),
    ...(itemSchema ? { itemText: typeText(itemSchema) } : {}),
  };
}

/** `jobs:jobboard` `browse` → `JobsJobboardBrowse`. */
function typeName(provider: string, endpoint: string): string {
  return `${provider}-${endpoint}`
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');
}

function paramsOf(tool: PdgTool): JsonSchema {
  const properties = { ...((tool.inputSchema.properties ?? {}) as Record<string, JsonSchema>) };
  for (const name of [...walkArguments, 'fields']) delete properties[name];
  const { $schema: _dialect, ...schema } = tool.inputSchema;
  return { ...schema, properties };
}

/** An endpoint that sends params it does not name takes any other param too. */
function withOpenParams(text: string, params: JsonSchema): string {
  if (params.additionalProperties === false) return text;
  return text.startsWith('{ ') ? `${text.slice(0, -2)}; [param: string]: any }` : 'Record<string, any>';
}
