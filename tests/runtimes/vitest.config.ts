import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// Each runtime starts as a process of its own (Chromium too). Bun, Deno and Node 22.12 are fetched once
// before the tests (config/runtimes-setup.ts), so no test's limit covers a download.
export default mergeConfig(
  shared,
  defineConfig({
    test: { globalSetup: ['../../config/runtimes-setup.ts'], testTimeout: 300_000, hookTimeout: 600_000 },
  }),
);
