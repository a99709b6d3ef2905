/** A real HTTP server on 127.0.0.1 for tests that need what nock cannot fake: resets, truncated bodies, two origins. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

export interface Loopback {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: { readonly url: string; readonly headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

export async function loopback(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<Loopback> {
  const requests: Loopback['requests'] = [];
  const server = createServer((request, response) => {
    requests.push({ url: request.url ?? '', headers: request.headers });
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends `status` with a JSON body. */
export function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/**
 * `serve(handle)`: a loopback gateway closed after each test of the file that calls this at its top level.
 */
export function loopbackPerTest() {
  const servers: Loopback[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  const serve = async (handle: Parameters<typeof loopback>[0]): Promise<Loopback> => {
    const server = await loopback(handle);
    servers.push(server);
    return server;
  };
  return { serve };
}
