/**
 * On a Node.js older than 22.12, `pdg` says in one line which Node it needs, and how to get one, before it
 * loads anything: not a stack trace from the first newer API it meets. The command it suggests works
 * before the first release: run in a checkout of this repository, it prints pdg's help.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { cleanEnv } from './run-cli.js';

const bin = fileURLToPath(new URL('../bin/pdg.js', import.meta.url));
const repository = fileURLToPath(new URL('../../../', import.meta.url));

/** Runs bin/pdg.js as if on Node `version`, reporting on stderr every module it goes on to import. */
function pdgOnNode(version: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const preload = `data:text/javascript,${encodeURIComponent(
    [
      'import { registerHooks } from "node:module";',
      `Object.defineProperty(process, "versions", { value: { ...process.versions, node: "${version}" } });`,
      'registerHooks({ resolve(specifier, context, next) { process.stderr.write("imported " + specifier + "\\n"); return next(specifier, context); } });',
    ].join('\n'),
  )}`;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', preload, bin, 'run', 'jobs:jobboard', 'browse', '--mock'],
      { env: cleanEnv, timeout: 240_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

it.each(['20.18.0', '22.11.0', '18.20.4'])(
  'on Node %s: one line naming the Node it needs, exit 1, nothing loaded',
  async (version) => {
    const { code, stdout, stderr } = await pdgOnNode(version);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    // Besides bin/pdg.js itself, no module is imported: not the CLI, not even node:fs.
    const lines = stderr
      .trimEnd()
      .split('\n')
      .filter((line) => line !== `imported ${pathToFileURL(bin).href}`);
    expect(lines).toEqual([
      `pdg needs Node.js 22.12 or newer, and this is Node.js ${version}: install a newer one (https://nodejs.org), or run this pdg with a Node 24 fetched for the occasion, from the folder where it is installed (your project, or this repository after pnpm install): npx -y --loglevel=error -p node@24 -c "pdg --help"`,
    ]);
  },
);

it('the command it suggests runs the pdg of this checkout on a Node 24 from the npm registry', async () => {
  const { stderr } = await pdgOnNode('20.18.0');
  const command = stderr.match(/: (npx [^\n]+)\n/)?.[1];
  expect(command, stderr).toBeDefined();
  // Not a package the npm registry does not have yet.
  expect(command).not.toMatch(/@pdg\//);
  // npx as a user runs it: without the npm_* variables pnpm sets for the scripts it runs (they steer npm).
  const env = Object.fromEntries(Object.entries(cleanEnv).filter(([key]) => !/^npm_/i.test(key)));
  const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(String(command), { cwd: repository, env, shell: true, timeout: 600_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toMatch(/^pdg: call Public-Data Gateway endpoints from a terminal\./);
  // Fetching Node 24 from the registry the first time: minutes on a slow mirror, so a limit of ten.
}, 600_000);
