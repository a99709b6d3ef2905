/**
 * The MCP server, over the toolset chosen from one table (toolsets.ts), on the MCP SDK 2.x `McpServer`: one
 * server made per exchange (an HTTP request, a stdio connection) serves both protocol eras, the 2025
 * revisions opened by `initialize` and 2026-07-28 (each request carrying its version in `_meta`, and
 * `server/discover`), through the SDK's serving entries (http.ts, stdio.ts).
 *
 * The `tools/list` and `tools/call` handlers are set on its protocol server: `McpServer.registerTool` takes
 * a schema library's schema and converts it, whereas each endpoint's input schema is already JSON Schema
 * (from `@pdg/openapi`), handed out exactly as converted, enums, limits, defaults and descriptions included.
 * Each documented endpoint's docs are a resource (endpoint-resources.ts), with the endpoint's cache time as
 * the 2026 revision's cache hint; a walk stopped before its end links the rest of it as a resource.
 */

// The tools' results are typed as the 2025 revision's (every tool module shares this type); the SDK 2.x server takes them as they are.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type ReadResourceResult,
  ResourceNotFoundError,
  ResourceTemplate,
  type Tool,
} from '@modelcontextprotocol/server';
import { type AnyProvider, type ClientOptions, PdgError } from '@pdg/core';
import { endpointCatalog, endpointsOf, pdgEnvironment } from '@pdg/core/face';
import { resolveBounds, type SandboxBounds } from '@pdg/sandbox/bounds';
import manifest from '../package.json' with { type: 'json' };
import { type CallContext, callTool, type TaskCall } from './call.js';
import { serverClients } from './clients.js';
import { driftRecord } from './drift.js';
import {
  type EndpointResource,
  endpointResources,
  endpointResourceTemplate,
  parsePdgUri,
} from './endpoint-resources.js';
import { toolError } from './errors.js';
import { resolveLimits, type ToolLimits } from './limits.js';
import { finishedResult, type Redact } from './result-step.js';
import { tasksExtension } from './tasks/protocol.js';
import { requestMeta, serveTasks } from './tasks/serve-tasks.js';
import { type ServerTasks, serverTasks, type TaskOptions } from './tasks/server-tasks.js';
import { taskIdOfUri } from './tasks/task-resource.js';
import { describeTools, type PdgTool, type ServedTool } from './tools.js';
import { type ToolRun, type Toolset, toolsetRow, toolsets } from './toolsets.js';
import { askedWalk, walkOf, withRestLinked } from './walk-link.js';

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
  /** Each documented endpoint's docs as a resource, `pdg://{provider}/{endpoint}` (see endpoint-resources.ts). */
  readonly resources: readonly EndpointResource[];
  /**
   * Calls the named tool with the arguments a model gave. Never throws for a failed call: the result is a
   * tool error (`isError: true`) saying what failed. Every result, errors included, is at most
   * `limits.maxResultBytes` (see result-step.ts); a walk stopped before its end ends with a `resource_link`
   * to the rest of it. An unknown name is a `TypeError`. `apiKey`: the caller's own key, sent instead of the
   * server's for this call's gateway requests (see `clients.ts`).
   */
  call(name: string, args?: Record<string, unknown>, signal?: AbortSignal, apiKey?: string): Promise<CallToolResult>;
  /**
   * Reads a `pdg://` resource: an endpoint's docs, or the rest of a walk (walked on with the caller's key, as
   * the tool would). A URI naming neither is a `ResourceNotFoundError` saying what a URI looks like.
   */
  read(uri: URL, signal?: AbortSignal, apiKey?: string): Promise<ReadResourceResult>;
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
  const resources = endpointResources(endpointTools);
  const byEndpoint = new Map(endpointTools.map((tool) => [`${tool.provider} ${tool.endpointName}`, tool]));
  const byName = new Map(endpointTools.map((tool) => [tool.name, tool]));

  /** Runs a tool with the client of the caller's key, and passes its result through the one result step. */
  const run = async (
    tool: ToolRun,
    args: Record<string, unknown> | undefined,
    signal: AbortSignal | undefined,
    apiKey: string | undefined,
    task?: TaskCall,
  ): Promise<CallToolResult> => {
    const keyed = clients.forKey(apiKey);
    // A key core refused (or none at all) reaches no client and no result: its error never quotes the key.
    const redact: Redact = keyed instanceof PdgError ? (value) => value : endpointsOf(keyed.client).redact;
    if (!tool.callsGateway) return finishedResult(tool.run(args ?? {}), limits, redact);
    if (keyed instanceof PdgError) return finishedResult(toolError(keyed), limits, redact);
    const context: CallContext = {
      client: keyed.client,
      endpoints: endpointsOf(keyed.client),
      limits,
      drift: drift.of,
      ...(signal ? { signal } : {}),
      ...(task ? { task } : {}),
    };
    return finishedResult(await tool.run(args, context), limits, redact);
  };
  /** A call by name, as a task's when `task` is given (its progress told, a program's bounds a task's). */
  const callByName = async (
    name: string,
    args: Record<string, unknown> | undefined,
    signal: AbortSignal | undefined,
    apiKey: string | undefined,
    task?: TaskCall,
  ): Promise<CallToolResult> => {
    const tool = runs.get(name);
    if (tool === undefined) throw new TypeError(unknownTool(name, tools));
    const result = await run(tool, args, signal, apiKey, task);
    const walked = askedWalk(name, args ?? {}, byName, byEndpoint);
    return walked ? withRestLinked(result, walked, limits) : result;
  };
  const tasks = serverTasks({ options: taskOptions, clients, endpointTools, limits, call: callByName });

  return {
    tools,
    endpointTools,
    resources,
    toolset,
    taskTools: new Set(listed.filter(({ run: each }) => each.callsGateway).map(({ tool }) => tool.name)),
    tasks,
    serverInfo: serverInfo ?? { name: 'pdg', version: manifest.version },
    call: (name, args, signal, apiKey) => callByName(name, args, signal, apiKey),
    async read(uri, signal, apiKey) {
      // A task's whole result (pdg://tasks/<id>), for the caller that started it.
      const taskId = taskIdOfUri(uri.href);
      if (taskId !== undefined) return tasks.read(uri.href, taskId, apiKey);
      const named = parsePdgUri(uri);
      if (named.kind === 'refused') throw new ResourceNotFoundError(uri.href, named.message);
      const tool = byEndpoint.get(`${named.provider} ${named.endpoint}`);
      const documented = resources.find((resource) => resource.tool === tool);
      if (tool === undefined || (named.kind === 'docs' && documented === undefined)) {
        const message = `Unknown resource ${uri.href}: no documented endpoint ${named.provider} ${named.endpoint}; resources/list names every one (${resources.length}).`;
        throw new ResourceNotFoundError(uri.href, message);
      }
      if (named.kind === 'docs') {
        return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: documented?.text() ?? '' }] };
      }
      const args = {
        ...named.params,
        resume: named.resume,
        ...(named.maxItems === undefined ? {} : { maxItems: named.maxItems }),
        ...(named.maxPages === undefined ? {} : { maxPages: named.maxPages }),
      };
      const endpointRun: ToolRun = { callsGateway: true, run: (given, context) => callTool(tool, given, context) };
      const result = withRestLinked(await run(endpointRun, args, signal, apiKey), walkOf(tool, args), limits);
      if (result.isError) {
        // The tool error's text (redacted, bounded): the caller's own mistake (a param, the resume) or what failed.
        const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
        const code = (result.structuredContent as { error?: { code?: unknown } } | undefined)?.error?.code;
        const callers = code === 'INVALID_PARAMS' || code === 'USAGE';
        throw new ProtocolError(callers ? ProtocolErrorCode.InvalidParams : ProtocolErrorCode.InternalError, text);
      }
      return {
        contents: result.content.flatMap((block) => {
          if (block.type === 'text') return [{ uri: uri.href, mimeType: 'application/json', text: block.text }];
          // The link to what follows, as its URI: resource contents hold text, not links.
          if (block.type === 'resource_link') return [{ uri: uri.href, mimeType: 'text/uri-list', text: block.uri }];
          return [];
        }),
      };
    },
  };
}

