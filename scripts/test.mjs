// `pnpm test`: builds, type-checks, lints and tests every package through turbo, showing the output of
// failed tasks only, then ends with one line counting the whole repository's tests. Every task's full
// output stays in its package's `.turbo/turbo-<task>.log`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tasks = ['build', 'typecheck', 'typecheck-providers', 'lint', 'test', 'check-package'];
const turbo = spawnSync(
  'pnpm',
  ['exec', 'turbo', 'run', ...tasks, '--output-logs=errors-only', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
const summary = spawnSync(process.execPath, [fileURLToPath(new URL('test-summary.mjs', import.meta.url))], {
  cwd: root,
  stdio: 'inherit',
});
console.log('Full output of every task: <package>/.turbo/turbo-<task>.log');
process.exit(turbo.status !== 0 ? (turbo.status ?? 1) : (summary.status ?? 1));
