/**
 * A vitest `globalSetup` for the suites that run other runtimes (tests/runtimes, tests/pack,
 * examples/testing): fetches Bun, Deno and Node 22.12 once, before any test starts, with a limit long
 * enough for a slow registry (scripts/runtimes.mjs, into PDG_RUNTIMES_CACHE), and hands their paths to the
 * tests as `inject('runtimes')`. A test never downloads anything itself, so no test's time limit covers a
 * download. When the fetch fails, the tests see why and how to fetch them by hand.
 */
import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

export interface Runtimes {
  readonly bun: string;
  readonly deno: string;
  readonly node22: string;
  readonly versions: { readonly bun: string; readonly deno: string; readonly node22: string };
}

/** The installed runtimes, or why they are not there and what to run. */
export type RuntimesResult =
  | { readonly ok: true; readonly runtimes: Runtimes }
  | { readonly ok: false; readonly error: string };

declare module 'vitest' {
  export interface ProvidedContext {
    runtimes: RuntimesResult;
  }
}

const installer = fileURLToPath(new URL('../scripts/runtimes.mjs', import.meta.url));
/** Fifteen minutes: three packages of 40-120 MB from a slow registry mirror. */
const installLimitMs = 15 * 60_000;

export default function setup(project: TestProject): void {
  const cache = process.env.PDG_RUNTIMES_CACHE ?? join(homedir(), '.cache', 'pdg-runtimes');
  const result = spawnSync(process.execPath, [installer], {
    encoding: 'utf8',
    timeout: installLimitMs,
    // The installer says on stderr what it fetches, so a first run that takes a minute shows why.
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status === 0) {
    project.provide('runtimes', { ok: true, runtimes: JSON.parse(result.stdout) as Runtimes });
    return;
  }
  const reason =
    result.error?.message ??
    (result.signal
      ? `stopped by ${result.signal} after ${installLimitMs / 60_000} minutes`
      : `exit code ${result.status}`);
  project.provide('runtimes', {
    ok: false,
    error:
      `Bun, Deno and Node 22.12 could not be fetched from the npm registry into ${cache} (${reason}). ` +
      'Fetch them by hand with `node scripts/runtimes.mjs` at the repository root (PDG_RUNTIMES_CACHE chooses ' +
      'where; its stderr says what failed), then run the tests again.',
  });
}