/**
 * An MCP server offering one tool per endpoint of `options.providers`, and each endpoint's docs as a
 * resource. It speaks the 2025 revisions when connected to a transport (`server.connect(transport)`); use
 * `serveStdio` / `startMcpHttpServer` to serve both eras. The tools own `tools/list` and `tools/call`, the
 * endpoint docs the `pdg://` resources: add prompts or other resources to it if you like, not other tools.
 */
export function createMcpServer<const TProviders extends readonly AnyProvider[]>(
  options: McpServerOptions<TProviders>,
): McpServer {
  return serverOf(createPdgTools(options));
}

/**
 * A new MCP server over tools made once: the serving entries make one per request (HTTP) or connection
 * (stdio) from the same tools, with the key that request brought, if any.
 */
export function serverOf(pdgTools: PdgTools, callerKey?: string): McpServer {
  const mcp = new McpServer(pdgTools.serverInfo, {
    capabilities: {
      tools: { listChanged: false },
      resources: { listChanged: false },
      // 2025-11-25's experimental tasks: a tool call may be asked for as a task; tasks are listed and cancelled.
      tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
      // 2026-07-28's tasks extension: a walk longer than one call gives is answered with a task.
      extensions: { [tasksExtension]: {} },
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
  mcp.server.setRequestHandler('tools/list', () => ({ tools: listed }));
  mcp.server.setRequestHandler('tools/call', (request, ctx) => {
    const { name, arguments: args } = request.params;
    if (!pdgTools.tools.some((tool) => tool.name === name)) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, unknownTool(name, pdgTools.tools));
    }
    // The SDK's server checks `arguments` against the protocol's schema before this runs (-32602 when not an object).
    const asTask = tasks.asTask(request.params, args, requestMeta(ctx));
    // A task answers in place of the call's result: its type names the call's results only.
    if (asTask) return asTask as unknown as CallToolResult;
    return pdgTools.call(name, args, ctx.mcpReq.signal, callerKey);
  });
  const tasks = serveTasks(mcp, pdgTools, callerKey);
  const read = (uri: URL, ctx: { readonly mcpReq: { readonly signal: AbortSignal } }) =>
    pdgTools.read(uri, ctx.mcpReq.signal, callerKey);
  for (const resource of pdgTools.resources) {
    mcp.registerResource(
      resource.name,
      resource.uri,
      {
        title: resource.title,
        description: resource.description,
        mimeType: 'text/markdown',
        // The 2026 revision's cache hint; a 2025 answer carries none. Public: the docs are the same for every caller.
        ...(resource.cacheSeconds === undefined
          ? {}
          : { cacheHint: { ttlMs: resource.cacheSeconds * 1000, cacheScope: 'public' as const } }),
      },
      read,
    );
  }
  // Any other pdg:// URI (the rest of a walk, or a wrong one answered with what a URI looks like).
  mcp.registerResource(
    'endpoint',
    new ResourceTemplate(endpointResourceTemplate, { list: undefined }),
    {
      title: "A Public-Data Gateway endpoint's docs",
      description:
        'The docs of one endpoint: its call, params and their rules, response fields, paging and cache time. The provider is URI-encoded: pdg://jobs%3Ajobboard/browse.',
      mimeType: 'text/markdown',
    },
    (uri, _variables, ctx) => read(uri, ctx),
  );
  return mcp;
}

function unknownTool(name: string, tools: readonly ServedTool[]): string {
  const shown = tools.slice(0, 5).map((tool) => tool.name);
  const more = tools.length > shown.length ? `, ... (${tools.length} in all; tools/list names them)` : '';
  return `Unknown tool "${name}". Tools: ${shown.join(', ')}${more}.`;
}
