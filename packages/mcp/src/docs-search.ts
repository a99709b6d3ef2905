/**
 * `search_docs` (code mode): the catalog as short docs for a program's author, ranked for the model's
 * words by the endpoints' one search (endpoint-search.ts), each entry as endpoint-doc.ts makes it. The best
 * match comes whole (or the best `limit`), the next few as one line each, so a search costs the model one
 * endpoint's docs and still shows what else there is.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type EndpointDoc, endpointDoc } from './endpoint-doc.js';
import { rankEndpoints } from './endpoint-search.js';
import type { PdgTool } from './tools.js';

export const searchDocsName = 'search_docs';
const defaultMatches = 1;
const maxMatches = 10;
/** Further matches named in one line each (endpoint and description), after the whole ones. */
const namedMatches = 4;

/** `search_docs`: the best matching endpoints' docs, best first, as short text. */
export function searchDocs(endpoints: readonly PdgTool[], args: Record<string, unknown>): CallToolResult {
  const limit =
    typeof args.limit === 'number' && Number.isInteger(args.limit)
      ? Math.min(Math.max(args.limit, 1), maxMatches)
      : defaultMatches;
  const ranked = rankEndpoints(endpoints, args.query);
  const docs = ranked.slice(0, limit).map(endpointDoc);
  const named = ranked.slice(limit, limit + namedMatches);
  const rest = ranked.length - docs.length - named.length;
  const text =
    docs.length === 0
      ? `Nothing matches ${JSON.stringify(args.query ?? '')}; try other words, or leave out query to list every endpoint.`
      : [
          docs.map(docText).join('\n\n'),
          ...(named.length > 0
            ? [
                `Also matching (ask with their names for their docs):`,
                ...named.map((tool) => `  ${tool.provider} ${tool.endpointName}: ${tool.endpoint.description}`),
              ]
            : []),
          ...(rest > 0 ? [`(${rest} more match; ask with more words or a larger limit.)`] : []),
        ].join('\n');
  return { content: [{ type: 'text', text }], structuredContent: { endpoints: docs, total: ranked.length } };
}

function docText(doc: EndpointDoc): string {
  return [
    `${doc.provider} ${doc.endpoint}: ${doc.description}`,
    `  call: ${doc.example}`,
    `  params: ${doc.params.length === 0 ? 'none' : doc.params.join('; ')}`,
    ...doc.types.map((line) => `  ${line}`),
  ].join('\n');
}
