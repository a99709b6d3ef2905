// `check-package` of a published package, run from its directory: publint, then Are the Types Wrong, both on
// the one tarball `pnpm pack` makes (publint would otherwise pack the package a second time itself). The
// tarball is packed into a temporary folder outside the package, and removed however the check ends (attw's
// own `--pack` writes it into the package, where a stopped run left it behind). `--no-types` runs publint
// alone (a package without type entries, such as the CLI).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;

const dir = mkdtempSync(join(tmpdir(), 'pdg-check-package-'));
const cleanUp = () => rmSync(dir, { recursive: true, force: true });
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () => {
    cleanUp();
    process.exit(code);
  });
}
let status = 1;
try {
  status =
    spawnSync('pnpm', ['pack', '--pack-destination', dir], { stdio: ['ignore', 'ignore', 'inherit'] }).status ?? 1;
  const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
  if (status === 0 && !tarball) {
    console.error(`check-package: pnpm pack wrote no tarball into ${dir}.`);
    status = 1;
  }
  if (status === 0 && tarball) status = run('publint', ['run', join(dir, tarball), '--strict']);
  if (status === 0 && tarball && !process.argv.includes('--no-types')) {
    status = run('attw', [join(dir, tarball), '--profile', 'esm-only']);
  }
} finally {
  cleanUp();
}
process.exit(status);
