/**
 * `pdg harvest` as a user runs it, against a gateway whose listing changes between runs: the requests each
 * run sends (counted by the gateway), the `--json` summary as stdout's last line, and the refusals (an
 * unknown target, an endpoint that does not page) that send nothing. The SQL side is @pdg/store's tests.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, type ListingGateway, startListingGateway } from '../../store/test/listing-gateway.js';
import { cleanEnv, cli, runCli } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'pdg-harvest-cli-'));
let gateway: ListingGateway;

beforeAll(async () => {
  gateway = await startListingGateway(jobs(230));
});
afterAll(async () => {
  await gateway.close();
  rmSync(dir, { recursive: true, force: true });
});

/** `pdg harvest jobs:jobboard browse --country SG --limit 50 --json` into `target`, and the requests it sent. */
async function harvest(target: string, ...extra: string[]) {
  const before = gateway.requests;
  const run = await runCli(
    ['harvest', 'jobs:jobboard', 'browse', '--country', 'SG', '--limit', '50', '--into', target, '--json', ...extra],
    { PDG_API_KEY: 'test-key', PDG_BASE_URL: gateway.url },
  );
  const lines = run.stdout.trim().split('\n');
  const summary = run.code === 0 ? JSON.parse(lines.at(-1) as string) : undefined;
  return { ...run, summary, requests: gateway.requests - before };
}

