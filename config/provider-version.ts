/**
 * A provider's package version, for the `User-Agent` it is called with: its `package.json` is the one place
 * the version is written (changesets bump it), so the build writes it into the package's
 * `defineProvider({ ... })` call rather than anyone copying it into the source by hand.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const providerIndex = /[\\/]packages[\\/]providers[\\/][^\\/]+[\\/]src[\\/]index\.ts$/;

/** The source with `version` from the package's `package.json` added to its `defineProvider` call. */
export function stampProviderVersion(code: string, fileName: string): string {
  if (!providerIndex.test(fileName) || !code.includes('defineProvider({')) return code;
  const manifest = JSON.parse(readFileSync(join(dirname(fileName), '..', 'package.json'), 'utf8')) as {
    version?: unknown;
  };
  if (typeof manifest.version !== 'string') return code;
  // Same line, so line numbers (and source maps) do not move.
  return code.replace('defineProvider({', `defineProvider({ version: ${JSON.stringify(manifest.version)},`);
}
