import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// Bun, Deno and Node 22.12 for test/runtimes.test.ts are fetched once before the tests (config/runtimes-setup.ts).
export default mergeConfig(shared, defineConfig({ test: { globalSetup: ['../../config/runtimes-setup.ts'] } }));
