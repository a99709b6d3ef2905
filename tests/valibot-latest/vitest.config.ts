import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// Asking the registry, installing valibot and running core's whole suite: a minute or two here, so the
// limit, which only catches a hang, is twenty minutes (a machine ten times slower).
export default mergeConfig(shared, defineConfig({ test: { testTimeout: 1_200_000, hookTimeout: 1_200_000 } }));
