// The workspace's packages, as pnpm lists them, each with its manifest: one listing for the scripts that
// walk every package (`pnpm test` and its closing line).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Every package but the workspace root: `{ name, path, manifest }`. */
export function workspacePackages() {
  const listing = JSON.parse(
    execFileSync('pnpm', ['-r', 'ls', '--depth', '-1', '--json'], { cwd: root, encoding: 'utf8' }),
  );
  return listing
    .filter((pkg) => resolve(pkg.path) !== resolve(root))
    .map((pkg) => ({
      name: pkg.name,
      path: pkg.path,
      manifest: JSON.parse(readFileSync(join(pkg.path, 'package.json'), 'utf8')),
    }));
}
