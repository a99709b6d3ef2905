/**
 * `test` of every provider package (`node ../../../config/provider-test.ts`): its vitest run with
 * config/vitest.provider.ts, in a process shared with the other provider packages' test tasks that turbo runs at
 * the same time (config/shared-process.ts), as their builds and package checks are. Most of a provider's test
 * task went to starting vitest (about 0.7 of its 1.5 CPU-seconds): the shared process starts it once, then
 * runs each package's tests in that package's folder, one package at a time, with the same config and the same
 * report (`test-results.json` in the package). Each run has its own worker thread, as a run of its own would.
 * With arguments (`pnpm test -- -t <name>`), vitest runs in this process alone and is handed them.
 */
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { StepResult } from './shared-process.js';

const configFile = fileURLToPath(new URL('./vitest.provider.ts', import.meta.url));

/** Runs the provider package in `dir`'s tests; what vitest printed, and whether every test file passed. */
async function testPackage(dir: string, args: readonly string[] = []): Promise<StepResult> {
  const { createVitest, parseCLI } = await import('vitest/node');
  // The config reads the package's folder from the working directory (its root, its conformance suite's path).
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
    { ...options, config: configFile, watch: false },
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

const args = process.argv.slice(2);
if (args.length > 0) {
  const result = await testPackage(process.cwd(), args);
  (result.ok ? process.stdout : process.stderr).write(`${result.output}\n`);
  process.exitCode = result.ok ? 0 : 1;
} else {
  // The code a run loads that a package's own files do not: a process started with other code serves no task.
  const codeFiles = [
    fileURLToPath(import.meta.url),
    configFile,
    fileURLToPath(new URL('./jsdoc-descriptions.ts', import.meta.url)),
  ];
  // Node runs this file from its `.ts` source: the module is named by its file (the type by its `.js` name).
  const { runShared } = (await import(
    new URL('./shared-process.ts', import.meta.url).href
  )) as typeof import('./shared-process.js');
  // Nothing waits for a test task, and the providers' tasks start together: a process waits two seconds for
  // the next package before it ends.
  await runShared('provider-test', codeFiles, process.cwd(), (dir) => testPackage(dir), 2000);
}
