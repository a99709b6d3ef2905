import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// One Chromium, one pdg mock and one static server for the file; the limits only catch a hang, on a machine
// much slower than this one (the whole file takes well under a minute here).
export default mergeConfig(shared, defineConfig({ test: { testTimeout: 300_000, hookTimeout: 300_000 } }));
