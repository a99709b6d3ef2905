// Builds a workspace package and what it depends on (turbo's cache makes a repeat instant), keeping
// turbo's own output off stdout so the program that runs next owns it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

export function buildQuietly(filter) {
  const build = spawnSync(
    'pnpm',
    ['exec', 'turbo', 'run', 'build', `--filter=${filter}...`, '--output-logs=errors-only'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (build.status !== 0) {
    console.error(`Building ${filter} failed: run \`pnpm build\` to see why.`);
    process.exit(1);
  }
}

/** Runs a built script with this process's arguments and exits with its code. */
export function runNode(script, args) {
  const child = spawnSync(process.execPath, [fileURLToPath(new URL(`../${script}`, import.meta.url)), ...args], {
    stdio: 'inherit',
  });
  process.exit(child.status ?? 1);
}
