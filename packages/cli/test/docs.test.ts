/** `pdg docs` writes the API reference as static files; `pdg mock` serves the same site at /docs/. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv, cli, runCli } from './run-cli.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pdg-docs-cli-'));
  dirs.push(dir);
  return dir;
};

describe('pdg docs', () => {
  it('writes the page, the decorated document and the renderer, and says where', async () => {
    const out = join(freshDir(), 'site');
    const { code, stdout, stderr } = await runCli(['docs', '--out', out]);
    expect(code, stderr).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toMatch(new RegExp(`^pdg docs: \\d+ files in ${out}/ \\(110 endpoints of 21 providers\\)`));
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    expect(existsSync(join(out, 'renderer', 'standalone.esm.js'))).toBe(true);
    const document = JSON.parse(readFileSync(join(out, 'openapi.json'), 'utf8'));
    expect(Object.keys(document.paths)).toHaveLength(110);
    expect(document.servers[0].url).toBe('{base_url}');
    expect(document['x-tagGroups'].map((group: { name: string }) => group.name)).toContain('jobs');
  });

  it('documents only the providers named, with --server-url as where "try it" sends', async () => {
    const out = freshDir();
    const { code, stderr } = await runCli([
      'docs',
      'jobs:jobboard',
      '--out',
      out,
      '--server-url',
      'https://gateway.example.test/v1',
    ]);
    expect(code, stderr).toBe(0);
    const document = JSON.parse(readFileSync(join(out, 'openapi.json'), 'utf8'));
    expect(document.servers).toEqual([{ url: 'https://gateway.example.test' }]);
    expect(document.tags.map((tag: { name: string }) => tag.name)).toEqual(['jobs:jobboard']);
  });

  it('a wrong flag, a flag with no value, an unknown provider or a bad URL exits 2 saying what to do', async () => {
    const typo = await runCli(['docs', '--ot', 'x']);
    expect([typo.code, typo.stderr]).toEqual([
      2,
      'pdg: --ot is not an option of docs. Did you mean --out? Options of docs: --out DIR, --server-url URL (pdg docs --help).\n',
    ]);
    expect((await runCli(['docs', '--out'])).stderr).toBe('pdg: --out takes a folder: --out site\n');
    expect((await runCli(['docs', 'jobs:jobbord', '--out', freshDir()])).stderr).toContain(
      'pdg: Unknown provider "jobs:jobbord". Did you mean jobs:jobboard?',
    );
    const url = await runCli(['docs', '--out', freshDir()], { PDG_BASE_URL: 'ftp://gateway.example.test' });
    expect([url.code, url.stderr]).toEqual([
      2,
      'pdg: PDG_BASE_URL must be an http(s) URL (received "ftp://gateway.example.test").\n',
    ]);
  });

  it('pdg docs --help says what it writes', async () => {
    const { code, stdout } = await runCli(['docs', '--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: pdg docs \[provider\.\.\.\] \[--out DIR\] \[--server-url URL\]/);
  });
});

describe('pdg mock at /docs/', () => {
  it('says where the reference is, and serves it with the document of every provider, "try it" sending to itself', async () => {
    const child = spawn(process.execPath, [cli, 'mock', '--port', '0'], { env: cleanEnv });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let seen = '';
        child.stderr.on('data', (chunk: Buffer) => {
          seen += chunk.toString();
          const match = /API reference: (http:\/\/127\.0\.0\.1:\d+)\/docs\//.exec(seen);
          if (match?.[1] && seen.includes('Ctrl-C stops it.')) resolve(match[1]);
        });
        child.once('exit', () => reject(new Error(`pdg mock exited early: ${seen}`)));
      });
      const page = await fetch(`${url}/docs/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-encoding')).toBe('gzip');
      expect(await page.text()).toContain('"value":"mock-key"');
      const document = (await (await fetch(`${url}/docs/openapi.json`)).json()) as {
        servers: unknown;
        paths: Record<string, { get: { 'x-codeSamples': unknown[] } }>;
      };
      expect(document.servers).toEqual([{ url }]);
      expect(Object.keys(document.paths)).toHaveLength(110);
      expect(document.paths['/v1/jobs:jobboard/browse']?.get['x-codeSamples']).toHaveLength(4);
      expect((await fetch(`${url}/docs/renderer/standalone.esm.js`)).status).toBe(200);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
