/**
 * The build of every published package but the CLI's tests (`node <root>/config/package-build.ts` in its
 * folder): tsup with the package's `tsup.config.ts`, or for a provider (which has none) config/tsup.provider.ts,
 * and the declarations, as before, in a process shared with the other packages' builds that turbo runs at the
 * same time (config/shared-process.ts).
 *
 * Why shared: each package's declarations take a TypeScript program that parses the TypeScript libraries and
 * its dependencies' declarations, and type-checks with a compiler not yet warmed up. A provider's build alone
 * took about 4.4 CPU-seconds, most of it that; in a process that has built another package already, about 1.
 * The output is the same file for file: each package builds in its own folder, and a declaration file outside
 * the package is only reused while its size and time of change stay the same (config/declarations.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Options } from 'tsup';
import type { StepResult } from './shared-process.js';

const root = fileURLToPath(new URL('..', import.meta.url));

// The build configs import one another as `./x.js`, as tsup's bundler reads them; Node runs them from their
// `.ts` files.
registerHooks({
  resolve(specifier, context, nextResolve) {
    const fromTypeScript = context.parentURL?.endsWith('.ts') ?? false;
    if (fromTypeScript && specifier.startsWith('.') && specifier.endsWith('.js')) {
      const typeScript = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
      if (existsSync(typeScript)) return nextResolve(typeScript.href, context);
    }
    return nextResolve(specifier, context);
  },
});

/** The package's tsup options: its own `tsup.config.ts` (config/tsup.ts `packageBuild`), or the providers' build. */
async function optionsOf(dir: string): Promise<Options> {
  const own = join(dir, 'tsup.config.ts');
  const { providerBuild } = await import('./tsup.provider.js');
  const options: ReturnType<typeof providerBuild> = existsSync(own)
    ? ((await import(pathToFileURL(own).href)) as { default: ReturnType<typeof providerBuild> }).default
    : providerBuild(dir);
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new Error(`${own}: export one options object, \`export default packageBuild({ ... })\` (config/tsup.ts)`);
  }
  return options;
}

/** Builds the package in `dir`, with what it prints collected rather than printed (the task that asked prints it). */
async function buildPackage(dir: string): Promise<StepResult> {
  const lines: string[] = [];
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  const collect = (...args: unknown[]) => {
    lines.push(args.map((arg) => (typeof arg === 'string' ? arg : String(arg))).join(' '));
  };
  Object.assign(console, { log: collect, info: collect, warn: collect, error: collect });
  try {
    process.chdir(dir);
    const [{ build }, options] = await Promise.all([import('tsup'), optionsOf(dir)]);
    await build({
      ...options,
      config: false,
      // esbuild's service keeps the folder it started in; a process that builds several packages names each one's.
      esbuildOptions(esbuild, context) {
        options.esbuildOptions?.(esbuild, context);
        esbuild.absWorkingDir = dir;
      },
    });
    return { ok: true, output: lines.join('\n') };
  } catch (error) {
    lines.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return { ok: false, output: lines.join('\n') };
  } finally {
    Object.assign(console, saved);
  }
}

/** The code a build runs: the shared build (config/) and every package's own config. */
const codeFiles = [
  ...readdirSync(join(root, 'config'))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(root, 'config', name)),
  ...readdirSync(join(root, 'packages'))
    .map((name) => join(root, 'packages', name, 'tsup.config.ts'))
    .filter((file) => existsSync(file)),
].sort();
const { runShared } = await import('./shared-process.js');
// A short wait: the task that started the process ends with it, and the packages that need its package wait.
await runShared('package-build', codeFiles, process.cwd(), buildPackage, 1500);
