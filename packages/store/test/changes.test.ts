// Which fields of a stored item changed is the database's to say, by comparing the stored row's columns with
// the new one's: a documented field, one whose members are kept in `_pdg_extra`, an undocumented one. The same
// content sent in another form (fields in another order, a time in another zone) is unchanged.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Job, jobs, startListingGateway } from './listing-gateway.js';
import { type PostgresServer, postgresAvailable, startPostgres } from './postgres-server.js';
import { harvestOnce } from './scenario.js';

const dir = mkdtempSync(join(tmpdir(), 'pdg-store-changes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The same fields, in the opposite order, nested objects' too. */
function reversed<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([name, field]) => [name, reversed(field)]),
  ) as T;
}

/** The listing after the edits, and the fields each edited job's change must name. */
function edited(listing: Job[]): { listing: Job[]; expected: Record<string, string[]> } {
  const next = listing.map((job) => ({ ...job }));
  const at = (index: number) => next[index] as Job;
  next[3] = { ...at(3), salary: { ...at(3).salary, min: 1 } };
  next[10] = { ...at(10), boardRank: 0 };
  next[20] = { ...at(20), title: `${at(20).title} (lead)`, location: { ...at(20).location, city: 'Tampines' } };
  // The same content in another form: not a change.
  next[30] = reversed(at(30));
  const createdAt = new Date(at(40).createdAt);
  const inSingapore = new Date(createdAt.getTime() + 8 * 3_600_000).toISOString().replace('Z', '+08:00');
  next[40] = { ...at(40), createdAt: inSingapore };
  return {
    listing: next,
    expected: { [at(3).jobId]: ['salary'], [at(10).jobId]: ['boardRank'], [at(20).jobId]: ['location', 'title'] },
  };
}

/** Harvests 60 jobs, edits them, walks them again whole: the full run's summary and its recorded changes. */
async function harvestEdited(target: string, changes: (runId: string) => Promise<Record<string, string[]>>) {
  const gateway = await startListingGateway(jobs(60));
  try {
    await harvestOnce(gateway, target);
    const { listing, expected } = edited(gateway.jobs);
    gateway.jobs = listing;
    const full = await harvestOnce(gateway, target, true);
    return { summary: full.summary, changed: await changes(full.summary.runId), expected };
  } finally {
    await gateway.close();
  }
}

describe('the change feed names the fields that changed', () => {
  it('in DuckDB', async () => {
    const file = join(dir, 'changes.duckdb');
    const result = await harvestEdited(`duckdb:${file}`, async (runId) => {
      const instance = await DuckDBInstance.create(file);
      const connection = await instance.connect();
      try {
        const rows = (
          await connection.runAndReadAll(
            `SELECT "key", fields::VARCHAR AS fields FROM _pdg_changes WHERE "runId" = '${runId}' AND change = 'changed'`,
          )
        ).getRowObjectsJson();
        return Object.fromEntries(rows.map((row) => [String(row.key), JSON.parse(String(row.fields))]));
      } finally {
        connection.closeSync();
        instance.closeSync();
      }
    });
    expect(result.summary).toMatchObject({ inserted: 0, updated: 3, unchanged: 57, rows: 60 });
    expect(result.changed).toEqual(result.expected);
  });

  // Without a server or initdb, only a developer's machine goes on (the test is then not run); CI fails instead.
  it.runIf(postgresAvailable || process.env.CI === 'true')('in PostgreSQL', async () => {
    let server: PostgresServer | undefined;
    try {
      server = await startPostgres();
      // A database of its own: other files use the server's default one.
      const database = `pdg_changes_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      await admin.end();
      const url = new URL(server.url);
      url.pathname = `/${database}`;
      const result = await harvestEdited(url.toString(), async (runId) => {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        try {
          const { rows } = await client.query(
            `SELECT "key", fields FROM _pdg_changes WHERE "runId" = $1 AND change = 'changed'`,
            [runId],
          );
          return Object.fromEntries(rows.map((row) => [String(row.key), row.fields as string[]]));
        } finally {
          await client.end();
        }
      });
      expect(result.summary).toMatchObject({ inserted: 0, updated: 3, unchanged: 57, rows: 60 });
      expect(result.changed).toEqual(result.expected);
    } finally {
      await server?.stop();
    }
  });
});
