/**
 * Every TypeScript block of every README compiles and runs, as a user copying it would find. The
 * blocks are compiled together in one project set up as the root README says (`"type": "module"`, its
 * tsconfig.json), made stricter still with `exactOptionalPropertyTypes` and `declaration`; then each runnable block runs
 * with Node against the mock gateway (`pdg mock`), with `PDG_BASE_URL` and `PDG_API_KEY` set as the
 * README says, and must exit with 0.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConsumerProject,
  consumerProject,
  type Diagnostic,
  formatDiagnostics,
  type ProcessResult,
} from './consumer-project.js';
import { type RunningMock, startPdgMock } from './mock-gateway.js';
import { jsonBlocks, readmes, readmeText, tsBlocks } from './readme-blocks.js';

const rootReadme = readmeText('README.md');
const blocks = readmes().flatMap((readme) => tsBlocks(readme, readmeText(readme)));

/** The tsconfig.json the root README gives for a project that runs the examples. */
function readmeTsconfig(): { compilerOptions: Record<string, unknown> } {
  const tsconfig = jsonBlocks(rootReadme).find(
    (block): block is { compilerOptions: Record<string, unknown> } =>
      typeof block === 'object' && block !== null && 'compilerOptions' in block,
  );
  if (!tsconfig) throw new Error('README.md has no ```json block with the tsconfig.json of a project');
  return tsconfig;
}

let project: ConsumerProject;
let mock: RunningMock;

/** The environment a block runs in: the mock gateway and a key, as the README says to set them. */
const blockEnv = () => ({ ...process.env, PDG_BASE_URL: mock.url, PDG_API_KEY: 'readme-example-key', PDG_DEBUG: '' });

interface VitestFileResult {
  readonly name: string;
  readonly status: string;
  readonly message: string;
  readonly assertionResults: readonly unknown[];
}
let vitestBlocks: Promise<{ run: ProcessResult; files: VitestFileResult[] }> | undefined;
/**
 * The blocks that are vitest files, run by one `vitest run` (each file still in a worker of its own), whose
 * JSON report tells each file's outcome apart. Started by the first test that needs it.
 */
function vitestBlocksRun(): Promise<{ run: ProcessResult; files: VitestFileResult[] }> {
  vitestBlocks ??= (async () => {
    const report = 'vitest-blocks.json';
    const run = await project.run(
      process.execPath,
      [
        join(project.dir, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        ...blocks.filter((block) => block.vitest && block.notRun === undefined).map((block) => block.file),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      blockEnv(),
    );
    let files: VitestFileResult[] = [];
    try {
      files = (JSON.parse(readFileSync(join(project.dir, report), 'utf8')) as { testResults: VitestFileResult[] })
        .testResults;
    } catch (error) {
      throw new Error(
        `vitest wrote no report (${error}); exit ${run.code}\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`,
      );
    }
    return { run, files };
  })();
  return vitestBlocks;
}
const diagnostics = new Map<string, Diagnostic[]>();

beforeAll(async () => {
  project = consumerProject({ packageJson: { type: 'module' }, tsconfig: readmeTsconfig() });
  for (const block of blocks) project.write(block.file, block.code);
  // The compile and the mock's start overlap: neither needs the other.
  const [compiled, started] = await Promise.all([
    project.compile(
      blocks.map((block) => block.file),
      // Declarations too, so an example that exports (a client, say) is held to what a library compiles.
      { exactOptionalPropertyTypes: true, declaration: true, outDir: 'out', rootDir: '.' },
    ),
    startPdgMock(),
  ]);
  mock = started;
  for (const diagnostic of compiled) {
    diagnostics.set(diagnostic.file, [...(diagnostics.get(diagnostic.file) ?? []), diagnostic]);
  }
});

afterAll(async () => {
  await mock?.stop();
  project?.remove();
});

it('the root README sets a project up as an ES module, which top-level await needs', () => {
  expect(rootReadme).toContain('"type": "module"');
  expect(readmeTsconfig().compilerOptions).toMatchObject({ strict: true });
});

it('the READMEs hold TypeScript blocks: the root, core and every provider', () => {
  const readmesWithBlocks = new Set(blocks.map((block) => block.readme));
  expect(readmesWithBlocks).toContain('README.md');
  expect(readmesWithBlocks).toContain('packages/core/README.md');
  for (const readme of readmes().filter((path) => path.startsWith('packages/providers/'))) {
    expect(readmesWithBlocks, `${readme} has no TypeScript block`).toContain(readme);
  }
});

it('the compiled program has no error outside the blocks (a library, an option)', () => {
  const elsewhere = [...diagnostics].filter(([file]) => !blocks.some((block) => block.file === file));
  expect(formatDiagnostics(elsewhere.flatMap(([, list]) => list))).toBe('');
});

describe.each(blocks)('$readme, the block at line $line', (block) => {
  it('compiles under strict and exactOptionalPropertyTypes', () => {
    const errors = (diagnostics.get(block.file) ?? []).map((diagnostic) => ({
      ...diagnostic,
      // The README's own line, for the one who fixes it.
      file: block.readme,
      line: block.line + diagnostic.line,
    }));
    expect(formatDiagnostics(errors)).toBe('');
  });

  // A block marked `<!-- not run: why -->` gets no run test at all (rather than a skipped one).
  if (block.notRun !== undefined) return;
  it(`runs against the mock gateway${block.vitest ? ', as a vitest file' : ''}`, async () => {
    if (block.vitest) {
      const { run, files } = await vitestBlocksRun();
      const file = files.find((result) => result.name === join(project.dir, block.file));
      const outcome = `${file?.message ?? ''}\nvitest's stdout:\n${run.stdout}\nstderr:\n${run.stderr}`;
      expect(file?.status, `the vitest run of ${block.file}: ${outcome}`).toBe('passed');
      expect(file?.assertionResults.length, outcome).toBeGreaterThan(0);
      // Nothing failed outside a file's tests either (an unhandled error makes vitest exit with 1).
      if (files.every((result) => result.status === 'passed')) expect(run.code, outcome).toBe(0);
      return;
    }
    const result = await project.run(process.execPath, [`out/${block.file.replace(/\.ts$/, '.js')}`], blockEnv());
    expect(result.code, `exit code; stdout:\n${result.stdout}\nstderr:\n${result.stderr}`).toBe(0);
  });
});
