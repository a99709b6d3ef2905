// `check-package` of a published package, run from its directory: publint, then Are the Types Wrong on the
// tarball as `pnpm pack` makes it. The tarball is packed into a temporary folder outside the package, and
// removed however the check ends (attw's own `--pack` writes it into the package, where a stopped run
// left it behind). `--no-types` runs publint alone (a package without type entries, such as the CLI).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;

let status = run('publint', ['--strict']);
if (status === 0 && !process.argv.includes('--no-types')) {
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
  try {
    status =
      spawnSync('pnpm', ['pack', '--pack-destination', dir], { stdio: ['ignore', 'ignore', 'inherit'] }).status ?? 1;
    const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
    if (status === 0 && tarball) status = run('attw', [join(dir, tarball), '--profile', 'esm-only']);
    else if (status === 0) status = 1;
  } finally {
    cleanUp();
  }
}
process.exit(status);
