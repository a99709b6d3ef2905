/** The CLI, its mock gateway and the README list exactly the provider packages of the workspace. */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

it('the provider registry is up to date (else: run `pnpm registry`)', () => {
  const check = spawnSync('node', ['scripts/registry.mjs', '--check'], { cwd: root, encoding: 'utf8' });
  expect(check.stderr).toBe('');
  expect(check.status).toBe(0);
});
