import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    describe: 'src/describe-entry.ts',
    fixtures: 'src/fixtures/index.ts',
    cache: 'src/cache-entry.ts',
    'rate-limit': 'src/rate-limit-entry.ts',
  },
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'es2023',
  sourcemap: true,
});
