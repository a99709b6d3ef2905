import { defineConfig } from 'vitest/config';

/**
 * The settings every package's tests share. Each run also writes `test-results.json`, which
 * `scripts/test-summary.mjs` adds up into the one closing line of `pnpm test`.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 15_000,
    reporters: ['default', ['json', { outputFile: 'test-results.json' }]],
  },
});
