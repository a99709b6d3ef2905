// `pnpm test`: builds, type-checks, lints and tests every package through turbo, showing the output of
// failed tasks only, then ends with one line that counts the whole repository's tests and names every task
// that failed and every package whose tests did not run. A failure does not stop the others: turbo goes on
// with every task whose dependencies succeeded. Every task's full output stays in its package's
// `.turbo/turbo-<task>.log`.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workspacePackages } from './workspace.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const tasks = ['build', 'typecheck', 'typecheck-providers', 'lint', 'test', 'check-package'];
/**
 * Suites that count requests per second across several processes and a real Redis. They run apart from the
 * rest, at a higher priority (see the phases below): next to other packages' tests, two cores are busy enough
 * to delay a request's arrival at the mock gateway past the rate limit's margin, and the per-second count
 * would measure the machine rather than the limiter. The two examples share the Redis server of
 * PDG_REDIS_URL and count requests where the gateway receives them: they run one at a time. Beside them run
 * tests/shared-limits (each of its files starts a redis-server of its own, and counts where the limit decides)
 * and the queue's suite (its own redis-servers): both are light on the processor. On a machine that cannot
 * start redis-servers, tests/shared-limits uses PDG_REDIS_URL too, emptying it between tests, so it takes its
 * turn with the examples, and all of them run once the rest is done: other suites use PDG_REDIS_URL too.
 */
const ownRedisServers = spawnSync('redis-server', ['--version']).status === 0;
const aloneInTurn = ['example-fleet', 'example-harvest', ...(ownRedisServers ? [] : ['@pdg/shared-limits-tests'])];
const aloneBeside = [...(ownRedisServers ? ['@pdg/shared-limits-tests'] : []), '@pdg/queue'];
const alone = [...aloneInTurn, ...aloneBeside];
// `pnpm test -- --x` hands on a `--` of its own: turbo would pass what follows to every task's script.
const extra = process.argv.slice(2).filter((arg) => arg !== '--');
// The alone suites' tests do not take the concurrency the caller gave the rest.
const isConcurrency = (arg) => arg === '--concurrency' || arg.startsWith('--concurrency=');
const extraAlone = extra.filter((arg, index) => !isConcurrency(arg) && !isConcurrency(extra[index - 1] ?? ''));

// Each turbo run writes its task summary (`--summarize`) here; the closing line is read from them.
const runs = join(root, '.turbo', 'runs');
rmSync(runs, { recursive: true, force: true });
mkdirSync(runs, { recursive: true });
// A report left by an earlier run must not count as this run's: turbo restores a cached task's own.
for (const pkg of workspacePackages()) rmSync(join(pkg.path, 'test-results.json'), { force: true });

/** What a command prints, trimmed, or undefined when it fails or takes over `timeout` ms. */
function printed(command, args, timeout) {
  try {
    const stdio = ['ignore', 'pipe', 'ignore'];
    return execFileSync(command, args, {
      encoding: 'utf8',
      timeout,
      stdio,
      shell: process.platform === 'win32',
    }).trim();
  } catch {
    return undefined;
  }
}

/** The newest valibot 1.x on the npm registry (prereleases aside), or undefined when the registry does not say. */
function newestValibot() {
  const listed = printed('npm', ['view', 'valibot@1', 'version', '--json', '--fetch-retries=1'], 60_000);
  if (listed === undefined) return undefined;
  const order = (version) => version.split('.').map(Number);
  const byVersion = (a, b) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1] || order(a)[2] - order(b)[2];
  try {
    return [].concat(JSON.parse(listed)).sort(byVersion).at(-1);
  } catch {
    return undefined;
  }
}

/**
 * What two suites depend on outside the repository, as variables turbo hashes (turbo.json), so their
 * results are cached until it changes: the Chromium the runtime matrix drives (its version), and the newest
 * valibot 1.x on the npm registry, asked for once here (tests/valibot-latest runs core's suite against it).
 * Left unset when unknown: the test then asks itself, and fails saying why.
 */
function outsideVersions() {
  const chromium = process.env.PDG_CHROMIUM || 'chromium';
  const env = { PDG_CHROMIUM_VERSION: printed(chromium, ['--version'], 30_000)?.split('\n')[0] ?? 'none' };
  // A run of a few packages (`pnpm test --filter @pdg/<provider>`) does not ask the registry unless it names that suite.
  const asks = !filtered || extra.some((arg) => arg.includes('valibot'));
  const valibot = process.env.PDG_VALIBOT_NEWEST || (asks ? newestValibot() : undefined);
  if (valibot) env.PDG_VALIBOT_NEWEST = valibot;
  return env;
}

