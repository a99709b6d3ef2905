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

/** The built `pdg` command. */
export const pdgBin = join(dirname(createRequire(import.meta.url).resolve('@pdg/cli/package.json')), 'bin', 'pdg.js');

/** The environment without PDG_* variables: the site must not pick up a developer's own gateway. */
const { PDG_API_KEY: _key, PDG_BASE_URL: _url, ...cleanEnv } = process.env;

export function runPdg(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [pdgBin, ...args], { env: cleanEnv, maxBuffer: 16 << 20 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) || 1 : 0, stdout, stderr }),
    );
  });
}

/** The catalog as the CLI lists it (`pdg providers`, then `pdg describe` of each): provider ids with endpoint names. */
export async function catalog(): Promise<Map<string, string[]>> {
  const listed = await runPdg(['providers']);
  if (listed.code !== 0) throw new Error(`pdg providers failed: ${listed.stderr}`);
  // `jobs:jobboard  job listings, browse and search`: the id first on each line.
  const ids = listed.stdout
    .trim()
    .split('\n')
    .map((line) => line.split(/\s/, 1)[0] ?? '');
  const providers = new Map<string, string[]>();
  for (const id of ids) {
    const { code, stdout, stderr } = await runPdg(['describe', id]);
    if (code !== 0) throw new Error(`pdg describe ${id} failed: ${stderr}`);
    // After the provider's line, one indented line per endpoint: `  browse   Structural paged browse ...`.
    const endpoints = [...stdout.matchAll(/^ {2}(\S+) {2,}/gm)].map((match) => match[1] as string);
    if (endpoints.length === 0) throw new Error(`pdg describe ${id} listed no endpoint:\n${stdout}`);
    providers.set(id, endpoints);
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
