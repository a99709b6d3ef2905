/**
 * Core's suite against the newest valibot 1.x the npm registry has, beside the locked one core's own tests
 * use: every provider package accepts any `valibot ^1`, so a release that changes what core relies on must
 * fail here, not in an installed app. The newest version is asked for when the test runs (the lockfile would
 * keep it from CI otherwise); without the registry this test fails saying so, and no other test needs it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = fileURLToPath(new URL('..', import.meta.url));
/** Installed copies, one folder per version, kept between runs. */
const cache = join(here, 'node_modules', '.cache', 'valibot');

/** `npm` with the registry settings of the environment, failing fast when the registry is out of reach. */
function npm(args: readonly string[], cwd: string): string {
  return execFileSync('npm', [...args, '--fetch-retries=1', '--fetch-timeout=60000'], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The newest valibot 1.x published (prereleases aside). */
function newestValibot(): string {
  let listed: string;
  try {
    listed = npm(['view', 'valibot@1', 'version', '--json'], here);
  } catch (error) {
    const lines = ((error as { stderr?: string }).stderr ?? String(error)).split('\n');
    const reason = (lines.find((line) => /request to|code|ENOTFOUND|ECONN|ETIMEDOUT/.test(line)) ?? lines[0] ?? '')
      .replace(/^npm error /, '')
      .trim();
    throw new Error(
      `Could not ask the npm registry for the newest valibot 1.x (${reason}). This test needs the registry, as CI has it: run it with network access (npm's own registry settings apply), or leave it out offline with pnpm test --filter='!@pdg/valibot-latest-tests'.`,
    );
  }
  const versions = ([] as string[]).concat(JSON.parse(listed) as string | string[]);
  const order = (version: string) => version.split('.').map(Number);
  return versions.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    return (x[0] ?? 0) - (y[0] ?? 0) || (x[1] ?? 0) - (y[1] ?? 0) || (x[2] ?? 0) - (y[2] ?? 0);
  })[versions.length - 1] as string;
}

/** The folder of valibot `version`, installed from the registry unless an earlier run did. */
function installed(version: string): string {
  const prefix = join(cache, version);
  const folder = join(prefix, 'node_modules', 'valibot');
  if (!existsSync(join(folder, 'package.json'))) {
    mkdirSync(prefix, { recursive: true });
    npm(
      ['install', `valibot@${version}`, '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts'],
      prefix,
    );
  }
  return folder;
}

/** The file an ES module `import 'valibot'` loads from that folder, by its package.json. */
function moduleEntry(folder: string): string {
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
    exports?: unknown;
    module?: string;
    main?: string;
  };
  const pick = (target: unknown): string | undefined => {
    if (typeof target === 'string') return target;
    if (typeof target !== 'object' || target === null) return undefined;
    const conditions = target as Record<string, unknown>;
    return pick(conditions['.'] ?? conditions.import ?? conditions.default);
  };
  return join(folder, pick(manifest.exports) ?? manifest.module ?? manifest.main ?? 'index.js');
}

interface Report {
  readonly numTotalTests: number;
  readonly numPassedTests: number;
  readonly numFailedTests: number;
  readonly testResults: readonly { readonly name: string; readonly status: string; readonly message?: string }[];
}

describe('core against the newest valibot 1.x', () => {
  it("passes core's whole test suite", () => {
    const version = newestValibot();
    const lockedManifest = join(here, '..', '..', 'packages', 'core', 'node_modules', 'valibot', 'package.json');
    const locked = (JSON.parse(readFileSync(lockedManifest, 'utf8')) as { version: string }).version;
    const folder = installed(version);
    const report = join(mkdtempSync(join(tmpdir(), 'pdg-valibot-')), 'results.json');
    const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
    const run = spawnSync(process.execPath, [vitest, 'run', '--config', join(here, 'core-suite.config.ts')], {
      cwd: here,
      env: { ...process.env, PDG_VALIBOT: moduleEntry(folder), PDG_VALIBOT_REPORT: report },
      encoding: 'utf8',
    });
    const results = existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as Report) : undefined;
    rmSync(dirname(report), { recursive: true, force: true });
    const failed = results?.testResults.filter((file) => file.status !== 'passed').map((file) => file.name) ?? [];
    console.log(
      `core's suite with valibot ${version} (locked: ${locked}): ${results?.numPassedTests ?? 0} of ${results?.numTotalTests ?? 0} tests passed`,
    );
    expect(failed, `${run.stdout}\n${run.stderr}`).toEqual([]);
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(results?.numFailedTests).toBe(0);
    // Core's suite has close to two hundred tests; a run that found none of them proves nothing.
    expect(results?.numPassedTests).toBeGreaterThan(150);
  });
});
