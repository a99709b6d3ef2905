/**
 * The GitHub workflows: each file is valid against GitHub's workflow schema (action-validator, from the npm
 * registry, which carries the schema and runs offline), a broken copy is refused, CI runs what .ci/run
 * runs on Node 22 and 24 with a Redis server, the release job publishes with provenance, and the API
 * reference site is published to GitHub Pages.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const workflowsDir = join(root, '.github', 'workflows');
const validator = createRequire(import.meta.url).resolve('@action-validator/cli/cli.mjs');
const read = (path: string) => readFileSync(path, 'utf8');
/** A GitHub expression as the workflow writes it: `${{ matrix.node }}`. */
const expression = (text: string) => `\${{ ${text} }}`;

/** action-validator's verdict on one file: exit code, and the schema errors as JSON on stderr. */
function validate(path: string) {
  const result = spawnSync(process.execPath, [validator, path], { encoding: 'utf8', env: { ...process.env } });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}
interface Job {
  steps: Step[];
  strategy?: { matrix?: Record<string, unknown[]> };
  services?: Record<string, { image: string; ports?: string[] }>;
  env?: Record<string, unknown>;
  permissions?: Record<string, string>;
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}
const workflow = (file: string) => parse(read(join(workflowsDir, file))) as Workflow;

const scratch = mkdtempSync(join(tmpdir(), 'pdg-workflows-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('every workflow file is valid against the GitHub workflow schema', () => {
  const files = readdirSync(workflowsDir).filter((file) => /\.ya?ml$/.test(file));

  it('there are the CI and release workflows', () => {
    expect(files.sort()).toEqual(['ci.yml', 'release.yml']);
  });

  it.each(files)('%s', (file) => {
    const { code, output } = validate(join(workflowsDir, file));
    expect(output).toBe('');
    expect(code).toBe(0);
  });

  it.each([
    ['a misspelt job key', 'ci.yml', '    runs-on: ubuntu-latest', '    runs-onn: ubuntu-latest', "'runs-onn'"],
    ['a step that neither runs nor uses', 'ci.yml', '      - run: pnpm test', '      - runs: pnpm test', 'steps/'],
    ['a permission that is not read, write or none', 'release.yml', 'id-token: write', 'id-token: mint', 'id-token'],
  ])('refuses a copy with %s, naming where', (_, file, from, to, named) => {
    const original = read(join(workflowsDir, file));
    expect(original).toContain(from);
    const broken = join(scratch, file);
    writeFileSync(broken, original.replace(from, to));
    const { code, output } = validate(broken);
    expect(code).toBe(1);
    expect(output).toContain(named);
  });
});

describe('ci.yml', () => {
  const ci = workflow('ci.yml');
  const [job] = Object.values(ci.jobs);
  const runs = (job?.steps ?? []).flatMap((step) => (step.run ? [step.run.trim()] : []));

  it('runs on pushes to main and on pull requests, on Node 22 and 24', () => {
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
    expect(job?.strategy?.matrix?.node).toEqual([22, 24]);
    const setupNode = job?.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(setupNode?.with?.['node-version']).toBe(expression('matrix.node'));
  });

  it("runs every command .ci/run runs, in the same order (the frozen install, the runtimes, the README's pnpm test)", () => {
    // The commands .ci/run runs at the top level, once its toolchain is in place.
    const ciRun = read(join(root, '.ci', 'run'))
      .split('\n')
      .filter((line) => /^(pnpm|node scripts\/)/.test(line));
    expect(ciRun).toEqual(['pnpm install --frozen-lockfile', 'node scripts/runtimes.mjs', 'pnpm test']);
    expect(runs.filter((command) => ciRun.includes(command))).toEqual(ciRun);
    expect(read(join(root, 'README.md'))).toContain('\npnpm test\n');
  });

  it('gives the runtime matrix a Chromium in PDG_CHROMIUM before the tests, as .ci/run does', () => {
    expect(read(join(root, '.ci', 'run'))).toContain('export PDG_CHROMIUM');
    const chromium = runs.findIndex((command) => command.includes('PDG_CHROMIUM=') && command.includes('$GITHUB_ENV'));
    expect(chromium).toBeGreaterThanOrEqual(0);
    expect(chromium).toBeLessThan(runs.indexOf('pnpm test'));
  });

  it('gives the tests a Redis server, as .ci/run does, in PDG_REDIS_URL', () => {
    const redis = job?.services?.redis;
    expect(redis?.image).toMatch(/^redis:/);
    expect(redis?.ports).toContain('6379:6379');
    expect(job?.env?.PDG_REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(job?.env?.CI).toBe(true);
  });
});

describe('release.yml', () => {
  const release = workflow('release.yml');
  const [job] = Object.values(release.jobs);
  const changesets = job?.steps.find((step) => step.uses?.startsWith('changesets/action@'));
  const scripts = JSON.parse(read(join(root, 'package.json'))).scripts as Record<string, string>;

  it('runs on pushes to main, allowed to push, open pull requests and mint the OIDC token provenance needs', () => {
    expect(Object.keys(release.on)).toEqual(['push']);
    expect(release.on.push).toEqual({ branches: ['main'] });
    expect(release.permissions).toEqual({ contents: 'write', 'pull-requests': 'write', 'id-token': 'write' });
  });

  it("opens the version pull request and publishes with the repository's own scripts", () => {
    expect(changesets?.with?.version).toBe('pnpm version-packages');
    expect(changesets?.with?.publish).toBe('pnpm release');
    expect(scripts['version-packages']).toBe('changeset version');
    expect(scripts.release).toMatch(/changeset publish$/);
  });

  it('publishes the site `pnpm docs` writes to GitHub Pages, with only the permissions that takes', () => {
    const pages = release.jobs.pages;
    expect(pages?.permissions).toEqual({ contents: 'read', pages: 'write', 'id-token': 'write' });
    const steps = pages?.steps ?? [];
    expect(steps.flatMap((step) => (step.run ? [step.run] : []))).toEqual([
      'pnpm install --frozen-lockfile',
      'pnpm docs',
    ]);
    const uses = (action: string) => steps.find((step) => step.uses?.startsWith(`${action}@`));
    expect(uses('actions/upload-pages-artifact')?.with?.path).toBe('site');
    expect(uses('actions/deploy-pages')).toBeDefined();
    expect(scripts.docs).toBe('node scripts/docs.mjs');
    expect(read(join(root, 'scripts', 'docs.mjs'))).toContain("['docs', '--out', 'site'");
  });

  it('publishes with npm provenance and the NPM_TOKEN secret', () => {
    expect(changesets?.env?.NPM_CONFIG_PROVENANCE).toBe(true);
    expect(changesets?.env?.NPM_TOKEN).toBe(expression('secrets.NPM_TOKEN'));
    expect(changesets?.env?.GITHUB_TOKEN).toBe(expression('secrets.GITHUB_TOKEN'));
  });
});
