/**
 * The tests of every provider package, run by its `test` script (config/package-test.ts, which shares one vitest
 * process between the provider packages' test tasks; `vitest run --config ../../../config/vitest.provider.ts`
 * runs the same). Runs the package's own tests and, for every provider package, the conformance suite
 * (`provider-conformance.ts`).
 */
import './compile-cache.js';
import { relative, resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { viteDescriptions } from './jsdoc-descriptions.js';

const root = process.cwd();
const conformance = relative(root, resolve(import.meta.dirname, 'provider-conformance.test.ts'));

export default defineConfig({
  root,
  plugins: [viteDescriptions()],
  test: {
    include: ['test/**/*.test.ts', conformance],
    // The package's own test and the conformance suite in one worker thread, sharing one import of the provider
    // and core: neither sets global state, and the 21 provider suites of `pnpm test` then take about 30 CPU-seconds
    // instead of 54.
    pool: 'threads',
    isolate: false,
    // As vitest.shared.ts: the limits only catch a test that hangs, on a machine ten times slower.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default', ['json', { outputFile: 'test-results.json' }]],
  },
});
