#!/usr/bin/env node
/**
 * Builds the MCP bundle of pdg: `<out>/pdg/` (manifest.json, server/index.js and server/worker.js, LICENSE,
 * README.md) and `<out>/pdg.mcpb`, that folder zipped, which MCP clients that take bundles install in one step.
 * `node scripts/mcpb.mjs [--out dir]` (default `dist-mcpb`), once the packages it bundles are built: `pnpm mcpb`
 * builds them first (turbo, the CLI's dependencies), then runs this.
 *
 * The server is mcpb/server.ts bundled by esbuild with everything it imports but TypeScript (one file), so
 * the bundle needs only the Node.js the client runs it with; beside it, `worker.js`, the entry of the worker
 * thread @pdg/sandbox runs each code-mode program on (it starts `worker.js` beside its own code).
 *
 * TypeScript, which code mode's type check loads with `import()` on a program's first run (@pdg/mcp's
 * code-check.ts), stays out of `index.js`: bundled into it, it cannot find itself (it reads its library files
 * beside its own file, through CommonJS's `__filename`), and every start would read its 9 MB even when no
 * program runs. It ships as `server/node_modules/typescript`, where Node's `import('typescript')` from
 * `index.js` finds it: its compiler alone (`lib/typescript.js`, minified), the standard library files the
 * check reads, and its license and notices; not its command-line tools, language service or translations.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const packageDir = resolve(here, '..');
const cli = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const outArg = process.argv.indexOf('--out');
const out = resolve(outArg === -1 ? join(packageDir, 'dist-mcpb') : process.argv[outArg + 1]);
const folder = join(out, 'pdg');
/** @pdg/sandbox's worker entry, found as @pdg/mcp (which depends on it) finds it. */
const sandboxWorker = createRequire(join(packageDir, 'node_modules', '@pdg', 'mcp', 'package.json')).resolve(
  '@pdg/sandbox/worker',
);

/** Where the TypeScript that @pdg/mcp imports is installed. */
const typescriptDir = dirname(
  createRequire(join(packageDir, 'node_modules', '@pdg', 'mcp', 'package.json')).resolve('typescript/package.json'),
);
/**
 * The standard library file code-check.ts names in its `lib` option; with the files it references
 * (`/// <reference lib="..." />`), all that the check reads of TypeScript's library.
 */
const checkedLibrary = 'lib.es2024.d.ts';

/** `${name}`: a placeholder the MCP client fills in when it starts the server (not a template of this script). */
const slot = (name) => `$${'{'}${name}}`;

/** The manifest: the bundle format's documented fields (manifest_version 0.3). */
export function manifestOf(version) {
  return {
    manifest_version: '0.3',
    name: 'pdg',
    display_name: 'Public-Data Gateway',
    version,
    description:
      'Public web data (job boards, forums, music catalogues, scholarly indexes, finance and health data) as read-only tools.',
    long_description:
      'Every endpoint of the Public-Data Gateway for your assistant: find and call endpoints (catalog), one tool per endpoint, or code mode (search the docs, then run one short program in a WebAssembly sandbox that returns only the answer).',
    author: { name: 'pdg contributors', url: 'https://github.com/pdg-sdk/pdg' },
    repository: { type: 'git', url: 'https://github.com/pdg-sdk/pdg' },
    homepage: 'https://github.com/pdg-sdk/pdg/tree/main/packages/mcp#readme',
    license: 'MIT',
    keywords: ['public data', 'jobs', 'forums', 'finance', 'research'],
    server: {
      type: 'node',
      entry_point: 'server/index.js',
      mcp_config: {
        command: 'node',
        args: [`${slot('__dirname')}/server/index.js`],
        env: {
          PDG_API_KEY: slot('user_config.api_key'),
          PDG_BASE_URL: slot('user_config.base_url'),
          PDG_MCP_TOOLSET: slot('user_config.toolset'),
        },
      },
    },
    tools_generated: true,
    user_config: {
      api_key: {
        type: 'string',
        title: 'API key',
        description: 'Your Public-Data Gateway API key. Sent to the gateway only; never shown to the assistant.',
        sensitive: true,
        required: true,
      },
      base_url: {
        type: 'string',
        title: 'Gateway URL',
        description: 'The base URL of the Public-Data Gateway, such as https://gateway.example.com.',
        required: true,
      },
      toolset: {
        type: 'string',
        title: 'Tools',
        description:
          'catalog (find_endpoints and call_endpoint), code (search_docs and execute) or endpoints (one tool per endpoint).',
        default: 'catalog',
        required: false,
      },
    },
    compatibility: { platforms: ['darwin', 'win32', 'linux'], runtimes: { node: '>=22.12.0' } },
  };
}

