/**
 * The TypeScript code blocks of the READMEs: the root's and every workspace package's. A block is
 * compiled, then run against the mock gateway, unless the line before its fence says why it is not run:
 * `<!-- not run: a Redis server at that address -->`. A block that imports `vitest` (or the testkit's
 * vitest entry points) is a test file, and is run by vitest.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
// @ts-expect-error: a plain .mjs script of the repository, without types.
import { workspacePackages } from '../../../scripts/workspace.mjs';
import { root } from './consumer-project.js';

export interface ReadmeBlock {
  /** The README, relative to the repository: `packages/core/README.md`. */
  readonly readme: string;
  /** The line of the opening fence. */
  readonly line: number;
  readonly code: string;
  /** Why the block is compiled but not run; undefined when it runs. */
  readonly notRun: string | undefined;
  /** A test file for vitest (it imports `vitest`, `@pdg/testkit/vitest` or `@pdg/testkit/conformance`). */
  readonly vitest: boolean;
  /** Where the block is written in the consumer project. */
  readonly file: string;
}

const notRunMarker = /^<!-- not run: (.+) -->$/;

/** Every README of the repository: the root's, then each workspace package's, in path order. */
export function readmes(): string[] {
  const paths = (workspacePackages() as { path: string }[]).map((pkg) => relative(root, join(pkg.path, 'README.md')));
  return ['README.md', ...paths.sort()];
}

export function readmeText(readme: string): string {
  try {
    return readFileSync(join(root, readme), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

/** The blocks fenced as ```ts or ```typescript in one README, indented ones (in a list item) included. */
export function tsBlocks(readme: string, text: string): ReadmeBlock[] {
  const lines = text.split('\n');
  const blocks: ReadmeBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const indent = /^( *)```(?:ts|typescript)\s*$/.exec(lines[index] as string)?.[1];
    if (indent === undefined) continue;
    const end = lines.findIndex((line, at) => at > index && line.trim() === '```');
    if (end === -1) throw new Error(`${readme}:${index + 1}: a code block that is never closed`);
    const code = `${lines
      .slice(index + 1, end)
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
      .join('\n')}\n`;
    const before = lines
      .slice(0, index)
      .reverse()
      .find((line) => line.trim() !== '');
    const notRun = notRunMarker.exec(before?.trim() ?? '')?.[1];
    const vitest = /from ['"](vitest|@pdg\/testkit\/(vitest|conformance))['"]/.test(code);
    const name = readme === 'README.md' ? 'root' : readme.replace(/\/README\.md$/, '').replaceAll('/', '-');
    blocks.push({
      readme,
      line: index + 1,
      code,
      notRun,
      vitest,
      file: `blocks/${name}/line-${index + 1}${vitest ? '.test' : ''}.ts`,
    });
    index = end;
  }
  return blocks;
}

/** The fenced ```json blocks of a README, parsed. */
export function jsonBlocks(text: string): unknown[] {
  return [...text.matchAll(/^```json\n([\s\S]*?)^```/gm)].map((match) => JSON.parse(match[1] as string));
}
