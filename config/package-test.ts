/**
 * `test` of the packages whose tests are a plain vitest run (`node <root>/config/package-test.ts` in the
 * package's folder): every provider package (with config/vitest.provider.ts) and a few small packages (with their
 * own `vitest.config.ts`), in a process shared with the other such test tasks that turbo runs at the same time
 * (config/shared-process.ts), as the builds and package checks are. Most of such a task went to starting vitest
 * (a provider's: about 0.7 of its 1.5 CPU-seconds): the shared process starts it once, then runs each package's
 * tests in that package's folder, one package at a time, with the package's config and report
 * (`test-results.json` in the package). Each run has its own workers, as a run of its own would. With
 * arguments (`pnpm test -- -t <name>`), vitest runs in this process alone and is handed them.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { StepResult } from './shared-process.js';

const providerConfig = fileURLToPath(new URL('./vitest.provider.ts', import.meta.url));

/** The package's own vitest config, or the providers' (a provider package has none of its own). */
const configOf = (dir: string) => {
  const own = join(dir, 'vitest.config.ts');
  return existsSync(own) ? own : providerConfig;
};

/** Runs the tests of the package in `dir`; what vitest printed, and whether every test file passed. */
async function testPackage(dir: string, args: readonly string[] = []): Promise<StepResult> {
  const { createVitest, parseCLI } = await import('vitest/node');
  // The configs read the package's folder from the working directory (its root; a provider's conformance suite).
  process.chdir(dir);
  let output = '';
  const printed = new Writable({
    write(chunk, _encoding, done) {
      output += String(chunk);
      done();
    },
  });
  const { filter, options } = parseCLI(['vitest', 'run', ...args]);
  const vitest = await createVitest(
    'test',
    { ...options, config: configOf(dir), watch: false },
    {},
    { stdout: printed, stderr: printed },
  );
  try {
    await vitest.start(filter);
    const files = vitest.state.getFiles();
    const ok =
      files.length > 0 &&
      files.every((file) => file.result?.state !== 'fail') &&
      vitest.state.getCountOfFailedTests() === 0 &&
      vitest.state.getUnhandledErrors().length === 0;
    return { ok, output: output.trimEnd() };
  } finally {
    await vitest.close();
  }
}

// `pnpm test -- -t <name>` hands on its `--` too: vitest would take what follows it as file filters.
const args = process.argv.slice(2).filter((arg) => arg !== '--');
if (args.length > 0) {
  const result = await testPackage(process.cwd(), args);
  (result.ok ? process.stdout : process.stderr).write(`${result.output}\n`);
  process.exitCode = result.ok ? 0 : 1;
} else {
  // The code a run loads that a package's own files do not: a process started with other code serves no task.
  const codeFiles = [
    fileURLToPath(import.meta.url),
    providerConfig,
    ...['jsdoc-descriptions.ts', 'compile-cache.ts', '../vitest.shared.ts'].map((file) =>
      fileURLToPath(new URL(file, import.meta.url)),
    ),
  ];
  // Node runs this file from its `.ts` source: the module is named by its file (the type by its `.js` name).
  const { runShared } = (await import(
    new URL('./shared-process.ts', import.meta.url).href
  )) as typeof import('./shared-process.js');
  // Nothing waits for a test task, and these tasks start together: a process waits two seconds for the next
  // package before it ends.
  await runShared('package-test', codeFiles, process.cwd(), (dir) => testPackage(dir), 2000);
}
