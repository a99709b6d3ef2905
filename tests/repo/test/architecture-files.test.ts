/**
 * ARCHITECTURE.md names every source file of every package beside the providers, as a link to
 * `packages/<package>/src/<path>` with a line on what it holds, and names none that is gone: a contributor
 * looking for where something lives finds it there. Core's and the mock's tables are written by hand; the
 * others are generated from each file's opening comment (`node scripts/architecture.mjs`) and must be fresh.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  architectureWithTables,
  generatedPackages,
  packageTable,
  sourceFiles,
} from '../../../scripts/architecture.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const architecture = readFileSync(`${root}ARCHITECTURE.md`, 'utf8');

const packages = readdirSync(`${root}packages`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'providers')
  .map((entry) => entry.name)
  .sort();

describe('ARCHITECTURE.md, file by file', () => {
  it('covers the packages there are (so an empty listing cannot pass)', () => {
    expect(packages).toEqual(expect.arrayContaining(['cli', 'core', 'mcp', 'mock', 'queue', 'sandbox']));
    expect(generatedPackages()).toEqual(packages.filter((name) => name !== 'core' && name !== 'mock'));
  });

  it.each(packages)('links every source file of packages/%s/src, and none that is gone', (name) => {
    const files = sourceFiles(name);
    const linked = [...architecture.matchAll(new RegExp(`\\]\\(packages/${name}/src/([^)#]+\\.ts)\\)`, 'g'))].map(
      (match) => match[1] as string,
    );
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => !linked.includes(file))).toEqual([]);
    expect(linked.filter((file) => !files.includes(file))).toEqual([]);
  });

  it('has a line for every generated file: each opens with a comment saying what it holds', () => {
    expect(generatedPackages().flatMap((name) => packageTable(name).missing)).toEqual([]);
  });

  it('has its generated tables as the files say today (run `node scripts/architecture.mjs` after a change)', () => {
    expect(architectureWithTables(architecture)).toBe(architecture);
  });
});
