/**
 * Each documented endpoint's docs as an MCP resource a client can list, read and attach: `pdg://{provider}/{endpoint}`,
 * rendered as markdown from the docs entry `search_docs` gives (endpoint-doc.ts: the call, the params and their
 * rules, each response field with its type, the answer's types, paging), with the endpoint's cache time.
 *
 * The provider is written as the URI template `pdg://{provider}/{endpoint}` expands it (RFC 6570 simple
 * expansion): `jobs:jobboard` as `jobs%3Ajobboard`. Written raw, `pdg://jobs:jobboard/browse` is no URI: in an
 * authority a `:` starts the port, which must be digits (RFC 3986 3.2.3), and `new URL` refuses it, as the
 * MCP SDK does when reading it. The encoded form is a valid URI, and any client expanding the template gets it.
 *
 * A walk stopped before its end (at its items, pages or size bound) links the rest of it as
 * `pdg://{provider}/{endpoint}?params=…&resume=…`: reading it walks on from `resume` with the same params and
 * bounds, and answers the next part as the tool would.
 */
import { formatSeconds } from '@pdg/core/describe';
import { endpointDoc } from './endpoint-doc.js';
import type { PdgTool } from './tools.js';

export const endpointResourceTemplate = 'pdg://{provider}/{endpoint}';

/** One endpoint's docs as a resource: what `resources/list` gives, and its text. */
export interface EndpointResource {
  readonly uri: string;
  /** `jobs:jobboard/browse`. */
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** The gateway's cache time of the endpoint's answers, when the spec gives one. */
  readonly cacheSeconds?: number;
  readonly tool: PdgTool;
  /** The docs as markdown. */
  text(): string;
}

/** `pdg://jobs%3Ajobboard/browse`. */
export function endpointUri(provider: string, endpoint: string): string {
  return `pdg://${encodeURIComponent(provider)}/${encodeURIComponent(endpoint)}`;
}

/** The docs resource of every documented endpoint (an endpoint the spec only names has no docs to read). */
export function endpointResources(tools: readonly PdgTool[]): EndpointResource[] {
  return tools
    .filter((tool) => !tool.endpoint.undocumented)
    .map((tool) => ({
      uri: endpointUri(tool.provider, tool.endpointName),
      name: `${tool.provider}/${tool.endpointName}`,
      title: `${tool.provider} ${tool.endpointName}: its call, params, response fields and paging`,
      description: tool.endpoint.description,
      ...(tool.endpoint.cacheSeconds === undefined ? {} : { cacheSeconds: tool.endpoint.cacheSeconds }),
      tool,
      text: () => endpointMarkdown(tool),
    }));
}

/** The endpoint's docs entry as markdown: the call, the params and their rules, the fields, paging, cache time. */
export function endpointMarkdown(tool: PdgTool): string {
  const doc = endpointDoc(tool);
  const lines = [
    `# ${doc.provider} ${doc.endpoint}`,
    '',
    doc.description,
    '',
    `Tool: \`${tool.name}\`. In code mode:`,
    '',
    '```ts',
    doc.example,
    '```',
    '',
    '## Params',
    '',
    ...(doc.params.length > 0 ? doc.params.map((line) => `- ${line}`) : ['None.']),
    '',
    '## Response fields',
    '',
    ...(doc.fields.length > 0 ? doc.fields.map(fieldLine) : ['Not documented by the spec.']),
    '',
    ...(doc.types.length > 0 ? ['## Types', '', '```ts', ...doc.types, '```', ''] : []),
    '## Paging',
    '',
    doc.paging ?? 'Not paged: one call, one answer.',
    '',
    '## Cache',
    '',
    tool.endpoint.cacheSeconds === undefined
      ? 'The spec gives no cache time.'
      : `The gateway caches answers for ${formatSeconds(tool.endpoint.cacheSeconds)}.`,
  ];
  return `${lines.join('\n')}\n`;
}

/** `items[].title: string` as a list item: the path as `fields` names it, then its type. */
function fieldLine(field: string): string {
  const at = field.indexOf(': ');
  return at < 0 ? `- \`${field}\`` : `- \`${field.slice(0, at)}\`: ${field.slice(at + 2)}`;
}

/** What a `pdg://` URI names: an endpoint's docs, or (with `params` and `resume`) the rest of a walk. */
export type PdgUri =
  | { readonly kind: 'docs'; readonly provider: string; readonly endpoint: string }
  | {
      readonly kind: 'walk';
      readonly provider: string;
      readonly endpoint: string;
      readonly params: Record<string, unknown>;
      readonly resume: Record<string, unknown>;
      readonly maxItems?: number;
      readonly maxPages?: number;
    }
  | { readonly kind: 'refused'; readonly message: string };

const shape =
  'a pdg resource URI is pdg://{provider}/{endpoint} with the provider URI-encoded (pdg://jobs%3Ajobboard/browse), as resources/list gives it';

/** The URI read back, or why it is none. */
export function parsePdgUri(uri: URL): PdgUri {
  const provider = decoded(uri.host);
  const segments = uri.pathname.split('/').slice(1);
  if (uri.protocol !== 'pdg:' || !provider || segments.length !== 1 || !segments[0]) {
    return { kind: 'refused', message: `Unknown resource ${uri.href}: ${shape}.` };
  }
  const endpoint = decoded(segments[0]);
  if (endpoint === undefined) return { kind: 'refused', message: `Unknown resource ${uri.href}: ${shape}.` };
  if (uri.search === '') return { kind: 'docs', provider, endpoint };
  const params = jsonObject(uri.searchParams.get('params') ?? '{}');
  const resume = jsonObject(uri.searchParams.get('resume'));
  const bound = (name: string) => {
    const text = uri.searchParams.get(name);
    return text === null ? undefined : Number(text);
  };
  const maxItems = bound('maxItems');
  const maxPages = bound('maxPages');
  if (!params || !resume || Number.isNaN(maxItems) || Number.isNaN(maxPages)) {
    return {
      kind: 'refused',
      message: `Invalid walk resource ${uri.href}: its query is params and resume as JSON objects (and maxItems, maxPages as numbers), as the resource_link of a stopped walk gives it.`,
    };
  }
  return {
    kind: 'walk',
    provider,
    endpoint,
    params,
    resume,
    ...(maxItems === undefined ? {} : { maxItems }),
    ...(maxPages === undefined ? {} : { maxPages }),
  };
}

/** The URI of the rest of a walk: the same endpoint, params and bounds, from `resume`. */
export function walkUri(
  provider: string,
  endpoint: string,
  params: Record<string, unknown>,
  resume: unknown,
  bounds: { readonly maxItems?: unknown; readonly maxPages?: unknown },
): string {
  const query = new URLSearchParams({ params: JSON.stringify(params), resume: JSON.stringify(resume) });
  if (typeof bounds.maxItems === 'number') query.set('maxItems', String(bounds.maxItems));
  if (typeof bounds.maxPages === 'number') query.set('maxPages', String(bounds.maxPages));
  return `${endpointUri(provider, endpoint)}?${query}`;
}

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function jsonObject(text: string | null): Record<string, unknown> | undefined {
  if (text === null) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
