import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

export default mergeConfig(
  shared,
  defineConfig({
    resolve: {
      // The fuzz test imports every provider's source, which imports @pdg/core: point that at this
      // source, so the test needs no build and runs against the code under test.
      alias: [
        { find: /^@pdg\/core$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
        {
          find: /^@pdg\/core\/describe$/,
          replacement: fileURLToPath(new URL('./src/describe-entry.ts', import.meta.url)),
        },
        { find: /^@pdg\/core\/cache$/, replacement: fileURLToPath(new URL('./src/cache-entry.ts', import.meta.url)) },
        {
          find: /^@pdg\/core\/rate-limit$/,
          replacement: fileURLToPath(new URL('./src/rate-limit-entry.ts', import.meta.url)),
        },
        {
          find: /^@pdg\/core\/fixtures$/,
          replacement: fileURLToPath(new URL('./src/fixtures/index.ts', import.meta.url)),
        },
      ],
    },
  }),
);
