/**
 * The link at the end of a walk that stopped before its end (at `maxItems`, `maxPages` or the result size):
 * a `resource_link` to the rest of it, `pdg://{provider}/{endpoint}?params=…&resume=…` (endpoint-resources.ts),
 * which `resources/read` walks on from with the same params and bounds. The result's `walk.resume` and note
 * say the same in text, for clients that do not follow links.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { callToolName } from './catalog.js';
import { walkUri } from './endpoint-resources.js';
import { walkArguments } from './input-schema.js';
import type { ResolvedLimits } from './limits.js';
import { resultBytes } from './result-step.js';
import type { PdgTool } from './tools.js';

/** A walk of one endpoint as a tool call asked it: the endpoint, its params (with `fields`) and its bounds. */
export interface AskedWalk {
  readonly tool: PdgTool;
  readonly params: Record<string, unknown>;
  readonly bounds: { readonly maxItems?: unknown; readonly maxPages?: unknown };
}

/**
 * The walk a tool call asked for, when the tool walks one endpoint: an endpoint's own tool (found in
 * `byName`), or `call_endpoint` naming one (found in `byEndpoint`, keyed `provider endpoint`).
 */
export function askedWalk(
  name: string,
  args: Record<string, unknown>,
  byName: ReadonlyMap<string, PdgTool>,
  byEndpoint: ReadonlyMap<string, PdgTool>,
): AskedWalk | undefined {
  if (name !== callToolName) {
    const tool = byName.get(name);
    return tool?.endpoint.paging ? walkOf(tool, args) : undefined;
  }
  const tool = byEndpoint.get(`${String(args.provider)} ${String(args.endpoint)}`);
  if (!tool?.endpoint.paging) return undefined;
  const params =
    typeof args.params === 'object' && args.params !== null ? (args.params as Record<string, unknown>) : {};
  return {
    tool,
    params: { ...params, ...(args.fields === undefined ? {} : { fields: args.fields }) },
    bounds: { maxItems: args.maxItems, maxPages: args.maxPages },
  };
}

/** The walk an endpoint tool's arguments ask for: its params are the arguments but the walk's own. */
export function walkOf(tool: PdgTool, args: Record<string, unknown>): AskedWalk {
  const params = Object.fromEntries(
    Object.entries(args).filter(([name]) => !(walkArguments as readonly string[]).includes(name)),
  );
  return { tool, params, bounds: { maxItems: args.maxItems, maxPages: args.maxPages } };
}

/** A link's URI is sent only up to this length: params long enough to pass it are better passed back by hand. */
const longestLinkedUri = 4_000;

/**
 * The result with a `resource_link` to the rest of its walk appended, when the walk stopped before its end
 * (its `walk.resume`) and the link fits the result limit; the result as it was otherwise.
 */
export function withRestLinked(result: CallToolResult, walked: AskedWalk, limits: ResolvedLimits): CallToolResult {
  const walk = (result.structuredContent as { walk?: { done?: unknown; resume?: unknown } } | undefined)?.walk;
  if (result.isError || walk === undefined || walk.done !== false || walk.resume === undefined) return result;
  const { tool } = walked;
  const uri = walkUri(tool.provider, tool.endpointName, walked.params, walk.resume, walked.bounds);
  if (uri.length > longestLinkedUri) return result;
  const linked: CallToolResult = {
    ...result,
    content: [
      ...result.content,
      {
        type: 'resource_link',
        uri,
        name: `${tool.provider}/${tool.endpointName} walk, from ${JSON.stringify(walk.resume)}`,
        description: `The rest of this walk of ${tool.provider} ${tool.endpointName}: read it (resources/read) for the next part, with the same params and bounds.`,
        mimeType: 'application/json',
      },
    ],
  };
  return resultBytes(linked) <= limits.maxResultBytes ? linked : result;
}
