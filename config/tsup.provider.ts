/** The build of every provider package: `tsup --config ../../../config/tsup.provider.ts`. */
import { resolve } from 'node:path';
import { defineConfig } from 'tsup';
import { esbuildDescriptions } from './jsdoc-descriptions.js';

export default defineConfig({
  entry: ['src/index.ts', 'src/fixtures.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'es2023',
  sourcemap: true,
  tsconfig: resolve(process.cwd(), '../../../tsconfig.base.json'),
  esbuildPlugins: [esbuildDescriptions()],
});
