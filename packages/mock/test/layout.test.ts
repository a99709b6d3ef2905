/**
 * The mock's layout as ARCHITECTURE.md tells it: every file of `src` named there (and every one named there
 * exists), and no function longer than a reader can hold (`scripts/long-functions.mjs`).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const src = fileURLToPath(new URL('../src/', import.meta.url));

const sourceFiles = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.ts'))
  .map((path) => path.split('\\').join('/'))
  .sort();
const architecture = readFileSync(`${root}ARCHITECTURE.md`, 'utf8');
const linked = [...architecture.matchAll(/\]\(packages\/mock\/src\/([^)#]+\.ts)\)/g)].map(
  (match) => match[1] as string,
);

describe("ARCHITECTURE.md's account of the mock", () => {
  it('links every source file of the mock', () => {
    expect(sourceFiles.length).toBeGreaterThan(15);
    expect(sourceFiles.filter((file) => !linked.includes(file))).toEqual([]);
  });

  it('links no mock file that does not exist', () => {
    expect(linked.filter((file) => !sourceFiles.includes(file))).toEqual([]);
  });
});

describe("the mock's functions", () => {
  it('are none over 120 lines', () => {
    const run = spawnSync(process.execPath, ['scripts/long-functions.mjs', '--max', '120', 'packages/mock/src'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/ 0 over 120 lines\.\n$/);
    expect(run.status).toBe(0);
  });

  it('are measured by a check that fails on a long one', () => {
    const run = spawnSync(process.execPath, ['scripts/long-functions.mjs', '--max', '40', 'packages/mock/src'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/world-answer\.ts:\d+ {2}worldAnswer\n/);
  });
});
