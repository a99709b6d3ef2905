/** The `@pdg/mcp` entry: the MCP server over stdio and Streamable HTTP, its toolsets and limits. */
export {
  type McpHttpAuth,
  type McpHttpServerOptions,
  type McpHttpSignIn,
  type RunningMcpHttpServer,
  type SignedInCaller,
  startMcpHttpServer,
} from './http.js';
export type { JsonSchema } from './input-schema.js';
export { defaultLimits, type ToolLimits } from './limits.js';
export { createMcpServer, createPdgTools, type McpServerOptions, type PdgTools, type Toolset } from './server.js';
export { type RunningStdioServer, serveStdio } from './stdio.js';
export type { TaskOptions } from './tasks/server-tasks.js';
export { defaultTaskLimits, type TaskLimits } from './tasks/task-limits.js';
export { toolName, toolNamePattern } from './tool-name.js';
export type { PdgTool, ServedTool } from './tools.js';
