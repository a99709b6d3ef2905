import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// Worker processes run for a few seconds each against a real Redis server; one file at a time.
export default mergeConfig(shared, defineConfig({ test: { testTimeout: 300_000, hookTimeout: 120_000 } }));
