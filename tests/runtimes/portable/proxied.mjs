// @ts-check
/**
 * One call through the proxy the environment names, with the runtime's own fetch: the README's proxy lines.
 *
 *   NODE_USE_ENV_PROXY=1 HTTP_PROXY=http://127.0.0.1:3128 node portable/proxied.mjs http://127.0.0.1:4010
 *   HTTP_PROXY=http://127.0.0.1:3128 bun portable/proxied.mjs http://127.0.0.1:4010
 *   HTTP_PROXY=http://127.0.0.1:3128 deno run --allow-net=127.0.0.1 portable/proxied.mjs http://127.0.0.1:4010
 *
 * Prints `ok <runtime> <version>: browse <n> jobs`, or the failure on stderr with exit code 1.
 */
import { createClient } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { runtime } from './calls.mjs';

const baseUrl = process.argv[2] ?? '';
try {
  const pdg = createClient({ providers: [jobboard], baseUrl, apiKey: 'made-up-proxy-key-7c41e9', retry: 0 });
  const page = await pdg.run('jobs:jobboard', 'browse', { country: 'SG', limit: 2 });
  console.log(`ok ${await runtime()}: browse ${page.items.length} jobs`);
} catch (error) {
  console.error(
    `failed on ${await runtime()}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
}
