/** Over Streamable HTTP each request may bring its own key, used for its own gateway calls only. */
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMcpHttpServer, startMcpHttpServer } from '../src/index.js';
import { textOf } from './connect.js';

const keyA = 'made-up-key-caller-a-91f3';
const keyB = 'made-up-key-caller-b-27c8';
const serverKey = 'made-up-key-server-own-5d10';

/** What reached the gateway: each request's URL and the key it carried. */
const log: { url: string; key: string | null }[] = [];
let gateway: RunningMockGateway;
const gatewayRequests: { url: string; hasApiKey: boolean }[] = [];
const servers: RunningMcpHttpServer[] = [];
const clients: Client[] = [];
const savedKey = process.env.PDG_API_KEY;

const recordingFetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  log.push({ url: request.url, key: request.headers.get('x-api-key') });
  return fetch(request);
};

beforeAll(async () => {
  delete process.env.PDG_API_KEY;
  gateway = await startMockGateway({
    providers: [jobboard],
    fixtures,
    onRequest: (request) => gatewayRequests.push({ url: request.url, hasApiKey: request.hasApiKey }),
  });
});
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const server of servers.splice(0)) await server.close();
  log.length = 0;
});
afterAll(async () => {
  if (savedKey !== undefined) process.env.PDG_API_KEY = savedKey;
  await gateway.close();
});

async function serve(apiKey?: string): Promise<RunningMcpHttpServer> {
  const server = await startMcpHttpServer({
    providers: [jobboard],
    baseUrl: gateway.url,
    retry: 0,
    fetch: recordingFetch,
    ...(apiKey ? { apiKey } : {}),
  });
  servers.push(server);
  return server;
}

async function clientOf(server: RunningMcpHttpServer, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'key-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } }));
  clients.push(client);
  return client;
}

const browse = async (client: Client, limit: number) =>
  (await client.callTool({ name: 'jobs_jobboard_browse', arguments: { limit, maxItems: 2 } })) as CallToolResult;

describe('per-request keys over HTTP', () => {
  it("two clients with different keys: each key on its own client's gateway requests only", async () => {
    const server = await serve();
    const a = await clientOf(server, { 'x-api-key': keyA });
    const b = await clientOf(server, { authorization: `Bearer ${keyB}` });
    const answers = [await browse(a, 3), await browse(b, 4), await browse(a, 3), await browse(b, 4)];
    for (const answer of answers) {
      expect(answer.isError, textOf(answer)).toBeFalsy();
      expect(JSON.stringify(answer)).not.toMatch(/made-up-key-caller/);
    }
    const ofA = log.filter((entry) => entry.url.includes('limit=3'));
    const ofB = log.filter((entry) => entry.url.includes('limit=4'));
    expect(ofA.length).toBe(2);
    expect(ofB.length).toBe(2);
    expect(ofA.every((entry) => entry.key === keyA)).toBe(true);
    expect(ofB.every((entry) => entry.key === keyB)).toBe(true);
    expect(gatewayRequests.slice(-4).every((request) => request.hasApiKey)).toBe(true);
  });

  it("a caller's key is used instead of the server's, and the server's for a caller that brings none", async () => {
    const server = await serve(serverKey);
    await browse(await clientOf(server, { 'x-api-key': keyA }), 3);
    await browse(await clientOf(server, {}), 5);
    expect(log.map((entry) => [new URL(entry.url).searchParams.get('limit'), entry.key])).toEqual([
      ['3', keyA],
      ['5', serverKey],
    ]);
  });

  it('a server started without a key refuses a keyless call clearly, and sends nothing', async () => {
    const server = await serve();
    const client = await clientOf(server, {});
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    const result = await browse(client, 3);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^USAGE: This server has no API key of its own, and the request brought none: send your Public-Data Gateway key with each request, as the header x-api-key: <key> or Authorization: Bearer <key>/,
    );
    expect(log).toEqual([]);
  });

  it('refuses an Authorization that is not Bearer, and two different keys, with 400', async () => {
    const server = await serve();
    const post = (headers: Record<string, string>) =>
      fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
    const basic = await post({ authorization: 'Basic dXNlcjpwYXNz' });
    expect(basic.status).toBe(400);
    expect(((await basic.json()) as { error: { message: string } }).error.message).toMatch(
      /Authorization must be "Bearer/,
    );
    const two = await post({ authorization: `Bearer ${keyA}`, 'x-api-key': keyB });
    expect(two.status).toBe(400);
    expect(await two.text()).not.toContain('made-up-key');
  });

  it('refuses two keys in one request with 400, whichever headers carry them, and sends nothing', async () => {
    const server = await serve(serverKey);
    const call = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'jobs_jobboard_browse', arguments: { limit: 3, maxItems: 2 } },
    });
    /** A raw POST whose headers are sent as listed, repeated ones included (fetch would join them). */
    const post = (keyHeaders: string[]) =>
      new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
        const sent = request(
          server.url,
          {
            method: 'POST',
            headers: [
              'host',
              `127.0.0.1:${server.port}`,
              'content-type',
              'application/json',
              'accept',
              'application/json, text/event-stream',
              ...keyHeaders,
            ],
          },
          (answer) => {
            let body = '';
            answer.on('data', (chunk: Buffer) => {
              body += chunk;
            });
            answer.on('end', () => resolve({ status: answer.statusCode, body }));
          },
        );
        sent.on('error', reject);
        sent.end(call);
      });
    const twoKeyRequests = [
      ['authorization', `Bearer ${keyA}`, 'authorization', `Bearer ${keyB}`],
      ['x-api-key', keyA, 'x-api-key', keyB],
      ['x-api-key', keyA, 'authorization', `Bearer ${keyB}`],
      ['authorization', `Bearer ${keyA}`, 'x-api-key', keyB],
    ];
    for (const headers of twoKeyRequests) {
      const answer = await post(headers);
      expect(answer.status, headers.join(' ')).toBe(400);
      expect(JSON.parse(answer.body).error.message).toMatch(
        /^Bad request: .*; send one key, in one x-api-key header or one Authorization: Bearer header\.$/,
      );
      expect(answer.body).not.toContain('made-up-key');
    }
    expect(log).toEqual([]);
    // One key, sent once, is still served (the caller's key, not the server's).
    const one = await post(['x-api-key', keyA]);
    expect(one.status).toBe(200);
    expect(log.map((entry) => entry.key)).toEqual([keyA]);
  });
});
