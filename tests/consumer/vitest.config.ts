import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// One compile of every README's blocks with libraries checked, then a process per block: about half a
// minute here, so limits for a machine ten times slower.
export default mergeConfig(shared, defineConfig({ test: { testTimeout: 600_000, hookTimeout: 600_000 } }));
