import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// Harvests run against real databases (DuckDB in process, a PostgreSQL server the tests start) and the CLI.
export default mergeConfig(shared, defineConfig({ test: { testTimeout: 300_000, hookTimeout: 120_000 } }));
