// Where every published package says it comes from, kept in this one place: the `repository` (with the
// package's `directory`), `homepage` and `bugs` fields of its package.json, and a LICENSE file beside it,
// a copy of the root's (npm shows the license text from the tarball, so each package carries its own).
//   node scripts/package-metadata.mjs           write them (`pnpm package-metadata`; `pnpm new-provider` does)
//   node scripts/package-metadata.mjs --check   exit 1, naming each package that differs and what to run

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The repository's home: the source of the packages' links and of the provenance npm records. */
export const repository = {
  git: 'git+https://github.com/pdg-sdk/pdg.git',
  web: 'https://github.com/pdg-sdk/pdg',
  branch: 'main',
};

/** The fields a package published from `dir` (relative to the root, with `/`) must carry. */
export function metadataFor(dir) {
  return {
    repository: { type: 'git', url: repository.git, directory: dir },
    homepage: `${repository.web}/tree/${repository.branch}/${dir}#readme`,
    bugs: `${repository.web}/issues`,
  };
}

/**
 * Every package of the workspace that is published (not `private`), as its directory relative to the root,
 * from the `packages:` globs of pnpm-workspace.yaml (each `dir` or `dir/*`).
 */
export function publishedPackageDirs(base = root) {
  const globs = [...readFileSync(join(base, 'pnpm-workspace.yaml'), 'utf8').matchAll(/^\s+-\s+['"]?([^'"\s]+)/gm)]
    .map(([, glob]) => glob)
    .filter((glob) => !glob.startsWith('!'));
  const dirs = globs.flatMap((glob) => {
    if (!glob.endsWith('/*')) return [glob];
    const parent = glob.slice(0, -2);
    if (!existsSync(join(base, parent))) return [];
    return readdirSync(join(base, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`);
  });
  return dirs
    .filter((dir) => existsSync(join(base, dir, 'package.json')))
    .filter((dir) => JSON.parse(readFileSync(join(base, dir, 'package.json'), 'utf8')).private !== true)
    .sort();
}

/** The manifest with the metadata fields set, placed after `license` (where npm's own tools put them). */
function withMetadata(manifest, dir) {
  const fields = metadataFor(dir);
  const entries = Object.entries(manifest).filter(([key]) => !(key in fields));
  const at = entries.findIndex(([key]) => key === 'license') + 1 || entries.length;
  entries.splice(at, 0, ...Object.entries(fields));
  return Object.fromEntries(entries);
}

/** The files of package `dir` that differ from what they should be: [{ path, current, wanted, problem }]. */
export function metadataFiles(dir, base = root) {
  const manifestPath = join(base, dir, 'package.json');
  const manifestText = readFileSync(manifestPath, 'utf8');
  const licensePath = join(base, dir, 'LICENSE');
  const license = readFileSync(join(base, 'LICENSE'), 'utf8');
  const files = [
    {
      path: manifestPath,
      current: manifestText,
      wanted: `${JSON.stringify(withMetadata(JSON.parse(manifestText), dir), null, 2)}\n`,
      problem: 'package.json lacks or has other `repository`, `homepage` or `bugs` fields',
    },
    {
      path: licensePath,
      current: existsSync(licensePath) ? readFileSync(licensePath, 'utf8') : undefined,
      wanted: license,
      problem: 'LICENSE is missing or differs from the root LICENSE',
    },
  ];
  return files.filter((file) => file.current !== file.wanted);
}

/** Writes the metadata fields and LICENSE of package `dir`; returns the paths it changed. */
export function writeMetadata(dir, base = root) {
  const stale = metadataFiles(dir, base);
  for (const file of stale) writeFileSync(file.path, file.wanted);
  return stale.map((file) => file.path);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dirs = publishedPackageDirs();
  if (process.argv.includes('--check')) {
    const problems = dirs.flatMap((dir) => metadataFiles(dir).map((file) => `  ${dir}: ${file.problem}`));
    if (problems.length > 0) {
      console.error(
        `Package metadata out of date:\n${problems.join('\n')}\n` +
          'Run `pnpm package-metadata` and commit the result (the values are in scripts/package-metadata.mjs).',
      );
      process.exitCode = 1;
    }
  } else {
    for (const dir of dirs) {
      for (const path of writeMetadata(dir)) console.log(`Updated ${path.slice(root.length + 1)}`);
    }
  }
}
