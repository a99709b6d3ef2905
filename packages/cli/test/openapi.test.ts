/** `pdg openapi [provider...]`: the OpenAPI 3.1 document on stdout, for every provider or those named. */
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadProviders } from '../src/catalog.js';
import { cleanEnv, cli, runCli } from './run-cli.js';

const providers = await loadProviders();

interface Document {
  openapi: string;
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, { get: { 'x-pdg-provider': string; 'x-pdg-endpoint': string } }>;
}

const endpointsOf = (ids: readonly string[]) =>
  providers
    .filter((provider) => ids.includes(provider.id))
    .flatMap((provider) => Object.keys(provider.endpoints).map((name) => `${provider.id} ${name}`))
    .sort();
const operationsOf = (document: Document) =>
  Object.values(document.paths)
    .map((item) => `${item.get['x-pdg-provider']} ${item.get['x-pdg-endpoint']}`)
    .sort();

describe('pdg openapi', () => {
  it('prints the document of every provider as JSON, one path per endpoint, and nothing on stderr', async () => {
    const { code, stdout, stderr } = await runCli(['openapi']);
    expect([code, stderr]).toEqual([0, '']);
    const document = JSON.parse(stdout) as Document;
    expect(document.openapi).toBe('3.1.0');
    const ids = providers.map((provider) => provider.id);
    expect(document.tags.map((tag) => tag.name)).toEqual(ids);
    expect(operationsOf(document)).toEqual(endpointsOf(ids));
    expect(Object.keys(document.paths)).toHaveLength(endpointsOf(ids).length);
    expect(document.servers[0]?.url).toBe('{base_url}');
    expect(stdout).toContain('\n  "info": {');
  });

  it('only the providers named, with --server-url as the server; --compact on one line', async () => {
    const { code, stdout } = await runCli([
      'openapi',
      'jobs:jobboard',
      'music:catalogstore',
      'jobs:jobboard',
      '--server-url',
      'https://gateway.example.test/v1',
      '--compact',
    ]);
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    const document = JSON.parse(stdout) as Document;
    expect(document.tags.map((tag) => tag.name)).toEqual(['jobs:jobboard', 'music:catalogstore']);
    expect(operationsOf(document)).toEqual(endpointsOf(['jobs:jobboard', 'music:catalogstore']));
    expect(document.servers).toEqual([{ url: 'https://gateway.example.test' }]);
  });

  it('takes the server from PDG_BASE_URL when --server-url is not given', async () => {
    const { stdout } = await runCli(['openapi', 'music:catalogstore'], { PDG_BASE_URL: 'http://127.0.0.1:4010' });
    expect((JSON.parse(stdout) as Document).servers).toEqual([{ url: 'http://127.0.0.1:4010' }]);
  });

  it('an unknown provider is a usage error naming the known ones, with a suggestion', async () => {
    const { code, stdout, stderr } = await runCli(['openapi', 'jobs:jobbord']);
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toMatch(
      /^pdg: Unknown provider "jobs:jobbord"\. Did you mean jobs:jobboard\? Providers: .*music:catalogstore/,
    );
  });

  it('a bad server URL or an unknown option is a usage error saying what to give', async () => {
    const bad = await runCli(['openapi', '--server-url', 'gateway.example.test']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      'pdg: --server-url must be an absolute http(s) URL such as https://gateway.example.com',
    );
    const fromEnv = await runCli(['openapi'], { PDG_BASE_URL: 'ftp://gateway.example.test' });
    expect([fromEnv.code, fromEnv.stderr]).toEqual([
      2,
      'pdg: PDG_BASE_URL must be an http(s) URL (received "ftp://gateway.example.test").\n',
    ]);
    const missing = await runCli(['openapi', '--server-url']);
    expect([missing.code, missing.stderr]).toEqual([2, 'pdg: --server-url takes a URL: --server-url https://…\n']);
    const unknown = await runCli(['openapi', '--compakt']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--compakt is not an option of openapi. Did you mean --compact?');
  });

  it('has its own help', async () => {
    const { stdout } = await runCli(['openapi', '--help']);
    expect(stdout).toMatch(/^Usage: pdg openapi \[provider\.\.\.\] \[--server-url URL\] \[--compact\]/);
    expect((await runCli(['--help'])).stdout).toContain('pdg openapi [provider...]');
  });
});

describe('loading @pdg/openapi', () => {
  /** Which commands import @pdg/openapi, seen by a module-resolution hook. */
  const loads = (args: string[]) =>
    new Promise<boolean>((resolve, reject) => {
      const hook = `data:text/javascript,import{registerHooks}from"node:module";registerHooks({resolve(s,c,n){if(s==="@pdg/openapi")process.stderr.write("loaded @pdg/openapi\\n");return n(s,c)}})`;
      execFile(
        process.execPath,
        ['--import', hook, cli, ...args],
        { env: cleanEnv, timeout: 240_000 },
        (error, _out, err) => (error ? reject(new Error(err)) : resolve(err.includes('loaded @pdg/openapi'))),
      );
    });

  it('happens for pdg openapi only: pdg providers starts without it', async () => {
    expect(await loads(['openapi', 'music:catalogstore'])).toBe(true);
    expect(await loads(['providers'])).toBe(false);
  });
});
