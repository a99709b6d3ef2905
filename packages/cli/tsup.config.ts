import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/cli.ts'],
  format: ['esm'],
  dts: false,
  clean: true,
  target: 'es2023',
  sourcemap: true,
  banner: { js: '#!/usr/bin/env node' },
});
