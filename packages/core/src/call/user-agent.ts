/**
 * The `User-Agent` of a call: `pdg/<core version> <provider>/<version> <runtime>/<version>`, after the
 * application's own when it gives one (`userAgent`), so the gateway can tell pdg's traffic and its versions
 * apart. Sent only from Node, Bun and Deno: a browser sends its own, and some engines refuse the header
 * on fetch or drop it silently; a custom header in its place would need the gateway's CORS to allow it.
 */
import type { AnyProvider } from '../contract/contract.js';

/** Core's version, written in by the build (tsup.config.ts) and core's test run from package.json. */
declare const PDG_CORE_VERSION: string | undefined;

const coreVersion = typeof PDG_CORE_VERSION === 'string' ? PDG_CORE_VERSION : undefined;

interface RuntimeGlobals {
  readonly Deno?: { readonly version?: { readonly deno?: string } };
  readonly Bun?: { readonly version?: string };
  readonly process?: { readonly versions?: { readonly node?: string } };
}

/** `node/24.21.0`, `bun/1.4.5`, `deno/2.9.6`, or undefined in any other runtime (a browser, among others). */
export function serverRuntime(globals: RuntimeGlobals = globalThis as RuntimeGlobals): string | undefined {
  // Deno and Bun also define `process.versions.node` for compatibility: asked first.
  const deno = globals.Deno?.version?.deno;
  if (deno) return `deno/${deno}`;
  const bun = globals.Bun?.version;
  if (bun) return `bun/${bun}`;
  const node = globals.process?.versions?.node;
  return node ? `node/${node}` : undefined;
}

/** A product token (`name/version`); the name alone when the version is unknown. */
function token(name: string, version: string | undefined): string {
  return version ? `${name}/${version}` : name;
}

/**
 * The `User-Agent` of calls to `provider`, or undefined where it is not sent. A provider id such as
 * `jobs:jobboard` is named as its package is (`jobs-jobboard`): a colon cannot appear in a product token.
 */
export function userAgentFor(
  provider: AnyProvider,
  application: string | undefined,
  runtime: string | undefined,
): string | undefined {
  if (runtime === undefined) return undefined;
  const own = [token('pdg', coreVersion), token(provider.id.replace(':', '-'), provider.version), runtime];
  return (application ? [application, ...own] : own).join(' ');
}
