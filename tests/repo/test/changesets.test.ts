/**
 * What a release does, shown on a temporary copy of the repository's manifests and changesets config
 * (no sources, no node_modules): a changeset naming one provider, `changeset version`, and which packages
 * `pnpm publish -r --dry-run` would then publish.
 *
 * No @pdg package is on the npm registry yet, so against it every package would count as new and the
 * dry run would list all of them. To make the list mean something, the dry run asks a registry of our own
 * (on 127.0.0.1) that holds what a real one would hold after the previous release: every package at the
 * version the copy had before `changeset version`. pnpm asks it for each package and skips the versions it
 * already has, exactly as `changeset publish` skips versions already on npm.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const rootRequire = createRequire(join(root, 'package.json'));
const changesetBin = join(
  dirname(rootRequire.resolve('@changesets/cli/package.json')),
  JSON.parse(readFileSync(rootRequire.resolve('@changesets/cli/package.json'), 'utf8')).bin.changeset,
);
const provider = '@pdg/jobs-jobboard';

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}
/** Runs a command without blocking this process, which answers the dry run's registry requests meanwhile. */
function run(file: string, args: string[], cwd: string) {
  return new Promise<Result>((resolve) => {
    execFile(file, args, { cwd, timeout: 300_000, maxBuffer: 64 << 20 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) || 1 : 0, stdout, stderr }),
    );
  });
}
const output = (result: Result) => `exit ${result.code}\n${result.stdout}\n${result.stderr}`;

interface WorkspacePackage {
  name: string;
  path: string;
  private?: boolean;
}
let workspace: { name: string; dir: string; private: boolean }[];
const copies: string[] = [];

beforeAll(async () => {
  const list = await run('pnpm', ['ls', '-r', '--depth', '-1', '--json'], root);
  if (list.code !== 0) throw new Error(`pnpm ls failed:\n${output(list)}`);
  workspace = (JSON.parse(list.stdout) as WorkspacePackage[]).map((pkg) => ({
    name: pkg.name,
    dir: relative(root, pkg.path),
    private: pkg.private === true,
  }));
});
afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
});

/**
 * A copy of what `changeset version` and `pnpm publish` read: the workspace file, every package.json and
 * the changesets config (not the pending changesets: each scenario writes its own). `publishedVersion`
 * sets every published package's version, as after an earlier release.
 */
