/**
 * The files the site serves besides what it builds from the catalog, written into `dist/` after tsup:
 *
 * - `dist/renderer/`: the renderer's browser build (its ES module entry and the chunks it loads on demand),
 *   copied from the `@scalar/api-reference` package, so the published package needs no renderer at run
 *   time and the page loads nothing from another host. Source-map comments are dropped (the maps, 19 MB,
 *   are not shipped).
 * - `dist/intros.json`: each provider README's introduction, by provider id, from the workspace's provider
 *   packages (`packages/providers/*`), with relative links made absolute against the package's homepage.
 *
 * Run by `pnpm build` in this package (`tsup && node scripts/assets.ts`).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readmeIntro } from '../src/intro.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const dist = join(packageDir, 'dist');
const providersDir = join(packageDir, '..', 'providers');

// The package exports no `./package.json`: its folder is found from its main entry (`dist/index.js`).
const rendererRoot = join(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), '..');
const rendererPackage = JSON.parse(readFileSync(join(rendererRoot, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  license: string;
  repository: { url: string };
};
const browserBuild = join(rendererRoot, 'dist', 'browser');

/** The ES module entry and its chunks, without their source-map comments. */
function copyRenderer(): number {
  const target = join(dist, 'renderer');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(join(target, 'chunks'), { recursive: true });
  const files = [
    'standalone.esm.js',
    ...readdirSync(join(browserBuild, 'chunks'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => `chunks/${name}`),
  ];
  let bytes = 0;
  for (const file of files) {
    const text = readFileSync(join(browserBuild, file), 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
    writeFileSync(join(target, file), text);
    bytes += Buffer.byteLength(text);
  }
  writeFileSync(
    join(target, 'NOTICE.md'),
    `The files in this folder are the browser build of ${rendererPackage.name} ${rendererPackage.version}, ` +
      `copied unchanged but for their source-map comments. License: ${rendererPackage.license} ` +
      `(${rendererPackage.repository.url.replace(/^git\+/, '').replace(/\.git$/, '')}).\n`,
  );
  return bytes;
}

/** Each provider package's README introduction, by the provider id its package.json names. */
function writeIntros(): number {
  const intros: Record<string, string> = {};
  if (existsSync(providersDir)) {
    for (const entry of readdirSync(providersDir, { withFileTypes: true })) {
      const dir = join(providersDir, entry.name);
      if (!entry.isDirectory() || !existsSync(join(dir, 'package.json')) || !existsSync(join(dir, 'README.md'))) {
        continue;
      }
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        homepage?: string;
        pdg?: { id?: string };
      };
      const id = manifest.pdg?.id;
      if (!id || !manifest.homepage) continue;
      const base = `${manifest.homepage.replace(/#.*$/, '').replace(/\/$/, '')}/`;
      intros[id] = readmeIntro(readFileSync(join(dir, 'README.md'), 'utf8'), base);
    }
  }
  writeFileSync(join(dist, 'intros.json'), `${JSON.stringify(intros, null, 2)}\n`);
  return Object.keys(intros).length;
}

const bytes = copyRenderer();
const intros = writeIntros();
console.log(
  `@pdg/docs: renderer ${rendererPackage.name} ${rendererPackage.version} (${(bytes / 1e6).toFixed(1)} MB), ${intros} provider introductions`,
);
