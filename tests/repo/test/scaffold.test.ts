/**
 * `pnpm new-provider` on a temporary copy of the repository, so the template cannot drift from the
 * pattern: the new package must build, pass its tests and type tests, and be listed by the CLI at once.
 * The same copy shows that a provider package the registry does not list fails the check, naming the
 * command that fixes it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
let copy: string;

/** Runs a command in the copy; the output is kept for the assertion message. */
function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: copy, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  // Colour codes stripped, so assertions read the text a user sees.
  const output = stripVTControlCharacters(`${result.stdout}\n${result.stderr}`);
  return { code: result.status, output };
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'pdg-scaffold-'));
  // The tracked files and the untracked ones git does not ignore: the repository as a commit would hold it.
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(root, file), join(copy, file));
  }
  const install = run('pnpm', ['install', '--offline', '--frozen-lockfile']);
  if (install.code !== 0) throw new Error(`pnpm install in the copy failed:\n${install.output}`);
});

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('pnpm new-provider demo:sample, on a copy of the repository', () => {
  it('scaffolds a package that builds, is registered, and passes its tests and type tests', () => {
    const scaffold = run('node', ['scripts/new-provider.mjs', 'demo:sample']);
    expect(scaffold.code, scaffold.output).toBe(0);
    const check = run('node', ['scripts/registry.mjs', '--check']);
    expect(check.code, check.output).toBe(0);
    // Published like every other package: repository, homepage and bugs, and the root's LICENSE.
    const metadata = run('node', ['scripts/package-metadata.mjs', '--check']);
    expect(metadata.code, metadata.output).toBe(0);
    const dir = join(copy, 'packages', 'providers', 'demo-sample');
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).repository.directory).toBe(
      'packages/providers/demo-sample',
    );
    expect(readFileSync(join(dir, 'LICENSE'), 'utf8')).toBe(readFileSync(join(root, 'LICENSE'), 'utf8'));
    const test = run('pnpm', ['--filter', '@pdg/demo-sample', 'test']);
    expect(test.code, test.output).toBe(0);
    expect(test.output).toMatch(/Tests\s+\d+ passed \(\d+\)/);
    const types = run('pnpm', ['typecheck-providers']);
    expect(types.code, types.output).toBe(0);
    const lint = run('pnpm', ['exec', 'biome', 'check', 'packages/providers/demo-sample', 'packages/cli', 'README.md']);
    expect(lint.code, lint.output).toBe(0);
  });

  it('the CLI lists the new provider and answers its endpoint from the mock gateway', () => {
    const build = run('pnpm', ['exec', 'turbo', 'run', 'build', '--filter=@pdg/cli...', '--output-logs=errors-only']);
    expect(build.code, build.output).toBe(0);
    const providers = run('node', ['packages/cli/dist/cli.js', 'providers']);
    expect(providers.output).toContain('demo:sample');
    const call = run('node', [
      'packages/cli/dist/cli.js',
      'run',
      'demo:sample',
      'search',
      '--q',
      'harbour',
      '--limit',
      '2',
      '--mock',
    ]);
    expect(call.code, call.output).toBe(0);
    expect(call.output).toContain('Harbour Lights');
  });

  it('a provider package the registry does not list fails the check, naming the command that fixes it', () => {
    const dir = join(copy, 'packages', 'providers', 'demo-unlisted');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({
        name: '@pdg/demo-unlisted',
        description: 'pdg provider: demo:unlisted',
        pdg: { id: 'demo:unlisted' },
      }),
    );
    const check = run('node', ['scripts/registry.mjs', '--check']);
    expect(check.code).toBe(1);
    expect(check.output).toContain('Run `pnpm registry`');
    expect(check.output).toContain('packages/cli/src/providers.ts');
  });
});
