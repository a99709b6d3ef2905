import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', fixtures: 'src/fixtures/index.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'es2023',
  sourcemap: true,
});
