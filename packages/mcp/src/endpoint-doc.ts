/**
 * An endpoint's docs entry, as `search_docs` gives it and its search reads it: the call as a program writes
 * it, its params with their rules, its response's fields with their types and how it pages.
 */
import { describeResponseFields } from '@pdg/core/describe';
import { endpointTypes } from './endpoint-types.js';
import { type JsonSchema, walkArguments } from './input-schema.js';
import type { PdgTool } from './tools.js';
import { schemaAt, shortTypeText } from './type-text.js';

export interface EndpointDoc {
  readonly provider: string;
  readonly endpoint: string;
  readonly description: string;
  /** The call as a program writes it. */
  readonly example: string;
  readonly paging?: string;
  /** `country: string, one of SG, MY (required)`: each param and its rules. */
  readonly params: readonly string[];
  /**
   * `items[].location.city: string | null`: every field of the response with its type, the path as `fields`
   * names it (core's `describeResponseFields`).
   */
  readonly fields: readonly string[];
  /**
   * The answer's types as a program sees them, named as code mode's type check names them:
   * `type JobsJobboardBrowseItem = { ... }` (a paged endpoint's item and page) or the result's one type.
   */
  readonly types: readonly string[];
}

/** The endpoint's docs entry. */
export function endpointDoc(tool: PdgTool): EndpointDoc {
  const properties = paramsOf(tool);
  const required = new Set((tool.inputSchema.required as string[] | undefined) ?? []);
  // The walk sets a paged endpoint's page or cursor: a program names it only to start further on.
  const position = tool.endpoint.paging?.kind;
  const params = Object.entries(properties)
    .filter(([name]) => name !== position)
    .map(([name, schema]) => paramLine(name, schema, required.has(name)));
  const types = endpointTypes(tool);
  const fields = tool.endpoint.undocumented
    ? []
    : describeResponseFields(tool.endpoint).map((path) => `${path}: ${shortTypeText(schemaAt(types.response, path))}`);
  const paging = tool.endpoint.paging;
  return {
    provider: tool.provider,
    endpoint: tool.endpointName,
    description: tool.endpoint.description,
    example: exampleCall(tool, properties, required),
    ...(paging
      ? {
          paging: `${paging.kind === 'page' ? 'page numbers' : 'cursors'}; items in \`${paging.items}\`: walk with pdg.items (each item) or pdg.pages (each page)`,
        }
      : {}),
    params,
    fields,
    types: typeLines(tool),
  };
}

function typeLines(tool: PdgTool): string[] {
  const types = endpointTypes(tool);
  const result = `type ${types.resultName} = ${types.resultText}`;
  return types.itemText === undefined ? [result] : [`type ${types.name}Item = ${types.itemText}`, result];
}

function paramsOf(tool: PdgTool): Record<string, JsonSchema> {
  const properties = { ...((tool.inputSchema.properties ?? {}) as Record<string, JsonSchema>) };
  for (const name of [...walkArguments, 'fields']) delete properties[name];
  return properties;
}

function paramLine(name: string, schema: JsonSchema, required: boolean): string {
  const rules: string[] = [String(schema.type ?? 'any')];
  if (Array.isArray(schema.enum)) rules.push(`one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`);
  if (schema.minimum !== undefined) rules.push(`>= ${String(schema.minimum)}`);
  if (schema.maximum !== undefined) rules.push(`<= ${String(schema.maximum)}`);
  if (schema.pattern !== undefined) rules.push(`matching ${String(schema.pattern)}`);
  if (schema.default !== undefined) rules.push(`default ${JSON.stringify(schema.default)}`);
  if (required) rules.push('required');
  const description = typeof schema.description === 'string' ? `: ${firstSentence(schema.description)}` : '';
  return `${name} (${rules.join(', ')})${description}`;
}

function exampleCall(tool: PdgTool, properties: Record<string, JsonSchema>, required: Set<string>): string {
  const sample = Object.fromEntries(
    [...required].filter((name) => properties[name]).map((name) => [name, sampleOf(properties[name] as JsonSchema)]),
  );
  const params = JSON.stringify(sample);
  const target = `'${tool.provider}', '${tool.endpointName}', ${params}`;
  if (tool.endpoint.paging) {
    return `for await (const item of pdg.items(${target}, { maxItems: 100 })) { ... }`;
  }
  return `const result = await pdg.run(${target});`;
}

function sampleOf(schema: JsonSchema): unknown {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'boolean') return true;
  if (schema.type === 'array') return [];
  return '...';
}

function firstSentence(text: string): string {
  return text.split(/\.(?:\s|$)/)[0]?.trim() || text;
}
