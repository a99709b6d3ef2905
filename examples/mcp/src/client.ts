/**
 * An MCP client, as an AI assistant is one: it starts the server (dist/server.js) as a child process over
 * stdio, lists its tools and calls them as a model would, a wrong value included.
 *
 * With PDG_BASE_URL and PDG_API_KEY set, the server calls that gateway. Without them this starts the mock
 * gateway in this process first and hands its URL to the server: no key, no network.
 */
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures as jobboardFixtures } from '@pdg/jobs-jobboard/fixtures';
import { startMockGateway } from '@pdg/mock';
import { forum } from '@pdg/social-media-forum';
import { fixtures as forumFixtures } from '@pdg/social-media-forum/fixtures';

interface Walk<T> {
  readonly walk: { readonly items: number; readonly pages: number; readonly done: boolean; readonly resume?: object };
  readonly items?: T[];
  readonly threads?: T[];
}

const { PDG_BASE_URL, PDG_API_KEY } = process.env;
const mock =
  PDG_BASE_URL && PDG_API_KEY
    ? undefined
    : await startMockGateway({ providers: [jobboard, forum], fixtures: [...jobboardFixtures, ...forumFixtures] });
const gateway = mock ? { PDG_BASE_URL: mock.url, PDG_API_KEY: 'demo-key' } : { PDG_BASE_URL, PDG_API_KEY };
console.log(mock ? `Using the mock gateway at ${mock.url}` : `Using ${PDG_BASE_URL}`);

const transport = new StdioClientTransport({
  command: process.execPath,
  args: [fileURLToPath(new URL('./server.js', import.meta.url))],
  // An MCP client hands its servers a few variables only: the gateway's are given by name, as in an
  // assistant's mcpServers configuration ("env": { "PDG_API_KEY": ..., "PDG_BASE_URL": ... }).
  env: { ...getDefaultEnvironment(), ...(gateway as Record<string, string>) },
});
const client = new Client({ name: 'example-mcp', version: '0.0.0' });
await client.connect(transport);

async function call<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
  return result.structuredContent as T;
}

try {
  const { tools } = await client.listTools();
  console.log(`${tools.length} tools: ${tools.map((tool) => tool.name).join(', ')}`);

  // 1. A page-numbered listing: a bounded walk, and a second call that goes on from its resume.
  type Job = { title: string; location?: { city?: string } };
  const first = await call<Walk<Job>>('jobs_jobboard_browse', { country: 'SG', limit: 3, maxItems: 4 });
  console.log(`\njobs_jobboard_browse SG: ${first.walk.items} jobs from ${first.walk.pages} pages`);
  for (const job of first.items ?? []) console.log(`  ${job.title} in ${job.location?.city ?? 'an unnamed city'}`);
  const next = await call<Walk<Job>>('jobs_jobboard_browse', {
    country: 'SG',
    limit: 3,
    maxItems: 4,
    resume: first.walk.resume,
  });
  console.log(`  then, from resume ${JSON.stringify(first.walk.resume)}: ${next.walk.items} more`);

  // 2. A cursor listing.
  const hot = await call<Walk<{ title: string }>>('social-media_forum_hot', { limit: 2, maxItems: 3 });
  console.log(`\nsocial-media_forum_hot: ${hot.walk.items} threads`);
  for (const thread of hot.threads ?? []) console.log(`  ${thread.title}`);

  // 3. A value the endpoint does not take: a tool error, for the model to read and correct. Nothing is sent.
  const refused = (await client.callTool({
    name: 'jobs_jobboard_browse',
    arguments: { sort: 'sideways' },
  })) as CallToolResult;
  const [block] = refused.content;
  console.log(`\nA wrong value is a tool error: ${block?.type === 'text' ? block.text : ''}`);
} finally {
  await client.close();
  await mock?.close();
}
