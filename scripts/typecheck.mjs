#!/usr/bin/env node
// `typecheck` of every package (`node <root>/scripts/typecheck.mjs`) and the root's `typecheck-providers`
// (`-p tsconfig.json`): `tsc --noEmit` with TypeScript 7, the native compiler, which makes the same checks as
// TypeScript 6 several times faster (core: 0.9 s against 4.1 s). The builds keep TypeScript 6: they write
// declarations through the compiler API (config/declarations.ts), which TypeScript 7 does not have. Installed
// at the root under the name `typescript-7`, so its `tsc` does not take the place of TypeScript 6's.
// `tsc7` is its path, for the checks in tests/ that run it too (with `--singleThreaded`, for the reason below).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const tsc7 = fileURLToPath(new URL('../node_modules/typescript-7/bin/tsc', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // One thread: `pnpm test` checks the packages side by side already, and TypeScript 7's parallel checkers each
  // repeat part of the work (the MCP package: 2.8 CPU-seconds in four threads, 1.7 in one).
  const run = spawnSync(process.execPath, [tsc7, '--noEmit', '--singleThreaded', ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  if (run.error) {
    console.error(`typecheck: could not start TypeScript 7 at ${tsc7} (${run.error.message}); run pnpm install first.`);
  }
  process.exit(run.status ?? 1);
}
