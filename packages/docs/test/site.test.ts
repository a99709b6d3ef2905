import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { afterAll, describe, expect, it } from 'vitest';
import { docsSite, mockDocs } from '../src/site.js';

const text = (body: Uint8Array | undefined) => new TextDecoder().decode(body);
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The renderer configuration the page embeds. */
function configurationOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="pdg-docs-configuration">([^<]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('The page embeds no configuration.');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

describe('docsSite', () => {
  const site = docsSite({ providers: [jobboard], fixtures });

  it('serves its page at the root and as index.html; the page loads only files of the site', async () => {
    const page = await site.file('');
    expect(page?.type).toBe('text/html; charset=utf-8');
    expect(text((await site.file('/index.html'))?.body)).toBe(text(page?.body));
    const html = text(page?.body);
    // Every URL the page names is one of the site's own, relative to it (the icon is inline).
    const urls = [...html.matchAll(/(?:src|href)="([^"]*)"|from '([^']*)'/g)].map((match) => match[1] ?? match[2]);
    expect(urls).toEqual([
      expect.stringMatching(/^data:image\/svg\+xml,/),
      'openapi.json',
      './renderer/standalone.esm.js',
    ]);
    const configuration = configurationOf(html);
    expect(configuration).toMatchObject({
      url: 'openapi.json',
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
    });
    // No key is filled in: the reader of a static site enters theirs.
    expect(configuration.authentication).toBeUndefined();
  });

  it("serves the decorated document, whose server is a variable defaulting to the local mock, with the README's intro", async () => {
    const file = await site.file('openapi.json');
    expect(file).toMatchObject({ type: 'application/json; charset=utf-8', immutable: false });
    const document = JSON.parse(text(file?.body));
    expect(document.servers[0].variables.base_url.default).toBe('http://127.0.0.1:4010');
    expect(document.paths['/v1/jobs:jobboard/browse'].get['x-codeSamples']).toHaveLength(4);
    expect(document.tags[0].description).toMatch(/^pdg provider for \*\*jobs:jobboard\*\*/);
    expect(document.info.description).toContain('npx @pdg/cli mock');
  });

  it("serves the renderer's files, as immutable, and nothing outside the site", async () => {
    const entry = await site.file('renderer/standalone.esm.js');
    expect(entry).toMatchObject({ type: 'text/javascript; charset=utf-8', immutable: true });
    expect(text(entry?.body)).toContain('createApiReference');
    for (const path of [
      '../package.json',
      'renderer/../../package.json',
      'renderer/%2e%2e/%2e%2e/package.json',
      'renderer/missing.js',
      'src/site.ts',
      'renderer/chunks/%ZZ',
    ]) {
      expect(await site.file(path), path).toBeUndefined();
    }
  });

  it('writes every file, and every module the renderer imports is among them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pdg-docs-'));
    dirs.push(dir);
    const written = await site.write(dir);
    expect(written.slice(0, 3)).toEqual(['index.html', 'openapi.json', 'renderer/NOTICE.md']);
    expect(readdirSync(dir).sort()).toEqual(['index.html', 'openapi.json', 'renderer']);
    const files = new Set(written);
    for (const path of written.filter((name) => name.endsWith('.js'))) {
      const source = readFileSync(join(dir, path), 'utf8');
      expect(source, path).not.toContain('sourceMappingURL');
      for (const [, specifier] of source.matchAll(/(?:import\(|from\s*|import\s*)["'`](\.{1,2}\/[^"'`]+)["'`]/g)) {
        const target = posix.join(posix.dirname(path), specifier as string);
        expect(files.has(target), `${path} imports ${specifier}`).toBe(true);
      }
    }
    expect(readFileSync(join(dir, 'renderer', 'NOTICE.md'), 'utf8')).toContain('@scalar/api-reference');
    expect(dirname(join(dir, 'renderer/standalone.esm.js'))).toBe(join(dir, 'renderer'));
  });

  it('builds the document once, on the first request for it', async () => {
    const fresh = docsSite({ providers: [jobboard], fixtures });
    const [first, second] = await Promise.all([fresh.file('openapi.json'), fresh.file('openapi.json')]);
    expect(second?.body).toBe(first?.body);
  });

  it("a gateway URL it cannot use fails the document with the exporter's message", async () => {
    const bad = docsSite({ providers: [jobboard], serverUrl: 'not a url' });
    await expect(bad.file('openapi.json')).rejects.toThrow(/serverUrl must be an absolute http\(s\) URL/);
  });
});

describe('mockDocs', () => {
  it('points "try it" at the gateway that serves it, with a key filled in, and says so', async () => {
    const site = mockDocs({ url: 'http://127.0.0.1:4321', providers: [jobboard], fixtures });
    const configuration = configurationOf(text((await site.file(''))?.body));
    expect(configuration.authentication).toEqual({
      preferredSecurityScheme: 'apiKey',
      securitySchemes: { apiKey: { value: 'mock-key' } },
    });
    const document = JSON.parse(text((await site.file('openapi.json'))?.body));
    expect(document.servers).toEqual([{ url: 'http://127.0.0.1:4321' }]);
    expect(document.info.description).toContain('served by a mock gateway, at http://127.0.0.1:4321');
  });
});
