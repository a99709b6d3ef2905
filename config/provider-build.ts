/**
 * The build of every provider package (`node ../../../config/provider-build.ts` in its folder): tsup with
 * config/tsup.provider.ts, the declarations and the resolved types, as before, in a process shared with the
 * other providers' builds that turbo runs at the same time (config/shared-process.ts).
 *
 * Why shared: each provider's declarations take a TypeScript program that parses the TypeScript libraries,
 * valibot's and core's declarations, and type-checks with a compiler not yet warmed up. A build alone took
 * about 4.4 CPU-seconds, most of it that; in a process that has built another provider already, about 1. The
 * output is the same file for file: a declaration file outside the package is only reused while its size and
 * time of change stay the same (config/declarations.ts).
 */
import { readdirSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StepResult } from './shared-process.js';

const configDir = fileURLToPath(new URL('.', import.meta.url));

// The config modules import one another as `./x.js`, as tsup's bundler reads them; Node runs them from their
// `.ts` files.
registerHooks({
  resolve(specifier, context, nextResolve) {
    const fromConfig = context.parentURL?.startsWith(new URL('.', import.meta.url).href) ?? false;
    if (fromConfig && specifier.startsWith('./') && specifier.endsWith('.js')) {
      return nextResolve(specifier.replace(/\.js$/, '.ts'), context);
    }
    return nextResolve(specifier, context);
  },
});

/** Builds the provider in `dir`, with what it prints collected rather than printed (the task that asked prints it). */
async function buildProvider(dir: string): Promise<StepResult> {
  const lines: string[] = [];
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  const collect = (...args: unknown[]) => {
    lines.push(args.map((arg) => (typeof arg === 'string' ? arg : String(arg))).join(' '));
  };
  Object.assign(console, { log: collect, info: collect, warn: collect, error: collect });
  try {
    process.chdir(dir);
    const [{ build }, { providerBuild }] = await Promise.all([import('tsup'), import('./tsup.provider.js')]);
    await build({ ...providerBuild(dir), config: false });
    return { ok: true, output: lines.join('\n') };
  } catch (error) {
    lines.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return { ok: false, output: lines.join('\n') };
  } finally {
    Object.assign(console, saved);
  }
}

const codeFiles = readdirSync(configDir)
  .filter((name) => name.endsWith('.ts'))
  .sort()
  .map((name) => join(configDir, name));
const { runShared } = await import('./shared-process.js');
await runShared('provider-build', codeFiles, process.cwd(), buildProvider);
