import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', describe: 'src/describe-entry.ts', fixtures: 'src/fixtures/index.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'es2023',
  sourcemap: true,
});
