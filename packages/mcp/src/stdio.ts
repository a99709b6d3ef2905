/**
 * stdio, for desktop assistants that start the server as a child process: messages are read from stdin and
 * written to stdout, so nothing else may be written to stdout (log to stderr).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AnyProvider } from '@pdg/core';
import { createMcpServer, type McpServerOptions } from './server.js';

export interface RunningStdioServer {
  readonly server: McpServer;
  /** Settles when the client closes stdin (or the server is closed): the process may then end. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/** Serves the tools over this process's stdin and stdout until the client closes stdin. */
export async function serveStdio<const TProviders extends readonly AnyProvider[]>(
  options: McpServerOptions<TProviders>,
): Promise<RunningStdioServer> {
  const server = createMcpServer(options);
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    // The transport does not watch for the end of stdin: a client that goes away only closes the pipe.
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    server.server.onclose = () => resolve();
  });
  await server.connect(transport);
  return { server, closed, close: () => server.close() };
}
