/**
 * `search_docs` (code mode): the catalog as short docs for a program's author, ranked for the model's
 * words by the endpoints' one search (endpoint-search.ts), each entry as endpoint-doc.ts makes it.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type EndpointDoc, endpointDoc } from './endpoint-doc.js';
import { rankEndpoints } from './endpoint-search.js';
import type { PdgTool } from './tools.js';

export const searchDocsName = 'search_docs';
const defaultMatches = 3;
const maxMatches = 10;

/** `search_docs`: the best matching endpoints' docs, best first, as short text. */
export function searchDocs(endpoints: readonly PdgTool[], args: Record<string, unknown>): CallToolResult {
  const limit =
    typeof args.limit === 'number' && Number.isInteger(args.limit)
      ? Math.min(Math.max(args.limit, 1), maxMatches)
      : defaultMatches;
  const ranked = rankEndpoints(endpoints, args.query);
  const docs = ranked.slice(0, limit).map(endpointDoc);
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
