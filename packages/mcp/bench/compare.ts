/**
 * Runs every task both ways through the official MCP SDK client, each over its own server (`catalog` and
 * `code` toolsets) and the same mock gateway, and counts the bytes of tool results the model would read:
 * the UTF-8 text of every content block returned, the docs searches (`find_endpoints`, `search_docs`)
 * included.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpServer } from '@modelcontextprotocol/server';
import type { AnyProvider } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures as jobboardFixtures } from '@pdg/jobs-jobboard/fixtures';
import { startMockGateway } from '@pdg/mock';
import { forum } from '@pdg/social-media-forum';
import { fixtures as forumFixtures } from '@pdg/social-media-forum/fixtures';
import { type Task, type ToolCall, tasks } from './tasks.ts';

type CreateServer = (options: {
  providers: readonly AnyProvider[];
  apiKey: string;
  baseUrl: string;
  retry: number;
  toolset: 'catalog' | 'code';
}) => McpServer;

export interface TaskRun {
  readonly task: Task;
  readonly twoTools: { readonly answer: unknown; readonly bytes: number; readonly calls: number };
  readonly code: { readonly answer: unknown; readonly bytes: number; readonly calls: number };
}

const encoder = new TextEncoder();

/** A counting tool caller over an SDK client. */
function counter(client: Client) {
  const tally = { bytes: 0, calls: 0 };
  const call: ToolCall = async (name, args) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    tally.calls++;
    for (const block of result.content) if (block.type === 'text') tally.bytes += encoder.encode(block.text).length;
    const first = result.content[0];
    if (result.isError) throw new Error(`${name} failed: ${first?.type === 'text' ? first.text : ''}`);
    return result.structuredContent as Record<string, unknown>;
  };
  return { call, tally };
}

export async function compareModes(createMcpServer: CreateServer): Promise<TaskRun[]> {
  const gateway = await startMockGateway({
    providers: [jobboard, forum],
    fixtures: [...jobboardFixtures, ...forumFixtures],
  });
  const clients: Client[] = [];
  const connect = async (toolset: 'catalog' | 'code') => {
    const server = createMcpServer({
      providers: [jobboard, forum],
      apiKey: 'made-up-key-bench-5e2b',
      baseUrl: gateway.url,
      retry: 0,
      toolset,
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: `pdg-${toolset}-bench`, version: '0.0.0' });
    await client.connect(clientSide);
    clients.push(client);
    return client;
  };
  try {
    const catalog = await connect('catalog');
    const code = await connect('code');
    const runs: TaskRun[] = [];
    for (const task of tasks) {
      const two = counter(catalog);
      for (const query of task.searches) await two.call('find_endpoints', { query });
      const twoAnswer = await task.twoTools(two.call);
      const one = counter(code);
      for (const query of task.searches) await one.call('search_docs', { query });
      const codeAnswer = (await one.call('execute', { code: task.program })).result;
      runs.push({
        task,
        twoTools: { answer: twoAnswer, ...two.tally },
        code: { answer: codeAnswer, ...one.tally },
      });
    }
    return runs;
  } finally {
    for (const client of clients) await client.close();
    await gateway.close();
  }
}