describe('pdg harvest', () => {
  it('harvests 230 jobs, then nothing new, then 7 new and 1 edited, then a full refresh', async () => {
    gateway.jobs = jobs(230);
    const target = `duckdb:${join(dir, 'jobs.duckdb')}`;
    const first = await harvest(target);
    expect(first.code, first.stderr).toBe(0);
    expect(first.requests).toBe(5);
    expect(first.summary).toMatchObject({
      table: 'jobs_jobboard_browse',
      mode: 'full',
      requests: 5,
      pages: 5,
      inserted: 230,
      updated: 0,
      unchanged: 0,
      rows: 230,
    });
    expect(Object.keys(first.summary).slice(0, 9)).toEqual([
      'table',
      'runId',
      'mode',
      'requests',
      'pages',
      'inserted',
      'updated',
      'unchanged',
      'rows',
    ]);
    expect(first.stderr).toMatch(/^done: jobs_jobboard_browse in duckdb:.*230 inserted/m);

    const again = await harvest(target);
    expect(again.requests).toBeLessThanOrEqual(2);
    expect(again.summary).toMatchObject({ mode: 'incremental', inserted: 0, updated: 0, rows: 230 });

    const listing = jobs(237);
    listing[20] = { ...(listing[20] as (typeof listing)[number]), isRemote: !listing[20]?.isRemote };
    gateway.jobs = listing;
    const changed = await harvest(target);
    expect(changed.requests).toBeLessThanOrEqual(2);
    expect(changed.summary).toMatchObject({ mode: 'incremental', inserted: 7, updated: 1, rows: 237 });

    const full = await harvest(target, '--full-refresh');
    expect(full.requests).toBe(5);
    expect(full.summary).toMatchObject({ mode: 'full', pages: 5, inserted: 0, updated: 0, unchanged: 237, rows: 237 });
  });

  it('refuses an unknown target with exit 2, naming the targets it takes, and sends nothing', async () => {
    const run = await harvest('mysql://127.0.0.1/jobs');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Unknown target "mysql://127.0.0.1/jobs"');
    expect(run.stderr).toMatch(/duckdb:FILE.*postgres:\/\/.*parquet:DIR/);
    expect(run.requests).toBe(0);
  });

  it('refuses an endpoint that does not page with exit 2, saying so, and sends nothing', async () => {
    const before = gateway.requests;
    const run = await runCli(['harvest', 'jobs:jobboard', 'job', '--jobId', 'job-00001'], {
      PDG_API_KEY: 'test-key',
      PDG_BASE_URL: gateway.url,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('jobs:jobboard job does not page');
    expect(run.stderr).toContain('browse');
    expect(gateway.requests - before).toBe(0);
  });

  it('refuses a flag that is neither a param nor an option of harvest, naming the closest', async () => {
    const run = await runCli(['harvest', 'jobs:jobboard', 'browse', '--country', 'SG', '--full-refrsh'], {
      PDG_API_KEY: 'test-key',
      PDG_BASE_URL: gateway.url,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--full-refrsh is not a param of jobs:jobboard browse nor an option of harvest');
    expect(run.stderr).toContain('--full-refresh');
  });
});

describe('pdg harvest on a slow gateway', () => {
  it('prints progress lines on stderr while it runs', async () => {
    const slow = await startListingGateway(jobs(230), { latencyMs: 600 });
    try {
      // Five pages of at least 0.6 s each: the run lasts past the first progress line (every 1.5 s).
      const run = await runCli(
        [
          'harvest',
          'jobs:jobboard',
          'browse',
          '--country',
          'SG',
          '--limit',
          '50',
          '--into',
          `duckdb:${join(dir, 'slow.duckdb')}`,
        ],
        { PDG_API_KEY: 'test-key', PDG_BASE_URL: slow.url },
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/^harvest: \d+ pages, \d+ items, \d+ inserted, \d+ updated, [\d.]+ requests\/s$/m);
    } finally {
      await slow.close();
    }
  });

  it('stops on Ctrl-C with exit 130, and the next run goes on from the last page stored', async () => {
    const held = await startListingGateway(jobs(230));
    const target = `duckdb:${join(dir, 'interrupted.duckdb')}`;
    const env = { ...cleanEnv, PDG_API_KEY: 'test-key', PDG_BASE_URL: held.url };
    try {
      held.heldPages = new Set([3]);
      const asked = held.held();
      const child = spawn(
        process.execPath,
        [cli, 'harvest', 'jobs:jobboard', 'browse', '--country', 'SG', '--limit', '50', '--into', target],
        { env, stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      await asked;
      child.kill('SIGINT');
      expect(await exited).toBe(130);
      expect(stderr).toContain('interrupted by SIGINT');
      held.heldPages = new Set();
      const before = held.requests;
      const next = await runCli(
        ['harvest', 'jobs:jobboard', 'browse', '--country', 'SG', '--limit', '50', '--into', target, '--json'],
        { PDG_API_KEY: 'test-key', PDG_BASE_URL: held.url },
      );
      expect(next.code, next.stderr).toBe(0);
      const summary = JSON.parse(next.stdout.trim().split('\n').at(-1) as string);
      // Pages 1 and 2 (or only 1, when Ctrl-C came as page 2 was written) were stored before: the rest is fetched.
      expect(summary.rows).toBe(230);
      expect(held.requests - before).toBe(Math.round(summary.inserted / 50));
      expect(summary.modeReason).toContain('goes on from the checkpoint of run');
    } finally {
      await held.close();
    }
  });
});

/** The database drivers and @pdg/store a pdg command imports, from a module hook reporting each import. */
function storeImports(args: string[]): Promise<string[]> {
  const hook = `data:text/javascript,${encodeURIComponent(
    'import { registerHooks } from "node:module"; registerHooks({ resolve(specifier, context, next) { if (/^(@pdg\\/store|@duckdb\\/|pg$)/.test(specifier)) process.stderr.write("imported " + specifier + "\\n"); return next(specifier, context); } });',
  )}`;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', hook, cli, ...args],
      { env: cleanEnv, timeout: 120_000 },
      (_error, _out, stderr) =>
        resolve([...new Set([...stderr.matchAll(/^imported (.*)$/gm)].map((match) => match[1] as string))].sort()),
    );
  });
}

describe('what pdg loads', () => {
  it('pdg run loads neither @pdg/store nor a database driver', async () => {
    expect(await storeImports(['run', 'jobs:jobboard', 'browse', '--country', 'SG', '--mock'])).toEqual([]);
  });

  it('pdg harvest into DuckDB loads DuckDB and not pg', async () => {
    const imports = await storeImports([
      'harvest',
      'jobs:jobboard',
      'browse',
      '--country',
      'SG',
      '--mock',
      '--quiet',
      '--into',
      `duckdb:${join(dir, 'loading.duckdb')}`,
    ]);
    expect(imports).toContain('@pdg/store');
    expect(imports).toContain('@duckdb/node-api');
    expect(imports).not.toContain('pg');
  });
});
