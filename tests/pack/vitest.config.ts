import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// Packing, an npm install from the registry's cache and two type checks: bounded, but not in 15 s.
export default mergeConfig(shared, defineConfig({ test: { testTimeout: 120_000, hookTimeout: 300_000 } }));
