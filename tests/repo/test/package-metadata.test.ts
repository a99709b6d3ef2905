/**
 * Every published package says where it comes from (`repository` with its own `directory`, `homepage`,
 * `bugs`) and carries the root's LICENSE, so npm's page links to the right folder and the tarball holds the
 * license text. The packages are listed by pnpm, not by the script under test, so a package the script
 * overlooks still fails here.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const home = 'https://github.com/pdg-sdk/pdg';

interface WorkspacePackage {
  name: string;
  path: string;
  private?: boolean;
}
const published = (
  JSON.parse(
    execFileSync('pnpm', ['ls', '-r', '--depth', '-1', '--json'], { cwd: root, encoding: 'utf8' }),
  ) as WorkspacePackage[]
).filter((pkg) => !pkg.private);
const dirOf = (pkg: WorkspacePackage) => relative(root, pkg.path).split(sep).join('/');
const read = (path: string) => readFileSync(path, 'utf8');

const copies: string[] = [];
afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
});

it('the workspace publishes core, cli, mock, testkit and every provider', () => {
  const names = published.map((pkg) => pkg.name);
  expect(names).toEqual(expect.arrayContaining(['@pdg/core', '@pdg/cli', '@pdg/mock', '@pdg/testkit']));
  expect(published.filter((pkg) => dirOf(pkg).startsWith('packages/providers/')).length).toBeGreaterThanOrEqual(21);
});

describe.each(published.map((pkg) => [pkg.name, pkg] as const))('%s', (_, pkg) => {
  const dir = dirOf(pkg);
  const manifest = JSON.parse(read(join(pkg.path, 'package.json')));

  it('names the repository with its own directory, its README as homepage and the issue tracker', () => {
    expect(manifest.repository).toEqual({ type: 'git', url: `git+${home}.git`, directory: dir });
    expect(manifest.homepage).toBe(`${home}/tree/main/${dir}#readme`);
    expect(manifest.bugs).toBe(`${home}/issues`);
  });

  it("carries a README and the root's LICENSE, word for word", () => {
    expect(existsSync(join(pkg.path, 'README.md'))).toBe(true);
    expect(read(join(pkg.path, 'LICENSE'))).toBe(read(join(root, 'LICENSE')));
  });
});

describe('scripts/package-metadata.mjs on a copy of the manifests', () => {
  /** The files the script reads, copied: the workspace globs, the script, the LICENSEs and the manifests. */
  function copyOfManifests() {
    const copy = mkdtempSync(join(tmpdir(), 'pdg-metadata-'));
    copies.push(copy);
    for (const file of ['pnpm-workspace.yaml', 'LICENSE', 'package.json', 'scripts/package-metadata.mjs']) {
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      cpSync(join(root, file), join(copy, file));
    }
    for (const pkg of published) {
      mkdirSync(join(copy, dirOf(pkg)), { recursive: true });
      for (const file of ['package.json', 'LICENSE']) cpSync(join(pkg.path, file), join(copy, dirOf(pkg), file));
    }
    return copy;
  }
  const check = (copy: string, args: string[] = ['--check']) =>
    spawnSync('node', ['scripts/package-metadata.mjs', ...args], { cwd: copy, encoding: 'utf8' });

  it('--check names the package whose directory is wrong or whose LICENSE differs, and the command that fixes it', () => {
    const copy = copyOfManifests();
    expect(check(copy).status).toBe(0);
    const manifestPath = join(copy, 'packages/mock/package.json');
    const manifest = JSON.parse(read(manifestPath));
    manifest.repository.directory = 'packages/core';
    writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    writeFileSync(join(copy, 'packages/core/LICENSE'), 'Some other license\n');

    const stale = check(copy);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain('packages/mock: package.json lacks or has other `repository`');
    expect(stale.stderr).toContain('packages/core: LICENSE is missing or differs from the root LICENSE');
    expect(stale.stderr).toContain('Run `pnpm package-metadata`');

    const write = check(copy, []);
    expect(write.stdout).toContain('Updated packages/mock/package.json');
    expect(write.stdout).toContain('Updated packages/core/LICENSE');
    expect(check(copy).status).toBe(0);
    expect(JSON.parse(read(manifestPath)).repository.directory).toBe('packages/mock');
  });
});
