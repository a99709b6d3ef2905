/**
 * Crash safety: a harvest killed with SIGKILL in the middle of its walk leaves the table consistent (every
 * page it committed, each item once), and the next run goes on from its checkpoint: only the pages left are
 * fetched, and the ledger marks the killed run `interrupted`.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, type ListingGateway, startListingGateway } from './listing-gateway.js';
import { type PostgresServer, postgresAvailable, startPostgres } from './postgres-server.js';

const child = fileURLToPath(new URL('./harvest-child.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pdg-store-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/** Runs the harvest in its own process to its end: the summary it printed. */
function harvestToEnd(gateway: ListingGateway, target: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [child, gateway.url, target], { timeout: 120_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stderr}`));
      else resolve(JSON.parse(stdout.trim().split('\n').at(-1) as string));
    });
  });
}

/** Starts the harvest in its own process, waits until it asks for page 4, and kills it. */
async function killMidWalk(gateway: ListingGateway, target: string): Promise<void> {
  gateway.heldPages = new Set([4]);
  const held = gateway.held();
  const process_: ChildProcess = spawn(process.execPath, [child, gateway.url, target], { stdio: 'ignore' });
  const exited = new Promise((resolve) => process_.once('exit', resolve));
  try {
    await Promise.race([held, exited.then(() => Promise.reject(new Error('the harvest ended before page 4')))]);
  } finally {
    process_.kill('SIGKILL');
    await exited;
    gateway.heldPages = new Set();
  }
}

async function crashAndResume(target: string, query: Query) {
  const gateway = await startListingGateway(jobs(230));
  try {
    await killMidWalk(gateway, target);
    const [afterKill] = await query(
      'SELECT count(*)::INTEGER AS "rows", count(DISTINCT "jobId")::INTEGER AS ids FROM jobs_jobboard_browse',
    );
    const before = gateway.requests;
    const summary = await harvestToEnd(gateway, target);
    const requests = gateway.requests - before;
    const runs = await query('SELECT status FROM _pdg_runs ORDER BY "startedAt"');
    const [final] = await query(
      'SELECT count(*)::INTEGER AS "rows", count(DISTINCT "jobId")::INTEGER AS ids FROM jobs_jobboard_browse',
    );
    return { afterKill, summary, requests, runs: runs.map((row) => row.status), final };
  } finally {
    await gateway.close();
  }
}

function expectResumed(result: Awaited<ReturnType<typeof crashAndResume>>) {
  // A full run commits its first page, then fetches pages while the ones before are written, committing those
  // handed over meanwhile together: when page 4 was asked for, pages 1, 1-2 or 1-3 were committed, whole, each
  // job once.
  const committed = Number(result.afterKill?.rows) / 50;
  expect([1, 2, 3]).toContain(committed);
  expect(result.afterKill).toEqual({ rows: committed * 50, ids: committed * 50 });
  // Only the pages after the checkpoint.
  expect(result.requests).toBe(5 - committed);
  expect(result.summary).toMatchObject({ inserted: 230 - committed * 50, rows: 230, status: 'completed' });
  expect(String(result.summary.modeReason)).toContain('goes on from the checkpoint of run');
  expect(result.runs).toEqual(['interrupted', 'completed']);
  expect(result.final).toEqual({ rows: 230, ids: 230 });
}

describe('a harvest killed mid-walk', () => {
  it('into DuckDB: the table holds the pages committed, and the next run fetches only the rest', async () => {
    const file = join(dir, 'crash.duckdb');
    const query: Query = async (sql) => {
      const instance = await DuckDBInstance.create(file);
      const connection = await instance.connect();
      try {
        return (await connection.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
      } finally {
        connection.closeSync();
        instance.closeSync();
      }
    };
    expectResumed(await crashAndResume(`duckdb:${file}`, query));
  });

  describe.runIf(postgresAvailable || process.env.CI === 'true')('into PostgreSQL', () => {
    let server: PostgresServer;
    const query: Query = async (sql) => {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        return (await client.query(sql)).rows;
      } finally {
        await client.end();
      }
    };
    beforeAll(async () => {
      server = await startPostgres();
      await query('DROP TABLE IF EXISTS jobs_jobboard_browse, _pdg_runs, _pdg_changes, _pdg_state');
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('the table holds the pages committed, and the next run fetches only the rest', async () => {
      expectResumed(await crashAndResume(server.url, query));
    });
  });
});
