import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// The scaffold test installs, builds and tests a new package in a copy of the repository: about two
// minutes here, so twenty on a machine ten times slower. Two files at a time (vitest's default on two
// cores is one), so the other files run while the scaffold's copy installs and builds.
export default mergeConfig(
  shared,
  defineConfig({ test: { testTimeout: 1_200_000, hookTimeout: 1_200_000, maxWorkers: 2 } }),
);
