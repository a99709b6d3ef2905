import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';
import { canStartRedis } from './test/redis.js';

// Each file's worker processes run for seconds against a Redis, mostly waiting on the limit's windows, which
// are counted where the limit decides, not where the gateway receives. With a redis-server of its own per
// file, the files run side by side; on a Redis they share (PDG_REDIS_URL alone), one at a time, as each
// empties it between tests.
const ownServers = canStartRedis();
export default mergeConfig(
  shared,
  defineConfig({
    test: { testTimeout: 300_000, hookTimeout: 120_000, fileParallelism: ownServers, maxWorkers: ownServers ? 6 : 1 },
  }),
);
