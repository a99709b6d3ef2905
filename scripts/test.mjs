// `pnpm test`: builds, type-checks, lints and tests every package through turbo, showing the output of
// failed tasks only, then ends with one line that counts the whole repository's tests and names every task
// that failed and every package whose tests did not run. A failure does not stop the others: turbo goes on
// with every task whose dependencies succeeded. Every task's full output stays in its package's
// `.turbo/turbo-<task>.log`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workspacePackages } from './workspace.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const tasks = ['build', 'typecheck', 'typecheck-providers', 'lint', 'test', 'check-package'];
/**
 * Suites that count requests per second across several processes and a real Redis. They run once the
 * rest is done, on their own: next to other packages' tests, two cores are busy enough to delay a
 * request's arrival at the mock gateway past the rate limit's margin, and the per-second count would
 * measure the machine rather than the limiter.
 */
const alone = ['@pdg/shared-limits-tests', 'example-fleet', '@pdg/queue', 'example-harvest'];
const extra = process.argv.slice(2);

// Each turbo run writes its task summary (`--summarize`) here; the closing line is read from them.
const runs = join(root, '.turbo', 'runs');
rmSync(runs, { recursive: true, force: true });
mkdirSync(runs, { recursive: true });
// A report left by an earlier run must not count as this run's: turbo restores a cached task's own.
for (const pkg of workspacePackages()) rmSync(join(pkg.path, 'test-results.json'), { force: true });

const turboRun = (filters) =>
  spawnSync(
    'pnpm',
    [
      'exec',
      'turbo',
      'run',
      ...tasks,
      '--output-logs=errors-only',
      '--continue=dependencies-successful',
      '--summarize',
      ...filters,
      ...extra,
    ],
    { cwd: root, stdio: 'inherit' },
  );
// With a filter of the caller's (`pnpm test --filter @pdg/core`), one run of what it names.
const filtered = extra.some((arg) => arg === '-F' || arg.startsWith('--filter'));
const statuses = [turboRun(filtered ? [] : alone.map((name) => `--filter=!${name}`)).status];
if (!filtered) statuses.push(turboRun(['--concurrency=1', ...alone.map((name) => `--filter=${name}`)]).status);

const summaries = readdirSync(runs)
  .filter((name) => name.endsWith('.json'))
  .map((name) => join(runs, name));
const summary = spawnSync(
  process.execPath,
  [fileURLToPath(new URL('test-summary.mjs', import.meta.url)), ...(filtered ? ['--filtered'] : []), ...summaries],
  { cwd: root, stdio: 'inherit' },
);
console.log('Full output of every task: <package>/.turbo/turbo-<task>.log');
const turboFailed = statuses.some((status) => status !== 0);
process.exit(turboFailed ? 1 : (summary.status ?? 1));
