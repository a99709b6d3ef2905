// The closing line of `pnpm test`: the whole repository's test count from each package's vitest JSON report,
// then every turbo task that failed and every package whose tests did not run (a failed build before them,
// or a crash before the report was written). Reads the turbo run summaries (`--summarize`) given as
// arguments; `--filtered` when the caller chose the packages, so only those are expected to run.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { workspacePackages } from './workspace.mjs';

const args = process.argv.slice(2);
const filtered = args.includes('--filtered');
const tasks = args
  .filter((arg) => arg.endsWith('.json'))
  .flatMap((file) => JSON.parse(readFileSync(file, 'utf8')).tasks ?? []);
const ran = new Map(tasks.filter((task) => task.execution?.exitCode !== undefined).map((task) => [task.taskId, task]));
const failedTasks = [...ran.values()].filter((task) => task.execution.exitCode !== 0).map((task) => task.taskId);

let passed = 0;
let failed = 0;
let skipped = 0;
const failedTests = [];
const didNotRun = [];
for (const pkg of workspacePackages()) {
  if (!pkg.manifest.scripts?.test) continue;
  const report = join(pkg.path, 'test-results.json');
  if (!existsSync(report)) {
    // Outside a filtered run every package's tests are expected; inside one, those turbo was asked for.
    const planned = tasks.some((task) => task.taskId === `${pkg.name}#test`);
    if (!filtered || planned) didNotRun.push(pkg.name);
    continue;
  }
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  skipped += results.numPendingTests + results.numTodoTests;
  if (results.numFailedTests > 0) failedTests.push(`${pkg.name} (${results.numFailedTests})`);
}

const parts = [`Tests: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`];
if (failedTests.length > 0) parts.push(`failing tests in ${failedTests.join(', ')}`);
if (failedTasks.length > 0) parts.push(`failed tasks: ${failedTasks.join(', ')}`);
if (didNotRun.length > 0) parts.push(`tests did not run: ${didNotRun.join(', ')}`);
const ok = passed > 0 && failed === 0 && failedTasks.length === 0 && didNotRun.length === 0;
if (ok) parts.push('every package ran');
console.log(`${parts.join('; ')}.`);
process.exitCode = ok ? 0 : 1;
