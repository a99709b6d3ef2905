import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// Worker processes run walks for several seconds each against a real Redis server.
export default mergeConfig(shared, defineConfig({ test: { testTimeout: 300_000, hookTimeout: 120_000 } }));
