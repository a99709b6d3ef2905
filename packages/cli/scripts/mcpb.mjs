#!/usr/bin/env node
/**
 * Builds the MCP bundle of pdg: `<out>/pdg/` (manifest.json, server/index.js, LICENSE, README.md) and
 * `<out>/pdg.mcpb`, that folder zipped, which MCP clients that take bundles install in one step.
 * `node scripts/mcpb.mjs [--out dir]` (default `dist-mcpb`), once the packages it bundles are built: `pnpm mcpb`
 * builds them first (turbo, the CLI's dependencies), then runs this.
 *
 * The server is mcpb/server.ts bundled by esbuild with everything it imports (one file, no node_modules),
 * so the bundle needs only the Node.js the client runs it with.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

async function main() {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(join(folder, 'server'), { recursive: true });
  await build({
    entryPoints: [join(packageDir, 'mcpb', 'server.ts')],
    outfile: join(folder, 'server', 'index.js'),
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
  });
  writeFileSync(join(folder, 'manifest.json'), `${JSON.stringify(manifestOf(cli.version), null, 2)}\n`);
  copyFileSync(join(packageDir, 'LICENSE'), join(folder, 'LICENSE'));
  writeFileSync(
    join(folder, 'README.md'),
    '# pdg\n\nThe Public-Data Gateway as MCP tools. Give your API key and the gateway URL when installing; see https://github.com/pdg-sdk/pdg/tree/main/packages/mcp#readme.\n',
  );
  const names = ['manifest.json', 'server/index.js', 'server/index.js.LEGAL.txt', 'LICENSE', 'README.md'];
  const files = names.flatMap((name) => {
    try {
      return [{ name, data: readFileSync(join(folder, name)) }];
    } catch {
      return []; // no legal comments to keep
    }
  });
  writeFileSync(join(out, 'pdg.mcpb'), zip(files));
  process.stdout.write(
    `${relative(process.cwd(), join(out, 'pdg.mcpb'))}: ${files.map((file) => file.name).join(', ')}\n`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
