import './config/compile-cache.js';
import { defineConfig } from 'vitest/config';

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
