import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// The scaffold test installs, builds and tests a new package in a copy of the repository.
export default mergeConfig(shared, defineConfig({ test: { testTimeout: 300_000, hookTimeout: 300_000 } }));
