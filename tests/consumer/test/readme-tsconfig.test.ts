/**
 * The root README's tsconfig.json, as a user's project lays it out: the code in `src/`, compiled by `tsc -p .`
 * with TypeScript 6 and with TypeScript 7 (what `npm install -D typescript` picks since 7.0), into `dist/`,
 * which runs. Without `rootDir`, both stop with TS5011 ("The common source directory ... is './src'").
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsumerProject, consumerProject } from './consumer-project.js';
import { type RunningMock, startPdgMock } from './mock-gateway.js';
import { jsonBlocks, readmeText, tsBlocks } from './readme-blocks.js';

const require = createRequire(import.meta.url);
/** Each TypeScript this test compiles with: its major version and its `tsc`. */
const compilers = [
  ['typescript', 6],
  ['typescript-7', 7],
].map(([name, major]) => {
  const folder = dirname(require.resolve(`${name}/package.json`));
  const { version } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string };
  return { major: Number(major), version, tsc: join(folder, 'bin', 'tsc') };
});

const readme = readmeText('README.md');
/** The whole tsconfig.json the README gives (not only its compilerOptions: `include` too). */
const tsconfig = jsonBlocks(readme).find(
  (block): block is { compilerOptions: Record<string, unknown> } =>
    typeof block === 'object' && block !== null && 'compilerOptions' in block,
);
/** The README's first example, as a user's src/index.ts. */
const firstExample = tsBlocks('README.md', readme).find((block) => block.notRun === undefined && !block.vitest);

let mock: RunningMock;
beforeAll(async () => {
  mock = await startPdgMock();
});
afterAll(async () => {
  await mock?.stop();
});

it('the README gives a tsconfig.json and a runnable first example', () => {
  expect(tsconfig).toBeDefined();
  expect(firstExample).toBeDefined();
});

describe.each(compilers)('TypeScript $major ($version)', ({ major, version, tsc }) => {
  let project: ConsumerProject;
  afterAll(() => project?.remove());

  it('compiles src/index.ts with the README tsconfig.json into dist/index.js, which runs', async () => {
    expect(version.split('.')[0]).toBe(String(major));
    project = consumerProject({
      packageJson: { type: 'module' },
      tsconfig: tsconfig as { compilerOptions: Record<string, unknown> },
    });
    project.write('src/index.ts', String(firstExample?.code));
    const compiled = spawnSync(process.execPath, [tsc, '-p', '.'], { cwd: project.dir, encoding: 'utf8' });
    // tsc prints nothing when the program compiles; its errors name the file, line and code otherwise.
    expect(`${compiled.stdout}${compiled.stderr}`).toBe('');
    expect(compiled.status).toBe(0);
    expect(existsSync(join(project.dir, 'dist', 'index.js'))).toBe(true);
    const env = { ...process.env, PDG_BASE_URL: mock.url, PDG_API_KEY: 'readme-example-key', PDG_DEBUG: '' };
    const ran = await project.run(process.execPath, ['dist/index.js'], env);
    expect(ran.code, `stdout:\n${ran.stdout}\nstderr:\n${ran.stderr}`).toBe(0);
  });
});
