// `pnpm test`: builds, type-checks, lints and tests every package through turbo, showing the output of
// failed tasks only, then ends with one line counting the whole repository's tests. Every task's full
// output stays in its package's `.turbo/turbo-<task>.log`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tasks = ['build', 'typecheck', 'typecheck-providers', 'lint', 'test', 'check-package'];
/**
 * Suites that count requests per second across several processes and a real Redis. They run once the
 * rest is done, on their own: next to other packages' tests, two cores are busy enough to delay a
 * request's arrival at the mock gateway past the rate limit's margin, and the per-second count would
 * measure the machine rather than the limiter.
 */
const alone = ['@pdg/shared-limits-tests', 'example-fleet'];
const extra = process.argv.slice(2);
const turboRun = (filters) =>
  spawnSync('pnpm', ['exec', 'turbo', 'run', ...tasks, '--output-logs=errors-only', ...filters, ...extra], {
    cwd: root,
    stdio: 'inherit',
  });
// With a filter of the caller's (`pnpm test --filter @pdg/core`), one run of what it names.
const filtered = extra.some((arg) => arg === '-F' || arg.startsWith('--filter'));
let turbo = turboRun(filtered ? [] : alone.map((name) => `--filter=!${name}`));
if (!filtered && turbo.status === 0) {
  turbo = turboRun(['--concurrency=1', ...alone.map((name) => `--filter=${name}`)]);
}
const summary = spawnSync(process.execPath, [fileURLToPath(new URL('test-summary.mjs', import.meta.url))], {
  cwd: root,
  stdio: 'inherit',
});
console.log('Full output of every task: <package>/.turbo/turbo-<task>.log');
process.exit(turbo.status !== 0 ? (turbo.status ?? 1) : (summary.status ?? 1));
