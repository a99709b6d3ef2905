import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/conformance.ts', 'src/docs.ts', 'src/vitest.ts', 'src/nock.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'es2023',
  sourcemap: true,
});
