/**
 * A client can be exported from a module compiled with `declaration: true`: its declaration names each
 * provider's type by a name the provider's package exports (`FilmdbProvider`), so it compiles (rather than
 * TS4023, "has or is using name 'advancedSearch' ... but cannot be named"), and another module typed by
 * that declaration alone calls the client as the original would. Against the built packages.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of the repository, without types.
import { providerPackages } from '../../../scripts/registry.mjs';
import {
  type ConsumerProject,
  consumerProject,
  formatDiagnostics,
  nodeModuleOptions,
  readFixture,
} from './consumer-project.js';

let project: ConsumerProject;

beforeAll(() => {
  project = consumerProject({
    packageJson: { type: 'module' },
    tsconfig: {
      compilerOptions: {
        ...nodeModuleOptions,
        exactOptionalPropertyTypes: true,
        declaration: true,
        emitDeclarationOnly: true,
        rootDir: 'src',
        outDir: 'types',
      },
    },
  });
});

afterAll(() => project?.remove());

it('a module exporting a client of two providers compiles with declaration: true, naming their exported types', async () => {
  project.write('src/exported-client.ts', readFixture('exported-client.ts'));
  expect(formatDiagnostics(await project.compile(['src/exported-client.ts']))).toBe('');
  expect(readFileSync(join(project.dir, 'types', 'exported-client.d.ts'), 'utf8')).toContain(
    'export declare const pdg: import("@pdg/core").PdgClient<readonly [import("@pdg/movie-filmdb").FilmdbProvider, import("@pdg/social-media-forum").ForumProvider]>;',
  );
});

it('another module, typed by that declaration alone, calls the exported client with the same types', async () => {
  // Beside the emitted declaration, with no source of the client: `./exported-client.js` resolves to it.
  project.write('types/exported-client-use.ts', readFixture('exported-client-use.ts'));
  const diagnostics = await project.compile(['types/exported-client-use.ts'], {
    noEmit: true,
    declaration: false,
    emitDeclarationOnly: false,
    rootDir: '.',
  });
  expect(formatDiagnostics(diagnostics)).toBe('');
});

it('every provider package names its type: a client of all of them exports', async () => {
  const packages = providerPackages() as { name: string; exportName: string }[];
  expect(packages.length).toBeGreaterThan(0);
  project.write(
    'src/every-provider.ts',
    [
      "import { createClient } from '@pdg/core';",
      ...packages.map((pkg) => `import { ${pkg.exportName} } from '${pkg.name}';`),
      `export const pdg = createClient({ providers: [${packages.map((pkg) => pkg.exportName).join(', ')}] });`,
      '',
    ].join('\n'),
  );
  expect(formatDiagnostics(await project.compile(['src/every-provider.ts']))).toBe('');
  const declaration = readFileSync(join(project.dir, 'types', 'every-provider.d.ts'), 'utf8');
  for (const pkg of packages) expect(declaration).toMatch(new RegExp(`import\\("${pkg.name}"\\)\\.\\w+Provider\\b`));
});
