import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// Each runtime starts as a process of its own (Chromium too); the first run may fetch Bun, Deno and Node 22.
export default mergeConfig(shared, defineConfig({ test: { testTimeout: 120_000, hookTimeout: 300_000 } }));
