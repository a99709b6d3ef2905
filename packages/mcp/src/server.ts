/**
 * The MCP server, over the toolset chosen from one table (toolsets.ts). Tools are served through the SDK's `McpServer`, with the `tools/list` and `tools/call`
 * handlers set on its underlying protocol server: `McpServer.registerTool` takes a zod schema and converts
 * it, whereas each endpoint's input schema is already JSON Schema (from `@pdg/openapi`), handed out exactly
 * as converted, enums, limits, defaults and descriptions included.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { type AnyProvider, type ClientOptions, PdgError } from '@pdg/core';
import { endpointCatalog, endpointsOf, pdgEnvironment } from '@pdg/core/face';
import { resolveBounds, type SandboxBounds } from '@pdg/sandbox/bounds';
import { z } from 'zod';
import manifest from '../package.json' with { type: 'json' };
import type { CallContext } from './call.js';
import { serverClients } from './clients.js';
import { driftRecord } from './drift.js';
import { toolError } from './errors.js';
import { resolveLimits, type ToolLimits } from './limits.js';
import { finishedResult, type Redact } from './result-step.js';
import { serveTasks } from './tasks/serve-tasks.js';
import { type ServerTasks, serverTasks, type TaskOptions } from './tasks/server-tasks.js';
import { describeTools, type PdgTool, type ServedTool } from './tools.js';
import { type Toolset, toolsetRow, toolsets } from './toolsets.js';

export type { Toolset };

export interface McpServerOptions<TProviders extends readonly AnyProvider[] = readonly AnyProvider[]>
  extends ClientOptions<TProviders> {
  /** How much one call returns: items and pages of a walk, bytes of a result. See `ToolLimits`. */
  readonly limits?: ToolLimits;
  /** The name and version the server gives clients. Default `pdg` and this package's version. */
  readonly serverInfo?: { readonly name: string; readonly version: string };
  /**
   * Which tools are served. `'endpoints'` (the default): one tool per endpoint, its params as its input
   * schema. `'catalog'`: two tools, `find_endpoints` (search the endpoints, with their params schemas) and
   * `call_endpoint` (call one by provider and endpoint), for many providers at once: two short tool listings
   * in every prompt instead of one per endpoint (`pdg mcp` serves these by default).
   */
  readonly toolset?: Toolset;
  /** Code mode (`toolset: 'code'`): what one `execute` program may use. See `@pdg/sandbox`'s `SandboxBounds`. */
  readonly sandbox?: SandboxBounds;
  /**
   * Tool calls run as MCP tasks: a walk asked for past `limits` (more items or pages than one call gives),
   * or any call whose client asks for a task. Their bounds (items, pages, inline result, time to live, tasks
   * per caller) and the Redis their walks run on as `@pdg/queue` jobs. See `TaskOptions`.
   */
  readonly tasks?: TaskOptions;
}

/** The tools of the given providers with a client to call them: what every server and transport shares. */
export interface PdgTools {
  /** The tools served: one per endpoint, or `find_endpoints` and `call_endpoint` (see `toolset`). */
  readonly tools: readonly ServedTool[];
  /** Every endpoint as a tool: the tools served by `toolset: 'endpoints'`, and what `call_endpoint` calls. */
  readonly endpointTools: readonly PdgTool[];
  /**
   * Calls the named tool with the arguments a model gave. Never throws for a failed call: the result is a
   * tool error (`isError: true`) saying what failed. Every result, errors included, is at most
   * `limits.maxResultBytes` (see result-step.ts). An unknown name is a `TypeError`. `apiKey`: the
   * caller's own key, sent instead of the server's for this call's gateway requests (see `clients.ts`).
   */
  call(name: string, args?: Record<string, unknown>, signal?: AbortSignal, apiKey?: string): Promise<CallToolResult>;
  readonly serverInfo: { readonly name: string; readonly version: string };
  /** Which tools are served (see `McpServerOptions.toolset`). */
  readonly toolset: Toolset;
  /** The tools that call the gateway: each may run as a task. */
  readonly taskTools: ReadonlySet<string>;
  /** The tasks of every server made from these tools (see `McpServerOptions.tasks`). */
  readonly tasks: ServerTasks;
}

/**
 * The tools of every endpoint of `options.providers`, and the client (`createClient` with the same options)
 * their calls run through. Bad options are refused here, before any server starts.
 */
