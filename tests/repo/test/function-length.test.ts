/**
 * No function in core, the mock, the CLI or the MCP server longer than 120 lines (issue 42: inner steps that can be named, found and tested
 * alone). The count is scripts/long-functions.mjs's, which lists them: `node scripts/long-functions.mjs packages/core/src packages/mock/src packages/cli/src packages/mcp/src`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of the repository, without declarations.
import { longFunctions } from '../../../scripts/long-functions.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const maxLines = 120;

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

type Long = { name: string; line: number; lines: number };
const find = longFunctions as (text: string, fileName: string, max: number) => Long[];

describe('function length', () => {
  it('as a command, exits 1 naming each function over the bound, and 0 with "0 over" when there is none', () => {
    const script = join(root, 'scripts/long-functions.mjs');
    const over = spawnSync(process.execPath, [script, '--max', '40', 'packages/mock/src'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(over.status).toBe(1);
    expect(over.stdout).toMatch(/world-answer\.ts:\d+ {2}worldAnswer\n/);
    const none = spawnSync(process.execPath, [script, '--max', '120', 'packages/mock/src'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(none.stderr).toBe('');
    expect(none.stdout).toMatch(/ 0 over 120 lines\.\n$/);
    expect(none.status).toBe(0);
  });

  it('finds a function over the limit (the check can fail)', () => {
    const body = Array.from({ length: maxLines }, (_, index) => `  const a${index} = ${index};`).join('\n');
    const found = find(`export function long() {\n${body}\n}\nconst short = () => 1;\n`, 'long.ts', maxLines);
    expect(found).toEqual([{ name: 'long', line: 1, lines: maxLines + 2 }]);
  });

  it.each(['core', 'mock', 'cli', 'mcp'])(`no function in packages/%s/src is over ${maxLines} lines`, (name) => {
    const over = sources(join(root, `packages/${name}/src`)).flatMap((file) =>
      find(readFileSync(file, 'utf8'), file, maxLines).map(
        (found) => `${file.slice(root.length)}:${found.line} ${found.name} (${found.lines} lines)`,
      ),
    );
    expect(over).toEqual([]);
  });
});
