/**
 * A generated client reads the document: openapi-typescript turns `pdg openapi` output into TypeScript
 * types, and every fixture's response (the bodies the mock gateway sends) type-checks against its
 * operation's 200 body with `satisfies`, under `strict`: 0 errors.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturesOf, loadProviders } from '../src/catalog.js';
import { runCli } from './run-cli.js';

/** Every provider the CLI ships with, and their fixtures. */
const providers = await loadProviders();
const allFixtures = () => fixturesOf(providers);

const dir = mkdtempSync(join(tmpdir(), 'pdg-openapi-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The errors tsc reports for the files, one line each. */
function typeErrors(files: readonly string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    // The ES2022 library alone: the files checked are data and their types, and the DOM's declarations (most
    // of what the target's default library loads, and checks with skipLibCheck off) play no part in them.
    lib: ['lib.es2022.d.ts'],
    types: [],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: false,
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file
      ? `${diagnostic.file.fileName.slice(dir.length + 1)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}`
      : '';
    return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n').slice(0, 400)}`;
  });
}

describe('openapi-typescript on pdg openapi', () => {
  it('types every fixture response of every provider with 0 errors', { timeout: 600_000 }, async () => {
    const { code, stdout } = await runCli(['openapi']);
    expect(code).toBe(0);
    const document = JSON.parse(stdout) as { paths: Record<string, { get: Record<string, unknown> }> };
    writeFileSync(join(dir, 'schema.ts'), astToString(await openapiTS(document as never)));
    const pathOf = new Map(
      Object.entries(document.paths).map(([path, item]) => [
        `${item.get['x-pdg-provider']} ${item.get['x-pdg-endpoint']}`,
        path,
      ]),
    );
    const answered = (await allFixtures()).filter((fixture) => (fixture.status ?? 200) === 200);
    const lines = [
      "import type { paths } from './schema.js';",
      "type Body<P extends keyof paths> = paths[P]['get']['responses'][200]['content']['application/json'];",
      ...answered.map(
        (fixture, index) =>
          `export const fixture${index} = ${JSON.stringify(fixture.response)} satisfies Body<${JSON.stringify(pathOf.get(`${fixture.provider} ${fixture.endpoint}`))}>;`,
      ),
    ];
    writeFileSync(join(dir, 'fixtures.ts'), `${lines.join('\n')}\n`);
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    expect(typeErrors([join(dir, 'fixtures.ts')])).toEqual([]);
    // Every provider's fixtures were checked, not a few.
    const checked = new Set(answered.map((fixture) => fixture.provider));
    expect([...checked].sort()).toEqual(providers.map((provider) => provider.id).sort());
    expect(answered.length).toBeGreaterThan(200);
  });

  it('finds the error when a response does not match (a field of the wrong type)', { timeout: 600_000 }, async () => {
    const { stdout } = await runCli(['openapi', 'music:catalogstore']);
    writeFileSync(join(dir, 'one.ts'), astToString(await openapiTS(JSON.parse(stdout))));
    writeFileSync(
      join(dir, 'wrong.ts'),
      [
        "import type { paths } from './one.js';",
        "type Body = paths['/v1/music:catalogstore/search']['get']['responses'][200]['content']['application/json'];",
        "export const wrong = { status: 'success', message: 'ok', content: { page: 'first' } } satisfies Body;",
      ].join('\n'),
    );
    expect(typeErrors([join(dir, 'wrong.ts')]).join('\n')).toMatch(
      /wrong.ts:3 Type 'string' is not assignable to type 'number'/,
    );
  });
});
