import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StaticSite {
  /** `http://127.0.0.1:<port>`: an origin of its own, apart from the gateway's. */
  readonly url: string;
  close(): Promise<void>;
}

/** Serves a few files from memory on loopback (GET only; anything else is a 404). */
export async function serveStatic(files: Record<string, { type: string; body: string }>): Promise<StaticSite> {
  const server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://site.invalid').pathname];
    if (request.method !== 'GET' || !file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
