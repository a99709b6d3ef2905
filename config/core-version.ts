/**
 * `@pdg/core`'s version as its source reads it (`PDG_CORE_VERSION`, for the `User-Agent`): written in from
 * its `package.json` by the build and by its test run, so the version is written in one place only.
 */
import { readFileSync } from 'node:fs';

export function coreVersionDefine(): Record<string, string> {
  const manifest = JSON.parse(readFileSync(new URL('../packages/core/package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return { PDG_CORE_VERSION: JSON.stringify(manifest.version) };
}
