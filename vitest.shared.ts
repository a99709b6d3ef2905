import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Node's compile cache (V8 code compiled once, read back by later processes) for every process a test run
 * starts: vitest's workers, and the `pdg`, `node` and `tsc` processes the tests spawn, which inherit the
 * variable. A suite starts hundreds of processes that load the same modules (a `pdg queue …` loads BullMQ
 * and Redis clients, over a thousand files): each compiles them once per machine instead of once per process.
 * The cache lives with the checkout's installed modules; a caller's own NODE_COMPILE_CACHE is kept.
 */
process.env.NODE_COMPILE_CACHE ||= fileURLToPath(new URL('node_modules/.cache/node-compile-cache', import.meta.url));

/**
 * The settings every package's tests share. Each run also writes `test-results.json`, which
 * `scripts/test-summary.mjs` adds up into the one closing line of `pnpm test`.
 *
 * The time limits only catch a test that hangs: every test is bounded by counts, and passes on a machine
 * ten times slower than the one it was written on (most take a second or two; the limit is five minutes: on
 * two cores at a load of 100, one start of the \`pdg\` CLI took over a minute).
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    reporters: ['default', ['json', { outputFile: 'test-results.json' }]],
  },
});
