/**
 * A command loads the providers it names and nothing more: `pdg run <provider> <endpoint> --mock` imports
 * that one provider package and its fixtures, `pdg providers` none (the list comes from the generated
 * registry), so neither pays for the 20 others.
 */
import { execFile } from 'node:child_process';
import { expect, it } from 'vitest';
import { cleanEnv, cli } from './run-cli.js';

/** The @pdg packages a pdg command imports, from a module hook reporting every import it resolves. */
function pdgImports(args: string[]): Promise<{ code: number; imports: string[] }> {
  const hook = `data:text/javascript,${encodeURIComponent(
    'import { registerHooks } from "node:module"; registerHooks({ resolve(specifier, context, next) { if (specifier.startsWith("@pdg/")) process.stderr.write("imported " + specifier + "\\n"); return next(specifier, context); } });',
  )}`;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', hook, cli, ...args],
      { env: cleanEnv, timeout: 240_000 },
      (error, _stdout, stderr) =>
        resolve({
          code: error ? Number(error.code ?? 1) : 0,
          imports: [...new Set([...stderr.matchAll(/^imported (.*)$/gm)].map((match) => match[1] as string))],
        }),
    );
  });
}

const tools = ['@pdg/core', '@pdg/mock', '@pdg/mcp', '@pdg/openapi', '@pdg/testkit'];
const providerPackagesIn = (imports: readonly string[]) =>
  imports.filter((name) => !tools.some((tool) => name === tool || name.startsWith(`${tool}/`))).sort();

it('pdg run <provider> <endpoint> --mock imports that provider and its fixtures only', async () => {
  const { code, imports } = await pdgImports(['run', 'jobs:jobboard', 'browse', '--country', 'SG', '--mock']);
  expect(code).toBe(0);
  expect(providerPackagesIn(imports)).toEqual(['@pdg/jobs-jobboard', '@pdg/jobs-jobboard/fixtures']);
});

it('pdg run <provider> <endpoint> against a gateway imports that provider and no fixtures', async () => {
  const { imports } = await pdgImports(['run', 'jobs:jobboard', 'browse', '--curl']);
  expect(providerPackagesIn(imports)).toEqual(['@pdg/jobs-jobboard']);
});

it('pdg providers imports no provider package', async () => {
  const { code, imports } = await pdgImports(['providers']);
  expect(code).toBe(0);
  expect(providerPackagesIn(imports)).toEqual([]);
});
