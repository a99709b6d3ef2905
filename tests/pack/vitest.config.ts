import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// Packing, an npm install from the registry's cache and two type checks: limits for a machine ten times
// slower than a laptop. Node 22.12 is fetched once before the tests (config/runtimes-setup.ts).
export default mergeConfig(
  shared,
  defineConfig({
    test: { globalSetup: ['../../config/runtimes-setup.ts'], testTimeout: 600_000, hookTimeout: 1_200_000 },
  }),
);