export function createPdgTools<const TProviders extends readonly AnyProvider[]>(
  options: McpServerOptions<TProviders>,
): PdgTools {
  const {
    limits: givenLimits,
    serverInfo,
    toolset = 'endpoints',
    sandbox: givenBounds,
    tasks: taskOptions,
    ...clientOptions
  } = options;
  const row = toolsetRow(toolset);
  const bounds = resolveBounds(givenBounds);
  const limits = resolveLimits(givenLimits);
  // A response whose shape changed upstream is returned and said to have drifted, not refused: a model can
  // still use the rest of it. `validate: 'strict'` or `'off'` in the options is kept.
  const drift = driftRecord();
  const hooks = clientOptions.hooks === undefined ? [] : [clientOptions.hooks].flat();
  const clients = serverClients(
    { ...clientOptions, validate: clientOptions.validate ?? 'report', hooks: [...hooks, drift.hooks] },
    // Read as the client reads it, so the key it sends is the one kept out of results.
    options.apiKey || pdgEnvironment().PDG_API_KEY || undefined,
  );
  const endpointTools = describeTools(options.providers, limits);
  const listed = row.tools({ endpoints: endpointTools, catalog: endpointCatalog(options.providers), limits, bounds });
  const runs = new Map(listed.map(({ tool, run }) => [tool.name, run]));
  const tools = listed.map(({ tool }) => tool);
  const pdgTools: Omit<PdgTools, 'tasks'> = {
    tools,
    endpointTools,
    toolset,
    taskTools: new Set(listed.filter(({ run }) => run.callsGateway).map(({ tool }) => tool.name)),
    serverInfo: serverInfo ?? { name: 'pdg', version: manifest.version },
    async call(name, args, signal, apiKey) {
      const run = runs.get(name);
      if (run === undefined) throw new TypeError(unknownTool(name, tools));
      const keyed = clients.forKey(apiKey);
      // A key core refused (or none at all) reaches no client and no result: its error never quotes the key.
      const redact: Redact = keyed instanceof PdgError ? (value) => value : endpointsOf(keyed.client).redact;
      if (!run.callsGateway) return finishedResult(run.run(args ?? {}), limits, redact);
      if (keyed instanceof PdgError) return finishedResult(toolError(keyed), limits, redact);
      const context: CallContext = {
        client: keyed.client,
        endpoints: endpointsOf(keyed.client),
        limits,
        drift: drift.of,
        ...(signal ? { signal } : {}),
      };
      return finishedResult(await run.run(args, context), limits, redact);
    },
  };
  const tasks = serverTasks({ options: taskOptions, clients, endpointTools, limits, call: pdgTools.call });
  return { ...pdgTools, tasks };
}

/**
 * An MCP server offering one tool per endpoint of `options.providers`; connect it to a transport
 * (`server.connect(new StdioServerTransport())`), or use `serveStdio` / `startMcpHttpServer`. The tools
 * own `tools/list` and `tools/call`: add resources or prompts to it if you like, not other tools.
 */
export function createMcpServer<const TProviders extends readonly AnyProvider[]>(
  options: McpServerOptions<TProviders>,
): McpServer {
  return serverOf(createPdgTools(options));
}

/**
 * A new MCP server over tools made once: the HTTP transport makes one per request from the same tools,
 * with the key that request brought, if any.
 */
export function serverOf(pdgTools: PdgTools, callerKey?: string): McpServer {
  const mcp = new McpServer(pdgTools.serverInfo, {
    capabilities: {
      tools: { listChanged: false },
      // 2025-11-25's experimental tasks: a tool call may be asked for as a task; tasks are listed and cancelled.
      tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
      // A task's result too large to send inline is a resource (pdg://tasks/<id>).
      resources: {},
    },
    instructions: toolsets[pdgTools.toolset].instructions,
  });
  const listed: Tool[] = pdgTools.tools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema as Tool['inputSchema'],
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema as Tool['outputSchema'] } : {}),
    annotations: tool.annotations,
    ...(pdgTools.taskTools.has(tool.name) ? { execution: { taskSupport: 'optional' as const } } : {}),
  }));
  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  mcp.server.setRequestHandler(callToolRequest, (request, extra) => {
    const { name, arguments: args } = request.params;
    if (!pdgTools.tools.some((tool) => tool.name === name)) {
      throw new McpError(ErrorCode.InvalidParams, unknownTool(name, pdgTools.tools));
    }
    // The SDK's server checks `arguments` against the protocol's schema before this runs (-32602 when not an object).
    const given = args as Record<string, unknown> | undefined;
    const asTask = tasks.asTask(request.params, given);
    if (asTask) return asTask;
    return pdgTools.call(name, given, extra.signal, callerKey);
  });
  const tasks = serveTasks(mcp, pdgTools, callerKey);
  return mcp;
}

/**
 * `tools/call` with `arguments` of any type, for the handler's registration only. Registered with the
 * protocol's own schema, an array or a string as arguments fails that parse first, answered as an internal
 * error (-32603); with this one it reaches the SDK server's check of the request, which answers it as the
 * caller's invalid params (-32602).
 */
const callToolRequest = CallToolRequestSchema.extend({
  params: CallToolRequestSchema.shape.params.extend({ arguments: z.unknown().optional() }),
});

function unknownTool(name: string, tools: readonly ServedTool[]): string {
  const shown = tools.slice(0, 5).map((tool) => tool.name);
  const more = tools.length > shown.length ? `, ... (${tools.length} in all; tools/list names them)` : '';
  return `Unknown tool "${name}". Tools: ${shown.join(', ')}${more}.`;
}