/** A zip archive of the files (deflated), as the bundle format is: a plain zip with manifest.json at its root. */
export function zip(files) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, data } of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const packed = deflateRawSync(data, { level: 9 });
    const crc = crc32(data);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0x0800, 6); // UTF-8 names
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt32LE(0, 10); // time and date: none, for a reproducible archive
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(packed.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    header.writeUInt16LE(0, 28);
    locals.push(header, nameBytes, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x031e, 4); // made by: Unix, 3.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += header.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The library file and every file it references, in turn: file names in TypeScript's `lib` folder. */
export function libraryFiles(libDir, first) {
  const found = new Set();
  const next = [first];
  while (next.length > 0) {
    const name = next.shift();
    if (found.has(name)) continue;
    let text;
    try {
      text = readFileSync(join(libDir, name), 'utf8');
    } catch {
      throw new Error(
        `TypeScript's library file ${name} is not in ${libDir}: code-check.ts's lib setting and this script's checkedLibrary must name a file TypeScript ships.`,
      );
    }
    found.add(name);
    for (const [, lib] of text.matchAll(/^\/\/\/\s*<reference\s+lib="([^"]+)"\s*\/>/gm)) {
      next.push(`lib.${lib.toLowerCase()}.d.ts`);
    }
  }
  return [...found];
}

/**
 * `server/node_modules/typescript`: a package.json naming its entry, the compiler minified (9.1 MB to 3.6 MB;
 * it keeps its `__filename`, a CommonJS module still), the library files the check reads, the license and
 * notices. Returns the files' names, under `server/`.
 */
async function shipTypescript(serverDir) {
  const installed = JSON.parse(readFileSync(join(typescriptDir, 'package.json'), 'utf8'));
  const target = join(serverDir, 'node_modules', 'typescript');
  mkdirSync(join(target, 'lib'), { recursive: true });
  const manifest = {
    name: installed.name,
    version: installed.version,
    license: installed.license,
    description: `${installed.description}: the compiler's API only, as pdg's code mode uses it.`,
    main: './lib/typescript.js',
  };
  writeFileSync(join(target, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await build({
    entryPoints: [join(typescriptDir, installed.main)],
    outfile: join(target, 'lib', 'typescript.js'),
    bundle: false,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    minify: true,
    legalComments: 'inline',
    logLevel: 'warning',
  });
  const libraries = libraryFiles(join(typescriptDir, 'lib'), checkedLibrary);
  for (const name of libraries) copyFileSync(join(typescriptDir, 'lib', name), join(target, 'lib', name));
  const notices = ['LICENSE.txt', 'ThirdPartyNoticeText.txt'];
  for (const name of notices) copyFileSync(join(typescriptDir, name), join(target, name));
  return ['package.json', 'lib/typescript.js', ...libraries.map((name) => `lib/${name}`), ...notices].map(
    (name) => `server/node_modules/typescript/${name}`,
  );
}

async function main() {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(join(folder, 'server'), { recursive: true });
  const bundled = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // CommonJS dependencies bundled into an ES module still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as pdgCreateRequire } from 'node:module'; const require = pdgCreateRequire(import.meta.url);",
    },
    legalComments: 'linked',
    logLevel: 'warning',
    // Core's chunks are imported bare by its entries and marked free of side effects: nothing is lost.
    logOverride: { 'ignored-bare-import': 'silent' },
  };
  await build({
    ...bundled,
    entryPoints: [join(packageDir, 'mcpb', 'server.ts')],
    outfile: join(folder, 'server', 'index.js'),
    // Shipped beside it (see the note at the top), found by Node from index.js.
    external: ['typescript'],
  });
  await build({ ...bundled, entryPoints: [sandboxWorker], outfile: join(folder, 'server', 'worker.js') });
  const typescriptFiles = await shipTypescript(join(folder, 'server'));
  writeFileSync(join(folder, 'manifest.json'), `${JSON.stringify(manifestOf(cli.version), null, 2)}\n`);
  copyFileSync(join(packageDir, 'LICENSE'), join(folder, 'LICENSE'));
  writeFileSync(
    join(folder, 'README.md'),
    '# pdg\n\nThe Public-Data Gateway as MCP tools. Give your API key and the gateway URL when installing; see https://github.com/pdg-sdk/pdg/tree/main/packages/mcp#readme.\n',
  );
  const names = [
    'manifest.json',
    'server/index.js',
    'server/index.js.LEGAL.txt',
    'server/worker.js',
    'server/worker.js.LEGAL.txt',
    ...typescriptFiles,
    'LICENSE',
    'README.md',
  ];
  const files = names.flatMap((name) => {
    try {
      return [{ name, data: readFileSync(join(folder, name)) }];
    } catch {
      return []; // no legal comments to keep
    }
  });
  const archive = zip(files);
  writeFileSync(join(out, 'pdg.mcpb'), archive);
  const typescriptShipped = files.filter((file) => file.name.startsWith('server/node_modules/typescript/'));
  const shown = files.filter((file) => !typescriptShipped.includes(file)).map((file) => file.name);
  process.stdout.write(
    `${relative(process.cwd(), join(out, 'pdg.mcpb'))}: ${shown.join(', ')}, server/node_modules/typescript (${typescriptShipped.length} files); ${archive.length.toLocaleString('en-US')} bytes\n`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
