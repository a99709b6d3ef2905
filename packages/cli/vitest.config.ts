import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// The CLI's test files mostly wait: on the pdg processes they start, on Redis, on a slow client's timer.
// Vitest's default on a two-core machine is one file at a time (cores - 1); three at once overlap those
// waits (about 300 s of files in 110 s on a busy two-core machine, against one after another).
export default mergeConfig(shared, defineConfig({ test: { maxWorkers: 3 } }));
