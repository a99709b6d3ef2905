// Builds a workspace package and what it depends on before a script runs it, through turbo (its cache
// makes a repeat instant): quietly for `pnpm pdg` (turbo's output kept off stdout, which the command owns),
// or with a line per package for `pnpm demo`, whose first run builds for a minute or more.
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** turbo without its telemetry notice or update check: a newcomer's terminal shows only what the script says. */
const turboEnv = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', TURBO_NO_UPDATE_NOTIFIER: '1' };

/**
 * The build task of `name` and of the packages it needs (turbo's `^build`: its dependencies, with their
 * own); not `name...`, which also takes in the workspace root's dependencies, so every package.
 */
const buildArgs = (name) => ['exec', 'turbo', 'run', 'build', `--filter=${name}`];

export function buildQuietly(name) {
  const build = spawnSync('pnpm', [...buildArgs(name), '--output-logs=errors-only'], {
    cwd: root,
    env: turboEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) {
    console.error(`Building ${name} failed: run \`pnpm build\` to see why.`);
    process.exit(1);
  }
}

/**
 * Builds `name` and what it needs, saying first how many packages that is and how many are built already,
 * then a line as each package is done, and a line every 15 s while none is, so no minute passes silently.
 * Packages are built as many at a time as the machine has cores, so they finish one after another.
 */
export async function buildShowingSteps(name) {
  const started = performance.now();
  const clock = () => {
    const seconds = Math.round((performance.now() - started) / 1000);
    return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  };
  const plan = spawnSync('pnpm', [...buildArgs(name), '--dry=json'], { cwd: root, env: turboEnv, encoding: 'utf8' });
  if (plan.status !== 0) {
    console.error(`Planning the build of ${name} failed: run \`pnpm build\` to see why.\n${plan.stderr}`);
    process.exit(1);
  }
  const tasks = JSON.parse(plan.stdout).tasks;
  const toBuild = tasks.filter((task) => task.cache.status !== 'HIT').length;
  if (toBuild === 0) {
    // Still run it: turbo puts back any output that is missing from its cache, in a moment.
    buildQuietly(name);
    return;
  }
  const already = tasks.length - toBuild;
  console.log(
    `Building ${name} and the packages it needs: ${toBuild} to build${already > 0 ? `, ${already} built before` : ''}. The first time takes a minute or more.`,
  );
  let done = 0;
  let lastLine = performance.now();
  const say = (line) => {
    console.log(`  ${clock()}  ${line}`);
    lastLine = performance.now();
  };
  const heartbeat = setInterval(() => {
    if (performance.now() - lastLine >= 15_000) say(`still building (${done} of ${tasks.length} done)`);
  }, 1_000);
  const child = spawn(
    'pnpm',
    [...buildArgs(name), '--output-logs=hash-only', '--log-order=grouped', `--concurrency=${availableParallelism()}`],
    { cwd: root, env: turboEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    stderr += chunk;
  });
  let pending = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      // In grouped order, a task's lines come when it is done, its first naming the package.
      const match = /^(\S+?):build: cache (hit|miss|bypass)/.exec(line);
      if (!match) continue;
      done++;
      say(`${match[1]} ${match[2] === 'hit' ? 'taken from the cache' : 'built'} (${done} of ${tasks.length})`);
    }
  });
  const status = await new Promise((resolve) => child.once('close', resolve));
  clearInterval(heartbeat);
  if (status !== 0) {
    console.error(`${stderr}Building ${name} failed: run \`pnpm build\` to see why.`);
    process.exit(1);
  }
  say(`done: ${toBuild} built`);
}

/** Runs a built script with this process's arguments and exits with its code. */
export function runNode(script, args) {
  const child = spawnSync(process.execPath, [fileURLToPath(new URL(`../${script}`, import.meta.url)), ...args], {
    stdio: 'inherit',
  });
  process.exit(child.status ?? 1);
}
