/**
 * stdio, for desktop assistants that start the server as a child process: messages are read from stdin and
 * written to stdout, so nothing else may be written to stdout (log to stderr). The MCP SDK's `serveStdio`
 * answers both protocol eras: a connection opened with `initialize` is a 2025 one, one opened with a request
 * carrying its version in `_meta` (or `server/discover`) a 2026-07-28 one; each gets a server of its own.
 */
import type { AnyProvider } from '@pdg/core';
import { DiscoverListingTransport } from './discover-versions.js';
import { createPdgTools, type McpServerOptions, serverOf } from './server.js';

export interface RunningStdioServer {
  /** Settles when the client closes stdin (or the server is closed): the process may then end. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/** Serves the tools over this process's stdin and stdout until the client closes stdin. */
export async function serveStdio<const TProviders extends readonly AnyProvider[]>(
  options: McpServerOptions<TProviders>,
): Promise<RunningStdioServer> {
  const pdgTools = createPdgTools(options);
  const { serveStdio: serveBothEras, StdioServerTransport } = await import('@modelcontextprotocol/server/stdio');
  let closing: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    closing = resolve;
    // A client that goes away only closes the pipe.
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
  });
  const served = serveBothEras(() => serverOf(pdgTools), {
    transport: new DiscoverListingTransport(new StdioServerTransport()),
  });
  return {
    closed,
    close: async () => {
      await served.close();
      closing();
    },
  };
}
