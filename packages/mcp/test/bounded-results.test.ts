/**
 * A result never exceeds `maxResultBytes`, whatever is added to it (the drift note and list included), over
 * a long session against a gateway whose field names change on every call: in-process and over HTTP.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { jobboard } from '@pdg/jobs-jobboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer, startMcpHttpServer } from '../src/index.js';
import { apiKey, textOf } from './connect.js';

const maxResultBytes = 50_000;
const calls = 60;

/** A field name never sent before: long, as a gateway's generated keys can be. */
const freshName = (call: number, what: string | number) => `f${call}_${what}_${'k'.repeat(300)}`;

/** A listing item near the documented one, with one field of a new name. */
const item = (call: number, index: number) => ({
  jobId: `job-${call}-${index}`,
  title: `Listing ${index} ${'t'.repeat(1_200)}`,
  [freshName(call, index)]: index,
});

/** The body of one answer: `browse` pages that never end, `filters` with many items; each with new field names. */
function answer(call: number, url: URL): unknown {
  const extra = Object.fromEntries(Array.from({ length: 8 }, (_, index) => [freshName(call, `top${index}`), 'x']));
  const items = Array.from({ length: 30 }, (_, index) => item(call, index));
  if (url.pathname.endsWith('/browse')) {
    const page = Number(url.searchParams.get('page') ?? '1');
    return { page, hasMore: true, nextPage: page + 1, items, ...extra };
  }
  return { count: items.length, provider: 'jobboard', items, ...extra };
}

let gateway: Server;
let gatewayUrl: string;
/** Requests the gateway answered so far: the last answer's new fields are named `f<answered>_...`. */
let answered = 0;
beforeAll(async () => {
  gateway = createServer((request, response) => {
    answered++;
    const body = JSON.stringify(answer(answered, new URL(request.url ?? '/', 'http://127.0.0.1')));
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

const options = () => ({ providers: [jobboard] as const, apiKey, baseUrl: gatewayUrl, retry: 0 as const });

/** The n-th call of the session: the plain endpoint and the paged one in turn. */
function nthCall(n: number): { name: string; arguments: Record<string, unknown> } {
  return n % 2 === 0
    ? { name: 'jobs_jobboard_filters', arguments: { country: 'SG' } }
    : { name: 'jobs_jobboard_browse', arguments: { country: 'SG', maxItems: 500, maxPages: 2 } };
}

/** Runs the session and checks every result: within the bound, not an error, and saying what drifted. */
async function session(client: Client): Promise<number[]> {
  const sizes: number[] = [];
  for (let n = 0; n < calls; n++) {
    const result = (await client.callTool(nthCall(n))) as CallToolResult;
    expect(result.isError, textOf(result)).toBeFalsy();
    const text = textOf(result);
    sizes.push(Buffer.byteLength(text));
    expect(Buffer.byteLength(JSON.stringify(result.structuredContent))).toBeLessThanOrEqual(maxResultBytes);
    const structured = result.structuredContent as { validation?: string; drift?: { path: string }[] };
    expect(structured.validation).toContain("Validation is 'report'");
    // What this very call brought is among what the result says drifted.
    expect(structured.drift?.some((drift) => drift.path.includes(`f${answered}_`))).toBe(true);
  }
  return sizes;
}

describe('maxResultBytes holds for every result, drift included', () => {
  it(`over ${calls} calls in-process, against field names that change on every call`, async () => {
    const server = createMcpServer(options());
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'bounded-test', version: '0.0.0' });
    await client.connect(clientSide);
    try {
      const sizes = await session(client);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(maxResultBytes);
      // The data fills the result: the bound is met by cutting, not by returning little.
      expect(Math.min(...sizes)).toBeGreaterThan(maxResultBytes / 2);
    } finally {
      await client.close();
    }
  });

  it(`over ${calls} calls over Streamable HTTP, one server's tools shared by every request`, async () => {
    const server = await startMcpHttpServer(options());
    const client = new Client({ name: 'bounded-http-test', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    try {
      const sizes = await session(client);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(maxResultBytes);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
