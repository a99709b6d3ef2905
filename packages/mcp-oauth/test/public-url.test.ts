/**
 * Behind TLS: a server on 127.0.0.1 with a public URL serves requests that name the public host (as a proxy
 * forwards them) besides this machine's names, and its metadata and challenges name the public URL.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Hosted, startHosted } from './hosted.js';

let hosted: Hosted;
beforeAll(async () => {
  hosted = await startHosted({ publicUrl: 'https://pdg.example.com/mcp' });
});
afterAll(async () => {
  await hosted.close();
});

/** A raw request with its own `Host` (fetch sends the URL's). */
function send(path: string, host: string, method = 'GET') {
  return new Promise<{ status: number | undefined; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const sent = request(
        `${hosted.origin}${path}`,
        {
          method,
          headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        },
        (answer) => {
          let body = '';
          answer.on('data', (chunk: Buffer) => {
            body += chunk;
          });
          answer.on('end', () => resolve({ status: answer.statusCode, headers: answer.headers, body }));
        },
      );
      sent.on('error', reject);
      sent.end(
        method === 'POST' ? JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }) : undefined,
      );
    },
  );
}

it('serves the public host, names the public URL in its challenge and metadata, and refuses other hosts', async () => {
  const challenged = await send('/mcp', 'pdg.example.com', 'POST');
  expect(challenged.status).toBe(401);
  expect(challenged.headers['www-authenticate']).toBe(
    'Bearer resource_metadata="https://pdg.example.com/.well-known/oauth-protected-resource/mcp"',
  );
  const metadata = await send('/.well-known/oauth-protected-resource/mcp', 'pdg.example.com');
  expect(JSON.parse(metadata.body)).toMatchObject({
    resource: 'https://pdg.example.com/mcp',
    authorization_servers: ['https://pdg.example.com/'],
  });
  const server = JSON.parse((await send('/.well-known/oauth-authorization-server', 'pdg.example.com')).body);
  expect(server.authorization_endpoint).toBe('https://pdg.example.com/authorize');
  expect((await send('/mcp', 'other.example.com', 'POST')).status).toBe(403);
  expect((await send('/authorize', 'other.example.com')).status).toBe(403);
});
