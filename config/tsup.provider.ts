/**
 * The build of every provider package (config/package-build.ts runs it in the package's folder `dir`). Its
 * last step writes each endpoint's params and result types out into the declarations (config/resolved-types.ts).
 */
import { resolve } from 'node:path';
import { esbuildDescriptions } from './jsdoc-descriptions.js';
import { writeResolvedTypes } from './resolved-types.js';
import { packageBuild } from './tsup.js';

export function providerBuild(dir: string) {
  return packageBuild({
    entry: ['src/index.ts', 'src/fixtures.ts'],
    // Provider packages have no tsconfig of their own: the root's options, as `pnpm typecheck-providers` uses.
    tsconfig: resolve(dir, '../../../tsconfig.base.json'),
    esbuildPlugins: [esbuildDescriptions()],
    afterDeclarations: (createHost) => writeResolvedTypes(dir, createHost),
    // A provider uses no Node API: its declarations are checked without @types/node (the root's tsconfig names it
    // for the tests), which is about a fifth of each provider's TypeScript time. `pnpm typecheck-providers` still
    // checks the sources with it.
    declarationOptions: { types: [] },
  });
}
