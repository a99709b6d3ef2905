/**
 * An MCP server of your own: the tools of the providers you choose (here jobs:jobboard and
 * social-media:forum) over stdio. An MCP client starts it (`node dist/server.js`) with PDG_API_KEY and
 * PDG_BASE_URL in its environment; it ends when the client closes its stdin.
 */
import { jobboard } from '@pdg/jobs-jobboard';
import { serveStdio } from '@pdg/mcp';
import { forum } from '@pdg/social-media-forum';

try {
  // apiKey and baseUrl come from PDG_API_KEY and PDG_BASE_URL; paged tools return 20 items unless asked.
  const running = await serveStdio({ providers: [jobboard, forum], limits: { defaultItems: 20 } });
  // stdout carries the protocol's messages: anything else goes to stderr.
  console.error('example-mcp server: the jobs:jobboard and social-media:forum tools, on stdio');
  await running.closed;
} catch (error) {
  console.error(`example-mcp server: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
