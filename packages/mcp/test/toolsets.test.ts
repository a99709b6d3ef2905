/**
 * The toolsets come from one table, and every tool of every toolset passes the one result step: under a
 * 1,000-byte bound, no tool's result is larger, whatever arguments it is given.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createPdgTools } from '../src/index.js';
import { type Toolset, toolsets } from '../src/toolsets.js';
import { apiKey, connect, providers } from './connect.js';

const maxResultBytes = 1_000;

/**
 * A result's size as the bound counts it: its whole JSON, with a text that repeats the structured content
 * (as MCP asks a tool to send beside it) counted once.
 */
function resultBytes(result: CallToolResult): number {
  const structured = JSON.stringify(result.structuredContent);
  const content = result.content.map((block) =>
    block.type === 'text' && block.text === structured ? { ...block, text: '' } : block,
  );
  return Buffer.byteLength(JSON.stringify({ ...result, content }));
}
const long = 'z'.repeat(100_000);
/** Never called: these checks end before anything is sent. */
const baseUrl = 'http://127.0.0.1:9';

/** Arguments no tool expects, each naming or quoting 100 KB. */
const hostileArguments: Record<string, unknown>[] = [
  {},
  { [long]: long },
  { query: long, provider: long, endpoint: long, code: `return '${long}'`, fields: [long], resume: { [long]: 1 } },
];

describe('the toolsets table', () => {
  for (const toolset of Object.keys(toolsets) as Toolset[]) {
    it(`${toolset}: every listed tool's result is at most maxResultBytes, for ${hostileArguments.length} kinds of bad arguments`, async () => {
      const connected = await connect({ toolset, limits: { maxResultBytes } });
      try {
        const { tools } = await connected.client.listTools();
        expect(tools.length).toBeGreaterThan(0);
        let results = 0;
        for (const tool of tools) {
          for (const args of hostileArguments) {
            const result = (await connected.call(tool.name, args)) as CallToolResult;
            expect(resultBytes(result), `${tool.name} ${JSON.stringify(args).slice(0, 80)}`).toBeLessThanOrEqual(
              maxResultBytes,
            );
            results++;
          }
        }
        expect(results).toBe(tools.length * hostileArguments.length);
      } finally {
        await connected.close();
      }
    }, 120_000);
  }

  it('refuses a toolset not in the table, naming each one there is', () => {
    expect(() => createPdgTools({ providers, apiKey, baseUrl, toolset: 'tools' as Toolset })).toThrow(
      new TypeError(`toolset must be 'endpoints', 'catalog' or 'code' (received "tools").`),
    );
  });

  it('calls only the tools its toolset lists: another name is a TypeError naming them', async () => {
    const catalog = createPdgTools({ providers, apiKey, baseUrl, toolset: 'catalog' });
    expect(catalog.tools.map((tool) => tool.name)).toEqual(['find_endpoints', 'call_endpoint']);
    await expect(catalog.call('jobs_jobboard_browse', {})).rejects.toThrow(
      new TypeError('Unknown tool "jobs_jobboard_browse". Tools: find_endpoints, call_endpoint.'),
    );
  });

  it('find_endpoints and search_docs rank the same endpoints in the same order: one search', async () => {
    const catalog = createPdgTools({ providers, apiKey, baseUrl, toolset: 'catalog' });
    const code = createPdgTools({ providers, apiKey, baseUrl, toolset: 'code' });
    const queries = ['remote job listings city', 'forum thread posts', 'hot threads', 'salary', 'zzqx'];
    let compared = 0;
    for (const query of queries) {
      const found = (await catalog.call('find_endpoints', { query, limit: 10 })).structuredContent as {
        endpoints: { provider: string; endpoint: string }[];
        total: number;
      };
      const docs = (await code.call('search_docs', { query, limit: 10 })).structuredContent as typeof found;
      const names = (list: typeof found) => list.endpoints.map(({ provider, endpoint }) => `${provider} ${endpoint}`);
      expect(names(found), query).toEqual(names(docs));
      expect(found.total, query).toBe(docs.total);
      compared += found.endpoints.length;
    }
    expect(compared).toBeGreaterThan(10);
  });
});
