#!/usr/bin/env node
// The `pdg` command. In a checkout of the repository (where the CLI's sources sit next to this file) it
// first rebuilds the CLI and what it depends on if their sources changed, so `pnpm pdg …` and
// `pnpm exec pdg …` always run the current code; turbo's cache makes that instant when nothing changed.
// Installed from npm there are no sources: it runs the built CLI directly.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const repository = fileURLToPath(new URL('../../../', import.meta.url));
if (existsSync(new URL('../src/cli.ts', import.meta.url)) && existsSync(`${repository}turbo.json`)) {
  const build = spawnSync(
    'pnpm',
    ['exec', 'turbo', 'run', 'build', '--filter=@pdg/cli...', '--output-logs=errors-only'],
    { cwd: repository, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (build.status !== 0) {
    process.stderr.write('pdg: building the CLI failed: run `pnpm build` to see why.\n');
    process.exit(1);
  }
}
await import('../dist/cli.js');