// With a filter of the caller's (`pnpm test --filter @pdg/core`), one run of what it names.
const filtered = extra.some((arg) => arg === '-F' || arg.startsWith('--filter'));
const turboEnv = { ...process.env, ...outsideVersions() };

const turboArgs = (filters, args, run) => [
  'exec',
  'turbo',
  'run',
  ...run,
  '--output-logs=errors-only',
  '--continue=dependencies-successful',
  '--summarize',
  ...filters,
  ...args,
];
/**
 * A command line run at a lower priority where the system has `nice` (see the phases below). Niceness 10, not
 * 19: a suite at normal priority still comes first (about nine to one per process), while other work on the
 * machine at normal priority (another job, a busy loop) leaves a lowered task about the share it would have
 * had beside it anyway; at 19 it would leave it almost nothing, and its tests' own time limits would run out.
 */
const lowered = '10';
const hasNice = process.platform !== 'win32' && spawnSync('nice', ['-n', lowered, 'true']).status === 0;
const command = (low, args) => (low && hasNice ? ['nice', ['-n', lowered, 'pnpm', ...args]] : ['pnpm', args]);
/** Runs turbo to its end; its exit status. */
const turboRun = (filters, args = extra, run = tasks) =>
  spawnSync(...command(false, turboArgs(filters, args, run)), { cwd: root, stdio: 'inherit', env: turboEnv }).status;
/** Starts turbo beside another, at the lowest priority when `low`; resolves with its exit status. */
const turboStart = (filters, args, run, low = false) =>
  new Promise((resolve) => {
    const child = spawn(...command(low, turboArgs(filters, args, run)), { cwd: root, stdio: 'inherit', env: turboEnv });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
/**
 * Twenty tasks at once rather than turbo's ten, unless the caller says otherwise: most tasks spend much of
 * their time waiting (on processes, browsers, timers), so the extra slots cost little.
 */
const concurrency = extra.some(isConcurrency) ? [] : ['--concurrency=20'];
/**
 * The suites that wait most (their own processes, servers, browsers and timers), each with its package's
 * other checks: a turbo run of their own, so that none of them waits for a slot behind short tasks and then
 * runs on alone at the end (turbo starts ready tasks in no order of length). The CLI's suite is the longest.
 */
const longest = [
  '@pdg/cli',
  '@pdg/mcp',
  '@pdg/docs-site-tests',
  '@pdg/sandbox',
  '@pdg/consumer-tests',
  '@pdg/core',
  '@pdg/repo-tests',
  // Core's suite against the newest valibot: it waits for core's own run (turbo.json), so it runs beside it.
  '@pdg/valibot-latest-tests',
];
const only = (names) => names.map((name) => `--filter=${name}`);
const statuses = [];
if (filtered) {
  // A filtered run also runs the root's checks (`//#lint`, and `//#typecheck-providers`, which type-checks every
  // provider's type tests): cached, so they cost nothing when their files did not change.
  statuses.push(turboRun(['--filter=//']));
} else {
  /*
   * Two phases. First every package's build, alone: every test needs some of them, the CLI's suite (the
   * longest) needs all of them, and nothing else then takes the processor from them. Then, at once: every other
   * check and test at a lower priority (`nice`), the longest suites in a turbo run of their own; and the
   * suites that count requests per second (`alone`) at the normal one, so the processor is theirs whenever they
   * want it (a busy machine would delay an arrival past a rate limit's margin) and the others' while they wait.
   * The second phase's tasks are `--only`: their builds are done, and a cached build restored again under a
   * running suite would rewrite the files it reads (turbo writes a cache hit's outputs again, in place).
   * Without redis-servers of their own, the `alone` suites run after the rest instead (see `alone`).
   */
  statuses.push(turboRun(concurrency, extra, ['build']));
  const checks = tasks.filter((task) => task !== 'build');
  const apart = async () => {
    // Their type checks and package checks first; then their tests.
    const first = await turboStart(
      ['--only', ...only(alone)],
      extraAlone,
      checks.filter((task) => task !== 'test'),
    );
    const tests = await Promise.all([
      turboStart(['--only', '--concurrency=1', ...only(aloneInTurn)], extraAlone, ['test']),
      turboStart(['--only', ...only(aloneBeside)], extraAlone, ['test']),
    ]);
    return [first, ...tests];
  };
  const rest = [...alone, ...longest].map((name) => `--filter=!${name}`);
  const ends = await Promise.all([
    turboStart(['--only', ...only(longest), ...concurrency], extra, checks, true),
    turboStart(['--only', ...rest, ...concurrency], extra, checks, true),
    ...(ownRedisServers ? [apart()] : []),
  ]);
  statuses.push(...ends.flat());
  if (!ownRedisServers) statuses.push(...(await apart()));
}

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
