// A PostgreSQL server for the tests: PDG_POSTGRES_URL when set, else one of our own (Debian's `postgresql`
// package: `initdb` into a temporary folder, as the `postgres` user when run as root, on a free loopback
// port), stopped after. Where neither can be had, the tests fail under CI (CI=true) rather than pass unrun.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PostgresServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** The folder of `initdb` and `pg_ctl`: PDG_POSTGRES_BIN, else the newest Debian install. */
export function postgresBin(): string | undefined {
  if (process.env.PDG_POSTGRES_BIN) return process.env.PDG_POSTGRES_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

/** Whether a server can be had here: a URL given, or `initdb` installed. */
export const postgresAvailable = Boolean(process.env.PDG_POSTGRES_URL) || postgresBin() !== undefined;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<PostgresServer> {
  const given = process.env.PDG_POSTGRES_URL;
  if (given) return { url: given, stop: async () => undefined };
  const bin = postgresBin();
  if (bin === undefined)
    throw new Error(
      "No PostgreSQL for the store tests: set PDG_POSTGRES_URL, or install Debian's postgresql package (initdb under /usr/lib/postgresql/<version>/bin).",
    );
  const dir = mkdtempSync(join(tmpdir(), 'pdg-store-pg-'));
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: as root, the server runs as the `postgres` user, in a folder it owns.
  const run = (program: string, args: readonly string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, program), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, program), args, { stdio: 'pipe' });
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