function copyOfRepository(
  options: { publishedVersion?: string; config?: Record<string, unknown> } = {},
): Record<string, string> & { dir: string } {
  const copy = mkdtempSync(join(tmpdir(), 'pdg-changesets-'));
  copies.push(copy);
  cpSync(join(root, 'pnpm-workspace.yaml'), join(copy, 'pnpm-workspace.yaml'));
  mkdirSync(join(copy, '.changeset'));
  const config = JSON.parse(readFileSync(join(root, '.changeset', 'config.json'), 'utf8'));
  writeFileSync(join(copy, '.changeset', 'config.json'), JSON.stringify({ ...config, ...options.config }, null, 2));
  for (const pkg of workspace) {
    const manifest = JSON.parse(readFileSync(join(root, pkg.dir, 'package.json'), 'utf8'));
    if (options.publishedVersion && !pkg.private) manifest.version = options.publishedVersion;
    mkdirSync(join(copy, pkg.dir), { recursive: true });
    writeFileSync(join(copy, pkg.dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  }
  return Object.assign(versionsIn(copy), { dir: copy });
}

/** Every package's version in a copy, by name (private packages without a version left out). */
function versionsIn(copy: string): Record<string, string> {
  return Object.fromEntries(
    workspace.flatMap((pkg) => {
      const { version } = JSON.parse(readFileSync(join(copy, pkg.dir, 'package.json'), 'utf8'));
      return version ? [[pkg.name, version]] : [];
    }),
  );
}
const manifestIn = (copy: string, name: string) => {
  const pkg = workspace.find((candidate) => candidate.name === name);
  return JSON.parse(readFileSync(join(copy, String(pkg?.dir), 'package.json'), 'utf8'));
};
const changelogIn = (copy: string, name: string) => {
  const path = join(copy, String(workspace.find((pkg) => pkg.name === name)?.dir), 'CHANGELOG.md');
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
};

/** The packages whose version `changeset version` changed: name → new version. */
function bumped(before: Record<string, string>, after: Record<string, string>) {
  return Object.fromEntries(Object.entries(after).filter(([name, version]) => before[name] !== version));
}

async function changesetVersion(copy: string, releases: Record<string, string>, summary: string) {
  const frontMatter = Object.entries(releases).map(([name, type]) => `'${name}': ${type}`);
  writeFileSync(join(copy, '.changeset', 'one-change.md'), `---\n${frontMatter.join('\n')}\n---\n\n${summary}\n`);
  const result = await run(process.execPath, [changesetBin, 'version'], copy);
  expect(result.code, output(result)).toBe(0);
}

/**
 * `pnpm publish -r --dry-run` in the copy against a registry holding `published` (name → version):
 * the name@version of every package pnpm would publish, sorted.
 */
async function wouldPublish(copy: string, published: Record<string, string>): Promise<string[]> {
  const asked: string[] = [];
  const registry = createServer((request, response) => {
    const name = decodeURIComponent(String(request.url).slice(1).split('?')[0] ?? '');
    asked.push(name);
    const version = published[name];
    response.setHeader('content-type', 'application/json');
    if (!version) {
      response.writeHead(404).end('{"error":"Not found"}');
      return;
    }
    const manifest = { name, version, dist: { tarball: `http://127.0.0.1/${name}-${version}.tgz` } };
    response.end(JSON.stringify({ name, 'dist-tags': { latest: version }, versions: { [version]: manifest } }));
  });
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`;
    const result = await run(
      'pnpm',
      ['publish', '-r', '--dry-run', '--no-git-checks', '--json', '--registry', url],
      copy,
    );
    expect(result.code, output(result)).toBe(0);
    // pnpm asked about every published package: what it skips, it skips because the registry has it.
    expect(asked.sort()).toEqual(Object.keys(published).sort());
    return (JSON.parse(result.stdout) as { name: string; version: string }[])
      .map(({ name, version }) => `${name}@${version}`)
      .sort();
  } finally {
    await new Promise((resolve) => registry.close(resolve));
  }
}

const publishedIn = (before: Record<string, string>) =>
  Object.fromEntries(Object.entries(before).filter(([name]) => !workspace.find((pkg) => pkg.name === name)?.private));

describe(`a patch changeset naming ${provider}, at the versions in the repository (0.0.0)`, () => {
  let copy: string;
  let before: Record<string, string>;
  beforeAll(async () => {
    const { dir, ...versions } = copyOfRepository();
    copy = dir;
    before = versions;
    await changesetVersion(copy, { [provider]: 'patch' }, 'Fixes the search.');
  });

  it('bumps the provider, and the CLI, whose `workspace:^` range (^0.0.0) does not admit 0.0.1', () => {
    // The packages that depend on the provider at run time (dependencies or peerDependencies): just the CLI.
    const runtimeDependents = workspace
      .filter((pkg) => !pkg.private)
      .filter((pkg) => {
        const manifest = manifestIn(copy, pkg.name);
        return Boolean(manifest.dependencies?.[provider] ?? manifest.peerDependencies?.[provider]);
      })
      .map((pkg) => pkg.name);
    expect(runtimeDependents).toEqual(['@pdg/cli']);
    expect(bumped(before, versionsIn(copy))).toEqual({ [provider]: '0.0.1', '@pdg/cli': '0.0.1' });
  });

  it('leaves every range as `workspace:^` and does not release a package that has it as a devDependency', () => {
    expect(manifestIn(copy, '@pdg/cli').dependencies[provider]).toBe('workspace:^');
    // The MCP package's tests use the job board; nothing of it ships it.
    expect(manifestIn(copy, '@pdg/mcp').devDependencies[provider]).toBe('workspace:^');
    expect(versionsIn(copy)['@pdg/mcp']).toBe(before['@pdg/mcp']);
    expect(changelogIn(copy, '@pdg/mcp')).toBe('');
  });

  it("writes the provider's changelog from the changeset and the CLI's from the dependency it moved", () => {
    expect(changelogIn(copy, provider)).toContain('## 0.0.1\n\n### Patch Changes\n\n- Fixes the search.');
    expect(changelogIn(copy, '@pdg/cli')).toContain(`- Updated dependencies\n  - ${provider}@0.0.1`);
  });

  it('pnpm publish -r --dry-run would publish exactly the two bumped packages', async () => {
    expect(await wouldPublish(copy, publishedIn(before))).toEqual(['@pdg/cli@0.0.1', `${provider}@0.0.1`]);
  });
});

describe('the same changeset after the first release (every published package at 0.1.0)', () => {
  let copy: string;
  let before: Record<string, string>;
  beforeAll(async () => {
    const { dir, ...versions } = copyOfRepository({ publishedVersion: '0.1.0' });
    copy = dir;
    before = versions;
    await changesetVersion(copy, { [provider]: 'patch' }, 'Fixes the search.');
  });

  it('bumps the provider alone: 0.1.1 is inside the ^0.1.0 the CLI was published with', () => {
    expect(bumped(before, versionsIn(copy))).toEqual({ [provider]: '0.1.1' });
    expect(changelogIn(copy, '@pdg/cli')).toBe('');
  });

  it('pnpm publish -r --dry-run would publish exactly that provider', async () => {
    expect(await wouldPublish(copy, publishedIn(before))).toEqual([`${provider}@0.1.1`]);
  });
});

describe('updateInternalDependencies, for a dependent released in the same version run', () => {
  /** The CLI and the provider both patched at 0.1.0, with `updateInternalDependencies` set to `setting`. */
  async function cliAndProvider(setting: string) {
    const { dir, ...before } = copyOfRepository({
      publishedVersion: '0.1.0',
      config: { updateInternalDependencies: setting },
    });
    await changesetVersion(dir, { [provider]: 'patch', '@pdg/cli': 'patch' }, 'Fixes the search.');
    return { bumped: bumped(before, versionsIn(dir)), changelog: changelogIn(dir, '@pdg/cli') };
  }

  it("'patch' (the repository's setting): the CLI's changelog names the provider's patch", async () => {
    const config = JSON.parse(readFileSync(join(root, '.changeset', 'config.json'), 'utf8'));
    expect(config.updateInternalDependencies).toBe('patch');
    const { bumped: versions, changelog } = await cliAndProvider('patch');
    expect(versions).toEqual({ [provider]: '0.1.1', '@pdg/cli': '0.1.1' });
    expect(changelog).toContain(`- Updated dependencies\n  - ${provider}@0.1.1`);
  });

  it("'minor': the same versions, and the CLI's changelog leaves the provider's patch out", async () => {
    const { bumped: versions, changelog } = await cliAndProvider('minor');
    expect(versions).toEqual({ [provider]: '0.1.1', '@pdg/cli': '0.1.1' });
    expect(changelog).toContain('- Fixes the search.');
    expect(changelog).not.toContain('Updated dependencies');
  });
});
