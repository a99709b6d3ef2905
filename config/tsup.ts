/**
 * The build every published package shares: ES modules only, for ES2023 runtimes, with declarations and
 * source maps, into a clean `dist/`. Each package's `tsup.config.ts` (the providers share
 * `config/tsup.provider.ts`) passes only what is its own: its entries, and a banner or plugin if it needs one.
 */
import { defineConfig, type Options } from 'tsup';

/** What a package may set on top of the shared build: its entries, always; the rest only where it differs. */
export type PackageBuild = Required<Pick<Options, 'entry'>> &
  Pick<Options, 'dts' | 'banner' | 'tsconfig' | 'esbuildPlugins' | 'define'>;

export function packageBuild(options: PackageBuild) {
  return defineConfig({
    format: ['esm'],
    dts: true,
    clean: true,
    target: 'es2023',
    sourcemap: true,
    ...options,
  });
}
