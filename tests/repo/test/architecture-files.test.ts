/**
 * ARCHITECTURE.md names every file of core's and the mock's `src` ("Core, file by file", "The mock's world"),
 * and names none that is gone: a contributor looking for where something lives finds it there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const architecture = readFileSync(`${root}ARCHITECTURE.md`, 'utf8');

/** Each package with the least number of source files it has (so an empty listing cannot pass). */
const packages = [
  { name: 'core', atLeast: 40 },
  { name: 'mock', atLeast: 15 },
];

describe.each(packages)("ARCHITECTURE.md's account of packages/$name", ({ name, atLeast }) => {
  const sourceFiles = readdirSync(`${root}packages/${name}/src/`, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .map((path) => path.split('\\').join('/'))
    .sort();
  const linked = [...architecture.matchAll(new RegExp(`\\]\\(packages/${name}/src/([^)#]+\\.ts)\\)`, 'g'))].map(
    (match) => match[1] as string,
  );

  it('links every source file', () => {
    expect(sourceFiles.length).toBeGreaterThan(atLeast);
    expect(sourceFiles.filter((file) => !linked.includes(file))).toEqual([]);
  });

  it('links no file that does not exist', () => {
    expect(linked.filter((file) => !sourceFiles.includes(file))).toEqual([]);
  });
});
