/** An MCP client connected in-process to a pdg MCP server, over a mock gateway that tells each request it gets. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures as jobboardFixtures } from '@pdg/jobs-jobboard/fixtures';
import { type MockRequestInfo, startMockGateway } from '@pdg/mock';
import { forum } from '@pdg/social-media-forum';
import { fixtures as forumFixtures } from '@pdg/social-media-forum/fixtures';
import { createMcpServer, type McpServerOptions } from '../src/index.js';

export const providers: readonly [typeof jobboard, typeof forum] = [jobboard, forum];
/** A made-up key, long enough that any leak of it would be found. */
export const apiKey = 'made-up-key-mcp-3f9a71c2';

export interface Connected {
  readonly client: Client;
  /** Every request the mock gateway received, in order. */
  readonly requests: MockRequestInfo[];
  readonly gatewayUrl: string;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export async function connect(options: Partial<McpServerOptions> = {}): Promise<Connected> {
  const requests: MockRequestInfo[] = [];
  const gateway = await startMockGateway({
    providers: [...providers],
    fixtures: [...jobboardFixtures, ...forumFixtures],
    onRequest: (request) => requests.push(request),
  });
  const server = createMcpServer({ providers, apiKey, baseUrl: gateway.url, retry: 0, ...options });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'pdg-mcp-test', version: '0.0.0' });
  await client.connect(clientSide);
  return {
    client,
    requests,
    gatewayUrl: gateway.url,
    call: async (name, args) => (await client.callTool({ name, arguments: args ?? {} })) as CallToolResult,
    close: async () => {
      await client.close();
      await gateway.close();
    },
  };
}

/** The text of a result's one text block. */
export function textOf(result: CallToolResult): string {
  const [block] = result.content;
  if (block?.type !== 'text') throw new Error(`expected one text block, got ${JSON.stringify(result.content)}`);
  return block.text;
}

/** Each `type` in a JSON Schema that is a list of types, with where it is (single-type clients refuse them). */
export function typeArrays(schema: unknown, at: string): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item, index) => typeArrays(item, `${at}[${index}]`));
  if (typeof schema !== 'object' || schema === null) return [];
  return Object.entries(schema).flatMap(([key, value]) =>
    key === 'type' && Array.isArray(value) ? [`${at}.type`] : typeArrays(value, `${at}.${key}`),
  );
}
