/**
 * `pdg openapi` output as third-party tools read it: Spectral (its `spectral:oas` rules) and Redocly (its
 * recommended rules) find no error and no warning, examples included (both check each example against its
 * schema). Both run offline, from this package's devDependencies.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const require = createRequire(import.meta.url);
const spectral = join(dirname(require.resolve('@stoplight/spectral-cli/package.json')), 'dist', 'index.js');
const redocly = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
const ruleset = fileURLToPath(new URL('./spectral.yaml', import.meta.url));

let dir: string;
let file: string;

beforeAll(async () => {
  const { code, stdout, stderr } = await runCli(['openapi']);
  expect([code, stderr]).toEqual([0, '']);
  dir = mkdtempSync(join(tmpdir(), 'pdg-openapi-lint-'));
  file = join(dir, 'openapi.json');
  writeFileSync(file, stdout);
}, 300_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs a linter with node; its JSON report on stdout whatever the exit code (1 means it found problems). */
function run(args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      {
        cwd: dir,
        // No telemetry and no update check: nothing leaves the machine.
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          SCARF_ANALYTICS: 'false',
        },
        timeout: 300_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const text = stdout.trim();
        if (text.startsWith('[') || text.startsWith('{')) resolve(text);
        else reject(new Error(`${args[0]} failed: ${error?.message}\n${stderr}`));
      },
    );
  });
}

describe('pdg openapi, linted', () => {
  it('Spectral (spectral:oas): 0 errors, 0 warnings', { timeout: 300_000 }, async () => {
    const report = JSON.parse(
      await run([spectral, 'lint', file, '--ruleset', ruleset, '--format', 'json', '--quiet']),
    ) as {
      code: string;
      severity: number;
      message: string;
      path: string[];
    }[];
    // Severity 0 is an error, 1 a warning; hints (2, 3) would be listed too.
    const found = report.map((problem) => `${problem.code} ${problem.path.join('.')}: ${problem.message}`);
    expect(found).toEqual([]);
  });

  it('Redocly (recommended): 0 errors, 0 warnings', { timeout: 300_000 }, async () => {
    const report = JSON.parse(await run([redocly, 'lint', file, '--extends=recommended', '--format=json'])) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    const found = report.problems.map(
      (problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`,
    );
    expect(found).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('Spectral finds a problem when there is one (a schema example of the wrong type)', {
    timeout: 300_000,
  }, async () => {
    const broken = join(dir, 'broken.json');
    const document = JSON.parse((await runCli(['openapi', 'music:catalogstore'])).stdout) as {
      paths: Record<string, { get: { parameters: { name: string; examples?: Record<string, { value: unknown }> }[] } }>;
    };
    const limit = document.paths['/v1/music:catalogstore/search']?.get.parameters.find((p) => p.name === 'limit');
    if (!limit) throw new Error('no limit parameter');
    limit.examples = { wrong: { value: 'many' } };
    writeFileSync(broken, JSON.stringify(document));
    const report = JSON.parse(
      await run([spectral, 'lint', broken, '--ruleset', ruleset, '--format', 'json', '--quiet']),
    ) as {
      code: string;
    }[];
    expect(report.map((problem) => problem.code)).toContain('oas3-valid-media-example');
  });
});
