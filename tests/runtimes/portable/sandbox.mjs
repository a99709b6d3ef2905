// @ts-check
/**
 * Code mode's sandbox (@pdg/sandbox: QuickJS in WebAssembly) on this runtime: a TypeScript program walking
 * pages through the client, an endless loop, endless allocation, and a look for the host's globals.
 *
 *   node portable/sandbox.mjs http://127.0.0.1:4010
 *   bun portable/sandbox.mjs http://127.0.0.1:4010
 *   deno run --allow-net=127.0.0.1 portable/sandbox.mjs http://127.0.0.1:4010
 *
 * Deno lets `@pdg/sandbox` read its worker's module when the package sits in a `node_modules` folder, as an
 * install puts it; the workspace's link to packages/sandbox is not one, so test/sandbox.test.ts gives Deno a
 * copy in one (else this needs `--allow-read=<packages/sandbox/dist>`).
 *
 * Prints `ok <runtime> <version>: <what came back>`, or the failure on stderr with exit code 1.
 */
import { createClient } from '@pdg/core';
// The sandbox's own import of core's face, named here too: the Deno test runs a copy of the sandbox whose
// node_modules is a link into this workspace, and Deno loads only modules its graph reached from this script.
import '@pdg/core/face';
import { jobboard } from '@pdg/jobs-jobboard';
import { runProgram, SandboxError } from '@pdg/sandbox';
import { runtime } from './calls.mjs';

const baseUrl = process.argv[2] ?? '';
const client = createClient({ providers: [jobboard], apiKey: 'made-up-key-runtimes-sandbox', baseUrl, retry: 0 });
// The endless loop meets a short CPU time; every other program has a minute of it, as the sandbox counts
// CPU time by the clock while the program's own code runs, which a slow or busy machine stretches (300 ms
// could end the walk, or the endless allocation before 8 MB were taken).
const loopBounds = { cpuMs: 300, memoryBytes: 8 * 1024 * 1024 };
const bounds = { cpuMs: 60_000, memoryBytes: 8 * 1024 * 1024 };

/**
 * The program's answer, or the bound that stopped it.
 * @param {string} code
 * @param {typeof bounds} [within]
 */
async function outcome(code, within = bounds) {
  try {
    return JSON.stringify((await runProgram({ client, code, bounds: within })).value);
  } catch (error) {
    if (error instanceof SandboxError && error.bound) return `stopped at ${error.bound}`;
    return `failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

try {
  const results = [
    await outcome(
      "let seen: number = 0; for await (const job of pdg.items('jobs:jobboard', 'browse', {}, { maxItems: 30 })) seen++; return seen",
    ),
    await outcome('for (;;) {}', loopBounds),
    await outcome('const kept = []; for (;;) kept.push(new Array(1000).fill(kept.length))'),
    await outcome('return [typeof process, typeof Deno, typeof Bun, typeof fetch, typeof require].join(",")'),
  ];
  console.log(`ok ${await runtime()}: ${results.join('; ')}`);
} catch (error) {
  console.error(
    `failed on ${await runtime()}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
}
