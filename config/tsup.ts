/**
 * The build every published package shares: ES modules only, for ES2023 runtimes, with declarations and
 * source maps, into a clean `dist/`. Each package's `tsup.config.ts` (the providers share
 * `config/tsup.provider.ts`) passes only what is its own: its entries, and a banner or plugin if it needs one.
 *
 * The declarations are written once tsup has written the JavaScript, by config/declarations.ts: the same
 * files tsup's own `dts` writes, in about half the time.
 */
import { defineConfig, type Options } from 'tsup';
import { buildDeclarations, type DeclarationsBuild } from './declarations.js';

/** What a package may set on top of the shared build: its entries, always; the rest only where it differs. */
export type PackageBuild = Required<Pick<Options, 'entry'>> &
  Pick<Options, 'banner' | 'tsconfig' | 'esbuildPlugins' | 'define'> & {
    /** Write `.d.ts` declarations (default true; false for a package without types, such as the CLI). */
    readonly dts?: boolean;
    /** A step once the declarations are written (config/declarations.ts `afterwards`). */
    readonly afterDeclarations?: DeclarationsBuild['afterwards'];
    /** Compiler options over the tsconfig's for the declarations' program (config/declarations.ts). */
    readonly declarationOptions?: DeclarationsBuild['compilerOptions'];
  };

export function packageBuild({ dts = true, afterDeclarations, declarationOptions, ...options }: PackageBuild) {
  return defineConfig({
    format: ['esm'],
    clean: true,
    target: 'es2023',
    sourcemap: true,
    ...options,
    dts: false,
    onSuccess: dts
      ? async () => {
          const started = performance.now();
          await buildDeclarations({
            entry: options.entry as string[] | Record<string, string>,
            tsconfig: options.tsconfig,
            afterwards: afterDeclarations,
            compilerOptions: declarationOptions,
          });
          console.log(`DTS declarations written in ${Math.round(performance.now() - started)}ms`);
        }
      : undefined,
  });
}
