/** `pnpm pdg …` in the repository prints what `pdg` prints and nothing else: no echoed command, no pnpm notice. */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

const providerIds = readdirSync(join(root, 'packages', 'providers'))
  .map((name) => JSON.parse(readFileSync(join(root, 'packages', 'providers', name, 'package.json'), 'utf8')))
  .map((manifest: { pdg: { id: string } }) => manifest.pdg.id)
  .sort();

it('`pnpm pdg providers` prints only the provider list, one per line, and nothing on stderr', () => {
  const result = spawnSync('pnpm', ['pdg', 'providers'], { cwd: root, encoding: 'utf8' });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  const lines = result.stdout.trimEnd().split('\n');
  expect(lines.map((line) => line.split(/\s+/)[0])).toEqual(providerIds);
});

it('`pnpm exec pdg` works in the workspace, and a failing command prints only its own message', () => {
  const result = spawnSync('pnpm', ['exec', 'pdg', 'run', 'music:nope', 'search', '--mock'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(result.status).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(/^pdg: Unknown provider "music:nope"\./);
  expect(result.stderr).not.toMatch(/ELIFECYCLE|Command failed|\$ node/);
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
});

it('`pnpm pdg openapi > openapi.json` writes only the JSON document, one path per endpoint', () => {
  const result = spawnSync('pnpm', ['pdg', 'openapi'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  const document = JSON.parse(result.stdout) as { openapi: string; tags: { name: string }[]; paths: object };
  expect(document.openapi).toBe('3.1.0');
  expect(document.tags.map((tag) => tag.name).sort()).toEqual(providerIds);
  expect(Object.keys(document.paths).length).toBeGreaterThan(providerIds.length);
});
