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
  type Diagnostic,
  formatDiagnostics,
  nodeModuleOptions,
  readFixture,
} from './consumer-project.js';

let project: ConsumerProject;
const packages = providerPackages() as { name: string; exportName: string }[];
/** The two exporting modules, compiled as one program; each test reads its own file's diagnostics. */
const exporting = ['src/exported-client.ts', 'src/every-provider.ts'] as const;
let exportingDiagnostics: Diagnostic[] = [];
/** A module's diagnostics and those of no exporting module (an option, a library), which concern both. */
const diagnosticsOf = (file: (typeof exporting)[number]) =>
  exportingDiagnostics.filter(
    (diagnostic) => diagnostic.file === file || !exporting.some((name) => name === diagnostic.file),
  );

beforeAll(async () => {
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
  project.write('src/exported-client.ts', readFixture('exported-client.ts'));
  project.write(
    'src/every-provider.ts',
    [
      "import { createClient } from '@pdg/core';",
      ...packages.map((pkg) => `import { ${pkg.exportName} } from '${pkg.name}';`),
      `export const pdg = createClient({ providers: [${packages.map((pkg) => pkg.exportName).join(', ')}] });`,
      '',
    ].join('\n'),
  );
  exportingDiagnostics = await project.compile(exporting);
});

afterAll(() => project?.remove());

it('a module exporting a client of two providers compiles with declaration: true, naming their exported types', () => {
  expect(formatDiagnostics(diagnosticsOf('src/exported-client.ts'))).toBe('');
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

it('every provider package names its type: a client of all of them exports', () => {
  expect(packages.length).toBeGreaterThan(0);
  expect(formatDiagnostics(diagnosticsOf('src/every-provider.ts'))).toBe('');
  const declaration = readFileSync(join(project.dir, 'types', 'every-provider.d.ts'), 'utf8');
  for (const pkg of packages) expect(declaration).toMatch(new RegExp(`import\\("${pkg.name}"\\)\\.\\w+Provider\\b`));
});
