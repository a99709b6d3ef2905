/**
 * The build of every provider package: `tsup --config ../../../config/tsup.provider.ts`. Its last step writes
 * each endpoint's params and result types out into the declarations (config/resolved-types.ts).
 */
import { resolve } from 'node:path';
import { esbuildDescriptions } from './jsdoc-descriptions.js';
import { writeResolvedTypes } from './resolved-types.js';
import { packageBuild } from './tsup.js';

export default packageBuild({
  entry: ['src/index.ts', 'src/fixtures.ts'],
  // Provider packages have no tsconfig of their own: the root's options, as `pnpm typecheck-providers` uses.
  tsconfig: resolve(process.cwd(), '../../../tsconfig.base.json'),
  esbuildPlugins: [esbuildDescriptions()],
  afterDeclarations: (createHost) => writeResolvedTypes(process.cwd(), createHost),
});
