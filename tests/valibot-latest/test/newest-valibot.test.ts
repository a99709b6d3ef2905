/**
 * Core's suite against the newest valibot 1.x the npm registry has, beside the locked one core's own tests
 * use: every provider package accepts any `valibot ^1`, so a release that changes what core relies on must
 * fail here, not in an installed app. The newest version is asked for when the test runs (the lockfile would
 * keep it from CI otherwise), or taken from PDG_VALIBOT_NEWEST, which `pnpm test` sets after asking once
 * (turbo hashes it, so the result is cached until a newer valibot is published); without the registry this
 * test fails saying so, and no other test needs it. When the newest is the locked one, core's own run
 * (`@pdg/core#test`, which turbo runs first) is that run: its report must show it passed, newer than core's
 * sources and tests; the suite runs a second time only against a newer valibot.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
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

/** The newest valibot 1.x published (prereleases aside): PDG_VALIBOT_NEWEST when given, else asked for. */
function newestValibot(): string {
  const given = process.env.PDG_VALIBOT_NEWEST;
  if (given) {
    if (!/^1\.\d+\.\d+$/.test(given)) throw new Error(`PDG_VALIBOT_NEWEST is "${given}", not a valibot 1.x version.`);
    return given;
  }
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

const core = join(here, '..', '..', 'packages', 'core');

/** The newest modification time of the files under `dir`, in ms. */
function newestChange(dir: string): number {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .reduce((newest, entry) => Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs), 0);
}

/**
 * Core's own report (test-results.json) when it is of the current sources and tests, else undefined:
 * `pnpm test` runs (or restores) core's tests before this one, so there it is always current.
 */
function coreOwnReport(): Report | undefined {
  const file = join(core, 'test-results.json');
  if (!existsSync(file)) return undefined;
  const written = statSync(file).mtimeMs;
  if (written < Math.max(newestChange(join(core, 'src')), newestChange(join(core, 'test')))) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as Report;
}

describe('core against the newest valibot 1.x', () => {
  it("passes core's whole test suite", () => {
    const version = newestValibot();
    const lockedManifest = join(core, 'node_modules', 'valibot', 'package.json');
    const locked = (JSON.parse(readFileSync(lockedManifest, 'utf8')) as { version: string }).version;
    const own = version === locked ? coreOwnReport() : undefined;
    if (own) {
      // The newest valibot is the one core's own tests ran with: no second run of the same suite.
      console.log(
        `core's suite with valibot ${version} (the locked one, core's own run): ${own.numPassedTests} of ${own.numTotalTests} tests passed`,
      );
      expect(own.numFailedTests).toBe(0);
      expect(own.numPassedTests).toBeGreaterThan(150);
      return;
    }
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
