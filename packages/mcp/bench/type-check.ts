/**
 * `pnpm bench` (in packages/mcp): what code mode's type check costs, through `execute` as a model calls it,
 * with programs that fail the check (so that nothing runs and only the check is timed):
 * - first: the first `execute` of the process, which loads TypeScript and reads its standard library;
 * - warm: the median of the next ones, each checked against the kept library and declaration;
 * - memory: the heap and resident set the first check added.
 * Figures, not a pass or fail: the first check is once per server process.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { jobboard } from '@pdg/jobs-jobboard';
import { forum } from '@pdg/social-media-forum';
import { createMcpServer } from '../dist/index.js';

const rounds = 15;
const server = createMcpServer({
  providers: [jobboard, forum],
  apiKey: 'made-up-key-bench-7c1d',
  // No gateway: a program that fails the check sends nothing.
  baseUrl: 'http://127.0.0.1:9',
  retry: 0,
  toolset: 'code',
});
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await server.connect(serverSide);
const client = new Client({ name: 'pdg-type-check-bench', version: '0.0.0' });
await client.connect(clientSide);

const misspelt = (round: number) =>
  `const page = await pdg.run('jobs:jobboard', 'browse', { limit: ${round + 1} });\nreturn page.itmes.length;`;
const check = async (round: number): Promise<number> => {
  const started = performance.now();
  const result = (await client.callTool({ name: 'execute', arguments: { code: misspelt(round) } })) as CallToolResult;
  const elapsed = performance.now() - started;
  const [block] = result.content;
  if (!result.isError || block?.type !== 'text' || !block.text.includes("Did you mean 'items'?")) {
    throw new Error(`expected the type error, got ${JSON.stringify(result.content)}`);
  }
  return elapsed;
};
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

globalThis.gc?.();
const before = process.memoryUsage();
const first = await check(0);
const after = process.memoryUsage();
const warm: number[] = [];
for (let round = 1; round <= rounds; round++) warm.push(await check(round));
const median = [...warm].sort((a, b) => a - b)[Math.floor(warm.length / 2)] ?? Number.NaN;
await client.close();

console.table({
  'first execute (loads TypeScript)': { ms: Math.round(first), 'x warm': (first / median).toFixed(1) },
  [`warm (median of ${rounds})`]: { ms: Math.round(median), 'x warm': '1.0' },
});
console.log(
  `type check memory: heap +${megabytes(after.heapUsed - before.heapUsed)}, resident set +${megabytes(after.rss - before.rss)} after the first check.`,
);
