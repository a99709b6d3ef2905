/**
 * `search_docs` (code mode): the catalog as short docs for a program's author, ranked for the model's
 * words: each endpoint's call as a program writes it, its params with their rules, its response's fields
 * and how it pages.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { responseFields } from './fields.js';
import { type JsonSchema, walkArguments } from './input-schema.js';
import type { PdgTool } from './tools.js';

export const searchDocsName = 'search_docs';
const defaultMatches = 3;
const maxMatches = 10;
/** Response fields listed per endpoint: enough to write a program, short enough to read. */
const maxFields = 40;

export interface EndpointDoc {
  readonly provider: string;
  readonly endpoint: string;
  readonly description: string;
  /** The call as a program writes it. */
  readonly example: string;
  readonly paging?: string;
  /** `country: string, one of SG, MY (required)`: each param and its rules. */
  readonly params: readonly string[];
  /** `items[].title`: the response's fields, as `fields` and a program's property accesses name them. */
  readonly fields: readonly string[];
}

/** The endpoint's docs entry. */
export function endpointDoc(tool: PdgTool): EndpointDoc {
  const properties = paramsOf(tool);
  const required = new Set((tool.inputSchema.required as string[] | undefined) ?? []);
  const params = Object.entries(properties).map(([name, schema]) => paramLine(name, schema, required.has(name)));
  const fields = tool.endpoint.undocumented ? [] : responseFields(tool);
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
    fields: fields.length > maxFields ? [...fields.slice(0, maxFields), `... (${fields.length} in all)`] : fields,
  };
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

const texts = new WeakMap<PdgTool, { names: string; description: string; rest: string }>();

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1)
    .map(stem);
}

/** `jobs` and `job` alike, `cities` and `city`. */
function stem(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !word.endsWith('ss') && word.length > 3) return word.slice(0, -1);
  return word;
}

/** How well the words fit the endpoint: 3 for a word in its provider or name, 2 in its description, 1 in params or fields. */
function score(tool: PdgTool, words: readonly string[]): number {
  let text = texts.get(tool);
  if (!text) {
    const doc = endpointDoc(tool);
    text = {
      names: ` ${wordsOf(`${tool.provider} ${tool.endpointName}`).join(' ')} `,
      description: ` ${wordsOf(tool.endpoint.description).join(' ')} `,
      rest: ` ${wordsOf(`${doc.params.join(' ')} ${doc.fields.join(' ')}`).join(' ')} `,
    };
    texts.set(tool, text);
  }
  const found = text;
  return words.reduce((total, word) => {
    const whole = ` ${word} `;
    if (found.names.includes(whole)) return total + 3;
    if (found.description.includes(whole)) return total + 2;
    if (found.rest.includes(whole)) return total + 1;
    return total;
  }, 0);
}

/** `search_docs`: the best matching endpoints' docs, best first, as short text. */
export function searchDocs(endpoints: readonly PdgTool[], args: Record<string, unknown>): CallToolResult {
  const words = typeof args.query === 'string' ? wordsOf(args.query) : [];
  const limit =
    typeof args.limit === 'number' && Number.isInteger(args.limit)
      ? Math.min(Math.max(args.limit, 1), maxMatches)
      : defaultMatches;
  const ranked = endpoints
    .map((tool, order) => ({ tool, order, score: score(tool, words) }))
    .filter((entry) => words.length === 0 || entry.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order);
  const docs = ranked.slice(0, limit).map(({ tool }) => endpointDoc(tool));
  const text =
    docs.length === 0
      ? `Nothing matches ${JSON.stringify(args.query ?? '')}; try other words, or leave out query to list every endpoint.`
      : [
          ...docs.map(docText),
          ranked.length > docs.length
            ? `(${ranked.length - docs.length} more match; ask with more words or a larger limit.)`
            : '',
        ]
          .filter(Boolean)
          .join('\n\n');
  return { content: [{ type: 'text', text }], structuredContent: { endpoints: docs, total: ranked.length } };
}

function docText(doc: EndpointDoc): string {
  return [
    `${doc.provider} ${doc.endpoint}: ${doc.description}`,
    `  call: ${doc.example}`,
    ...(doc.paging ? [`  paged: ${doc.paging}`] : []),
    `  params: ${doc.params.length === 0 ? 'none' : doc.params.join('; ')}`,
    `  fields: ${doc.fields.length === 0 ? 'not documented (any JSON)' : doc.fields.join(', ')}`,
  ].join('\n');
}
