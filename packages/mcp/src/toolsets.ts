/**
 * The toolsets, one row each: the instructions a server gives, the tools it lists, and what runs each one.
 * The server reads only this table (server.ts), so a toolset is one row here and its tools in a file of
 * their own: every endpoint as a tool (tools.ts, call.ts), the catalog (catalog.ts), code mode
 * (code-mode.ts, docs-search.ts). Whatever a tool returns then passes the one result step (result-step.ts).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { EndpointCatalog } from '@pdg/core/face';
import type { SandboxBounds } from '@pdg/sandbox/bounds';
import { type CallContext, callTool } from './call.js';
import { callToolName, catalogTools, endpointCaller, findEndpoints, findToolName } from './catalog.js';
import { codeTools, execute, executeName } from './code-mode.js';
import { searchDocs, searchDocsName } from './docs-search.js';
import type { ResolvedLimits } from './limits.js';
import { programSlots } from './program-slots.js';
import type { PdgTool, ServedTool } from './tools.js';

/**
 * `'endpoints'`: one tool per endpoint. `'catalog'`: `find_endpoints` and `call_endpoint`. `'code'`:
 * `search_docs` and `execute`, which runs a program against the client in a WebAssembly sandbox.
 */
export type Toolset = 'endpoints' | 'catalog' | 'code';

/** What every toolset's tools are made from. */
export interface ToolsetParts {
  /** Every endpoint as a tool. */
  readonly endpoints: readonly PdgTool[];
  /** Core's catalog of the same providers: an endpoint's definition by name, with core's message for a wrong one. */
  readonly catalog: EndpointCatalog;
  readonly limits: ResolvedLimits;
  /** What one `execute` program may use. */
  readonly bounds: Required<SandboxBounds>;
}

/**
 * How a listed tool runs: on its arguments alone when it sends nothing to the gateway (a search of the
 * docs), or with the call's context (the client of the caller's key, the limits) when it calls the gateway.
 */
export type ToolRun =
  | { readonly callsGateway: false; run(args: Record<string, unknown>): CallToolResult }
  | {
      readonly callsGateway: true;
      run(args: Record<string, unknown> | undefined, context: CallContext): Promise<CallToolResult>;
    };

export interface ToolsetRow {
  /** What the server tells a client its tools are for. */
  readonly instructions: string;
  /** The tools listed, in order, each with what runs it. */
  tools(parts: ToolsetParts): readonly { readonly tool: ServedTool; readonly run: ToolRun }[];
}

const about =
  'Tools of the Public-Data Gateway: public web data (music catalogues, job boards, forums, scholarly indexes, finance and health data, ...) as JSON.';
const rules = [
  'Params are checked before anything is sent: a tool error names each bad param and the rule it broke, so the call can be corrected.',
  'Paged endpoints return a bounded part of a listing; when more remain, their walk.resume, passed back with the same params, goes on from there.',
];

export const toolsets: Readonly<Record<Toolset, ToolsetRow>> = {
  endpoints: {
    instructions: [
      about,
      'Each tool is one endpoint of one provider, named <category>_<provider>_<endpoint>, and only reads.',
      ...rules,
    ].join(' '),
    tools: ({ endpoints }) =>
      endpoints.map((tool) => ({
        tool,
        run: { callsGateway: true, run: (args, context) => callTool(tool, args, context) },
      })),
  },
  catalog: {
    instructions: [
      about,
      `Find an endpoint with ${findToolName}, then call it with ${callToolName}; both only read.`,
      ...rules,
    ].join(' '),
    tools: ({ endpoints, catalog, limits }) => {
      const call = endpointCaller(endpoints, catalog);
      return withRuns(catalogTools(endpoints, limits), {
        [findToolName]: { callsGateway: false, run: (args) => findEndpoints(endpoints, args) },
        [callToolName]: { callsGateway: true, run: (args, context) => call(args ?? {}, context) },
      });
    },
  },
  code: {
    instructions: [
      about,
      `Read how to call an endpoint with ${searchDocsName}, then answer the whole question with one program run by ${executeName}: the calls, walks over pages, filtering and arithmetic happen in the program, and only its answer comes back. Everything only reads.`,
    ].join(' '),
    tools: ({ endpoints, bounds, limits }) => {
      // One count of running programs for the server, whichever request a call comes in.
      const slots = programSlots(limits);
      return withRuns(codeTools(endpoints, bounds, limits), {
        [searchDocsName]: { callsGateway: false, run: (args) => searchDocs(endpoints, args) },
        [executeName]: {
          callsGateway: true,
          run: (args, context) =>
            execute(args ?? {}, context, { bounds, endpoints, slots, maxProgramBytes: limits.maxProgramBytes }),
        },
      });
    },
  },
};

/** Each tool with what runs it, by name: a tool with nothing to run it is a fault of this table. */
function withRuns(
  tools: readonly ServedTool[],
  runs: Readonly<Record<string, ToolRun>>,
): { readonly tool: ServedTool; readonly run: ToolRun }[] {
  return tools.map((tool) => {
    const run = Object.hasOwn(runs, tool.name) ? runs[tool.name] : undefined;
    if (run === undefined) throw new TypeError(`The toolset lists ${tool.name} but has nothing to run it.`);
    return { tool, run };
  });
}

/** The toolset named, or a `TypeError` naming the toolsets there are. */
export function toolsetRow(toolset: unknown): ToolsetRow {
  if (typeof toolset === 'string' && Object.hasOwn(toolsets, toolset)) return toolsets[toolset as Toolset];
  const names = Object.keys(toolsets).map((name) => `'${name}'`);
  throw new TypeError(
    `toolset must be ${names.slice(0, -1).join(', ')} or ${names.at(-1)} (received ${JSON.stringify(toolset)}).`,
  );
}
