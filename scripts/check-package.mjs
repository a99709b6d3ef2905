// `check-package` of a published package, run from its directory: publint (strict), then Are the Types Wrong
// (profile esm-only: every problem but those of the node10 and node16-cjs resolutions fails), both on the one
// tarball `pnpm pack` makes. The tarball is packed into a temporary folder outside the package, and removed
// however the check ends. `--no-types` runs publint alone (a package without type entries, such as the CLI).
//
// The checks run through the libraries' own APIs in a process shared with the other packages' checks that turbo
// runs at the same time (config/shared-process.ts): loading them and TypeScript took most of a check's time.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runShared } from '../config/shared-process.ts';

const withTypes = !process.argv.includes('--no-types');

/** The resolutions of attw's `esm-only` profile whose problems do not fail the check: ESM-only packages. */
const ignoredResolutions = ['node10', 'node16-cjs'];

const temporaryFolders = new Set();
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () => {
    for (const folder of temporaryFolders) rmSync(folder, { recursive: true, force: true });
    process.exit(code);
  });
}

/** publint's messages as its CLI groups them; whether there was an error (with `strict`, warnings are errors). */
async function publintLines(tarball) {
  const [{ publint }, { formatMessage }] = await Promise.all([import('publint'), import('publint/utils')]);
  const { messages, pkg } = await publint({
    pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) },
    strict: true,
  });
  if (messages.length === 0) return { ok: true, lines: ['publint: all good'] };
  const lines = [];
  for (const [type, heading] of [
    ['error', 'Errors'],
    ['warning', 'Warnings'],
    ['suggestion', 'Suggestions'],
  ]) {
    const ofType = messages.filter((message) => message.type === type);
    if (ofType.length > 0) lines.push(`publint ${heading}:`);
    for (const [index, message] of ofType.entries()) {
      lines.push(`${index + 1}. ${formatMessage(message, pkg, { color: false })}`);
    }
  }
  return { ok: !messages.some((message) => message.type === 'error'), lines };
}

/** Are the Types Wrong's problems outside the ignored resolutions, one line each. */
async function attwLines(tarball) {
  const [{ checkPackage, createPackageFromTarballData }, { problemKindInfo }] = await Promise.all([
    import('@arethetypeswrong/core'),
    import('@arethetypeswrong/core/problems'),
  ]);
  const analysis = await checkPackage(createPackageFromTarballData(new Uint8Array(tarball)));
  if (!analysis.types) return { ok: true, lines: ['attw: the package has no types'] };
  const problems = analysis.problems.filter(
    (problem) => !('resolutionKind' in problem) || !ignoredResolutions.includes(problem.resolutionKind),
  );
  if (problems.length === 0) return { ok: true, lines: ['attw: no problems (profile esm-only)'] };
  return {
    ok: false,
    lines: [
      'attw: problems (profile esm-only):',
      ...problems.map((problem) => {
        const { kind, trace, pos, end, ...where } = problem;
        const info = problemKindInfo[kind];
        return `- ${info.title} (${kind}) at ${JSON.stringify(where)}: ${info.description} ${info.docsUrl}`;
      }),
    ],
  };
}

/** Packs the package in `packageDir` and checks the tarball. */
async function checkPackageAt(packageDir) {
  const folder = mkdtempSync(join(tmpdir(), 'pdg-check-package-'));
  temporaryFolders.add(folder);
  try {
    const pack = spawnSync('pnpm', ['pack', '--pack-destination', folder], {
      cwd: packageDir,
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const name = readdirSync(folder).find((file) => file.endsWith('.tgz'));
    if (pack.status !== 0 || !name) {
      return { ok: false, output: `check-package: pnpm pack wrote no tarball into ${folder}.\n${pack.stderr ?? ''}` };
    }
    const tarball = readFileSync(join(folder, name));
    const lint = await publintLines(tarball);
    if (!lint.ok || !withTypes) return { ok: lint.ok, output: lint.lines.join('\n') };
    const types = await attwLines(tarball);
    return { ok: types.ok, output: [...lint.lines, ...types.lines].join('\n') };
  } catch (error) {
    return { ok: false, output: `check-package: ${error instanceof Error ? (error.stack ?? error.message) : error}` };
  } finally {
    rmSync(folder, { recursive: true, force: true });
    temporaryFolders.delete(folder);
  }
}

const self = fileURLToPath(import.meta.url);
// No task waits for a check: its process waits longer for the next package's, which comes as each build ends.
await runShared(withTypes ? 'check-package' : 'check-package-no-types', [self], process.cwd(), checkPackageAt, 5000);
