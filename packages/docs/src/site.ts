/**
 * The reference site: one page, the decorated OpenAPI document and the renderer's files. Served by the
 * mock gateway at `/docs` (`mockDocs`), or written as static files for any web server (`write`). Nothing is
 * read or built until a file is asked for: the document on the first request for it, each renderer file
 * from disk when asked.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyProvider, Fixture } from '@pdg/core';
import { decorateDocument } from './decorate.js';
import { documentFile, pageHtml, rendererEntry } from './page.js';

export interface DocsSiteOptions {
  /** The providers to document, such as `[catalogstore, jobboard]`. */
  readonly providers: readonly AnyProvider[];
  /** Their fixtures: each endpoint's example params and response come from one of them. */
  readonly fixtures?: readonly Fixture[];
  /**
   * The gateway "try it" sends to, such as `https://gateway.example.com`. Default: a `{base_url}` variable
   * the reader can change, whose default is the local mock gateway (`pdg mock`, `http://127.0.0.1:4010`).
   */
  readonly serverUrl?: string;
  /** An API key filled in for "try it" (a mock gateway takes any). Default: none, the reader enters theirs. */
  readonly apiKey?: string;
  /**
   * Markdown shown above each provider's endpoints, by provider id. Default: the introduction of the
   * provider's README (for pdg's own providers), else its one-line description.
   */
  readonly intros?: Readonly<Record<string, string>>;
  /** The page's title. Default `Public-Data Gateway API reference`. */
  readonly title?: string;
  /** Markdown saying where "try it" sends, placed in the page's introduction. Default: said from `serverUrl`. */
  readonly tryIt?: string;
}

/** One file of the site. */
export interface SiteFile {
  /** Its path in the site, such as `index.html` or `renderer/standalone.esm.js`. */
  readonly path: string;
  /** Its media type, with a charset for text. */
  readonly type: string;
  readonly body: Uint8Array;
  /** True when the same path always holds the same bytes (the renderer's files), so a browser may keep it. */
  readonly immutable: boolean;
}

export interface DocsSite {
  /**
   * The file at `path` in the site (`''` and `index.html` are the page, `openapi.json` the document,
   * `renderer/…` the renderer), or undefined when there is none: a path that leaves the site is none.
   */
  file(path: string): Promise<SiteFile | undefined>;
  /** Writes every file of the site under `dir` (created when missing); resolves to the paths written. */
  write(dir: string): Promise<string[]>;
}

/**
 * The renderer's files, copied from `@scalar/api-reference` by the build (scripts/assets.ts) beside this
 * module's bundle. From `src/` (the tests) the same URL reaches the built copy.
 */
const rendererDir = fileURLToPath(new URL('../dist/renderer/', import.meta.url));
/** The README introductions of pdg's own providers, written by the same build. */
const introsFile = fileURLToPath(new URL('../dist/intros.json', import.meta.url));

const mediaTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

export function docsSite(options: DocsSiteOptions): DocsSite {
  const title = options.title ?? 'Public-Data Gateway API reference';
  const encoder = new TextEncoder();
  let documentBytes: Promise<Uint8Array> | undefined;
  const document = () => {
    documentBytes ??= buildDocument(options).then((text) => encoder.encode(text));
    return documentBytes;
  };
  const page = encoder.encode(pageHtml({ title, ...(options.apiKey ? { apiKey: options.apiKey } : {}) }));

  const file = async (path: string): Promise<SiteFile | undefined> => {
    const clean = sitePath(path);
    if (clean === undefined) return undefined;
    if (clean === '' || clean === 'index.html') {
      return { path: 'index.html', type: mediaTypes['.html'] as string, body: page, immutable: false };
    }
    if (clean === documentFile) {
      return { path: clean, type: mediaTypes['.json'] as string, body: await document(), immutable: false };
    }
    if (!clean.startsWith('renderer/')) return undefined;
    const type = mediaTypes[posix.extname(clean)];
    if (!type) return undefined;
    try {
      const body = await readFile(join(rendererDir, clean.slice('renderer/'.length)));
      return { path: clean, type, body, immutable: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };

  return {
    file,
    async write(dir) {
      const paths = ['index.html', documentFile, ...(await rendererFiles()).map((name) => `renderer/${name}`)];
      for (const path of paths) {
        const found = await file(path);
        if (!found) throw new Error(`The site's file ${path} is missing: build @pdg/docs (pnpm build).`);
        const target = join(dir, ...path.split('/'));
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, found.body);
      }
      return paths;
    },
  };
}

/** The site as the mock gateway serves it at `/docs`: "try it" calls that gateway, with a key filled in. */
export function mockDocs(gateway: {
  readonly url: string;
  readonly providers: readonly AnyProvider[];
  readonly fixtures: readonly Fixture[];
}): DocsSite {
  return docsSite({
    providers: gateway.providers,
    fixtures: gateway.fixtures,
    serverUrl: gateway.url,
    apiKey: 'mock-key',
    tryIt: `This page is served by a mock gateway, at ${gateway.url}: **Test Request** sends each call to it, and it answers from the providers' fixtures (an API key is filled in; it takes any). Point your code at it with \`PDG_BASE_URL=${gateway.url}\` and any \`PDG_API_KEY\`.`,
  });
}

/** A site path without its leading `/`, or undefined when it is not one (`..`, a backslash, a NUL). */
function sitePath(path: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (/[\\\0]/.test(decoded)) return undefined;
  const parts = decoded.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) return undefined;
  return parts.join('/');
}

/** The renderer's files, relative to its folder: its entry and the chunks it loads. */
async function rendererFiles(): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(rendererDir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.map((name) => name.split('\\').join('/')).filter((name) => posix.extname(name) in mediaTypes);
  if (!files.includes(rendererEntry.slice('renderer/'.length))) return [];
  return files.sort();
}

async function buildDocument(options: DocsSiteOptions): Promise<string> {
  // Loaded with the first request for the document, not with the site.
  const { toOpenApi } = await import('@pdg/openapi');
  const document = toOpenApi(options.providers, {
    ...(options.serverUrl === undefined ? {} : { serverUrl: options.serverUrl }),
    // A schema with no JSON Schema form is shown open (and says so) rather than failing the whole site.
    unsupported: 'open',
  });
  const decorated = decorateDocument(document, {
    providers: options.providers,
    ...(options.fixtures ? { fixtures: options.fixtures } : {}),
    intros: { ...(await bundledIntros()), ...options.intros },
    tryIt: options.tryIt ?? defaultTryIt(options.serverUrl),
  });
  return JSON.stringify(decorated);
}

async function bundledIntros(): Promise<Record<string, string>> {
  try {
    return JSON.parse(await readFile(introsFile, 'utf8')) as Record<string, string>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

function defaultTryIt(serverUrl: string | undefined): string {
  if (serverUrl !== undefined) {
    return `**Test Request** sends each call to ${serverUrl}, with the API key you enter under Authentication.`;
  }
  return [
    "**Test Request** sends each call to the server set above. By default that is a mock gateway on your machine, which answers from the providers' fixtures and takes any API key:",
    'start it with `npx @pdg/cli mock` (in a checkout of pdg: `pnpm pdg mock`). To call the gateway itself, set the server to its URL and enter your API key under Authentication.',
  ].join(' ');
}
