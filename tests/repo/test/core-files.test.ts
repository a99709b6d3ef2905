/**
 * ARCHITECTURE.md's "Core, file by file" names every file of `packages/core/src`, and names none that is gone:
 * a contributor looking for where something lives finds it there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const src = `${root}packages/core/src/`;

const sourceFiles = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.ts'))
  .map((path) => path.split('\\').join('/'))
  .sort();
const architecture = readFileSync(`${root}ARCHITECTURE.md`, 'utf8');
const linked = [...architecture.matchAll(/\]\(packages\/core\/src\/([^)#]+\.ts)\)/g)].map(
  (match) => match[1] as string,
);

describe("ARCHITECTURE.md's account of core", () => {
  it('links every source file of core', () => {
    expect(sourceFiles.length).toBeGreaterThan(40);
    expect(sourceFiles.filter((file) => !linked.includes(file))).toEqual([]);
  });

  it('links no core file that does not exist', () => {
    expect(linked.filter((file) => !sourceFiles.includes(file))).toEqual([]);
  });
});
