import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// Four worker processes walk a dozen listings under a limit of 10 requests a second: several seconds a run.
export default mergeConfig(shared, defineConfig({ test: { testTimeout: 300_000 } }));
