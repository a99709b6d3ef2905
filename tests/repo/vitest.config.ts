import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// The scaffold test installs, builds and tests a new package in a copy of the repository: about two
// minutes here, so twenty on a machine ten times slower.
export default mergeConfig(shared, defineConfig({ test: { testTimeout: 1_200_000, hookTimeout: 1_200_000 } }));
