/** Streamable HTTP, stateless, on loopback: what a client gets, and what a request addressed elsewhere gets. */
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMcpHttpServer, startMcpHttpServer } from '../src/index.js';
import { apiKey } from './connect.js';

let gateway: RunningMockGateway;
let server: RunningMcpHttpServer;

beforeAll(async () => {
  gateway = await startMockGateway({ providers: [jobboard], fixtures });
  server = await startMcpHttpServer({ providers: [jobboard], apiKey, baseUrl: gateway.url });
});
afterAll(async () => {
  await server.close();
  await gateway.close();
});

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});

/** A raw POST with the headers given, for what fetch will not send (another Host). */
function post(headers: Record<string, string>, path = new URL(server.url).pathname) {
  return new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
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
    sent.end(initialize);
  });
}

describe('startMcpHttpServer', () => {
  it('serves the tools at http://127.0.0.1:<port>/mcp to the SDK client, with no session', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/mcp`);
    const transport = new StreamableHTTPClientTransport(new URL(server.url));
    const client = new Client({ name: 'http-test', version: '0.0.0' });
    await client.connect(transport);
    expect(transport.sessionId).toBeUndefined();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('jobs_jobboard_browse');
    const result = await client.callTool({ name: 'jobs_jobboard_browse', arguments: { maxItems: 2 } });
    expect((result.structuredContent as { items: unknown[] }).items).toHaveLength(2);
    await client.close();
  });

  it('answers a request naming this machine, and refuses one whose Host or Origin names another', async () => {
    expect((await post({ host: `localhost:${server.port}` })).status).toBe(200);
    expect((await post({ host: `127.0.0.1:${server.port}`, origin: `http://localhost:5173` })).status).toBe(200);
    const otherHost = await post({ host: `rebound.example.test:${server.port}` });
    expect(otherHost.status).toBe(403);
    expect(JSON.parse(otherHost.body).error.message).toMatch(/^Forbidden: /);
    expect((await post({ host: `127.0.0.1:${server.port}`, origin: 'https://rebound.example.test' })).status).toBe(403);
  });

  it('refuses GET and DELETE (no session to stream or end) and answers 404 off its path', async () => {
    expect((await fetch(server.url)).status).toBe(405);
    expect((await fetch(server.url, { method: 'DELETE' })).headers.get('allow')).toBe('POST');
    expect((await post({ host: `127.0.0.1:${server.port}` }, '/other')).status).toBe(404);
  });
});
