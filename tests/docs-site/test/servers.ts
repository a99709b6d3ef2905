/**
 * What the site test starts, as a user would: `pdg mock` (the CLI's gateway, which serves the site at
 * /docs/), `pdg docs --out` (the static site), and a plain static file server for that folder.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
// @ts-expect-error: a plain .mjs script of the repository, without types.
import { providerPackages } from '../../../scripts/registry.mjs';

const cliRequire = createRequire(createRequire(import.meta.url).resolve('@pdg/cli/package.json'));
/** The built `pdg` command. */
export const pdgBin = join(dirname(cliRequire.resolve('@pdg/cli/package.json')), 'bin', 'pdg.js');

/** The environment without PDG_* variables: the site must not pick up a developer's own gateway. */
const { PDG_API_KEY: _key, PDG_BASE_URL: _url, ...cleanEnv } = process.env;

export function runPdg(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [pdgBin, ...args], { env: cleanEnv, maxBuffer: 16 << 20 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) || 1 : 0, stdout, stderr }),
    );
  });
}

/**
 * The catalog: provider ids with endpoint names. The ids as the CLI lists them (`pdg providers`), each
 * provider's endpoints from its package's definition, which `pdg describe <provider>` lists (checked here
 * on the job board): one start of the CLI per list, rather than one per provider.
 */
export async function catalog(): Promise<Map<string, string[]>> {
  const [listed, described] = await Promise.all([runPdg(['providers']), runPdg(['describe', 'jobs:jobboard'])]);
  if (listed.code !== 0) throw new Error(`pdg providers failed: ${listed.stderr}`);
  if (described.code !== 0) throw new Error(`pdg describe jobs:jobboard failed: ${described.stderr}`);
  // `jobs:jobboard  job listings, browse and search`: the id first on each line.
  const ids = listed.stdout
    .trim()
    .split('\n')
    .map((line) => line.split(/\s/, 1)[0] ?? '');
  const packages = new Map(
    (providerPackages() as { name: string; id: string; exportName: string }[]).map((pkg) => [pkg.id, pkg]),
  );
  const providers = new Map<string, string[]>();
  for (const id of ids) {
    const pkg = packages.get(id);
    if (!pkg) throw new Error(`pdg providers lists ${id}, which no package of packages/providers/ defines`);
    // Resolved as the CLI resolves it: the CLI depends on every provider package.
    const module = (await import(pathToFileURL(cliRequire.resolve(pkg.name)).href)) as Record<
      string,
      { endpoints: Readonly<Record<string, unknown>> }
    >;
    const definition = module[pkg.exportName];
    if (!definition) throw new Error(`${pkg.name} exports no ${pkg.exportName}`);
    const endpoints = Object.keys(definition.endpoints);
    if (endpoints.length === 0) throw new Error(`${pkg.name} defines no endpoint`);
    providers.set(id, endpoints);
  }
  // After the provider's line, one indented line per endpoint: `  browse   Structural paged browse ...`.
  const describedEndpoints = [...described.stdout.matchAll(/^ {2}(\S+) {2,}/gm)].map((match) => match[1] as string);
  const defined = providers.get('jobs:jobboard') ?? [];
  if (describedEndpoints.length === 0 || describedEndpoints.join() !== defined.join()) {
    throw new Error(
      `pdg describe jobs:jobboard lists ${describedEndpoints.join(', ')}; its package defines ${defined.join(', ')}`,
    );
  }
  return providers;
}

export interface RunningMock {
  readonly url: string;
  /** What it printed on start-up. */
  readonly banner: string;
  stop(): Promise<void>;
}

/** `pdg mock --port 0`, resolved once it says where it listens. */
export function startPdgMock(): Promise<RunningMock> {
  const child: ChildProcess = spawn(process.execPath, [pdgBin, 'mock', '--port', '0'], { env: cleanEnv });
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /^pdg mock gateway: (http:\/\/127\.0\.0\.1:\d+)/m.exec(seen);
      if (!match?.[1] || !seen.includes('Ctrl-C stops it.')) return;
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      resolve({
        url: match[1],
        banner: seen,
        stop: async () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
    child.once('exit', () => reject(new Error(`pdg mock exited early: ${seen}`)));
  });
}

const mediaTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

export interface StaticServer {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A plain static file server for a folder, as a web host is: files as they are on disk, a folder's
 * index.html, no compression, and nothing else.
 */
export async function serveFolder(root: string): Promise<StaticServer> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://static.invalid').pathname);
    const file = normalize(join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname));
    if (request.method !== 'GET' || !file.startsWith(root + sep)) {
      response.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) =>
        response.writeHead(200, { 'content-type': mediaTypes[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
