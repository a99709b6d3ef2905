/**
 * The `PDG_*` environment variables, read in one place: the client's defaults (`PDG_API_KEY`,
 * `PDG_BASE_URL`, `PDG_DEBUG`) and what the tools built on it read besides (`PDG_REDIS_URL`).
 */

/** The `PDG_*` variables pdg reads; each `undefined` when unset or unreadable. */
export interface PdgEnvironment {
  /** The key `createClient` sends when given none. */
  readonly PDG_API_KEY?: string | undefined;
  /** The gateway `createClient` calls when given no `baseUrl`. */
  readonly PDG_BASE_URL?: string | undefined;
  /** `1`, `true` or `yes`: a debug line per request on stderr. */
  readonly PDG_DEBUG?: string | undefined;
  /** The Redis of the queue, the shared cache and the shared rate limit, for the tools that take one. */
  readonly PDG_REDIS_URL?: string | undefined;
}

/**
 * The `PDG_*` variables as this runtime gives them. Not every runtime has `process` (browsers, some edge
 * runtimes): there every variable reads as unset, and the options must be passed in code.
 */
export function pdgEnvironment(): PdgEnvironment {
  return readVariables(['PDG_API_KEY', 'PDG_BASE_URL', 'PDG_DEBUG', 'PDG_REDIS_URL']);
}

/** The variables named, each `undefined` when unset or unreadable. */
function readVariables<TName extends string>(names: readonly TName[]): { [K in TName]?: string | undefined } {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const variables: { [K in TName]?: string | undefined } = {};
  for (const name of names) {
    // Deno without --allow-env throws on reading a variable: read as unset, so options given in code suffice.
    try {
      variables[name] = env?.[name];
    } catch {}
  }
  return variables;
}

/** The variables of the hosted MCP server besides: read by the CLI's `pdg mcp --oauth` only. */
export interface PdgToolEnvironment extends PdgEnvironment {
  /** The server's public URL behind TLS (`--public-url`): the OAuth issuer and the protected resource. */
  readonly PDG_MCP_PUBLIC_URL?: string | undefined;
  /** The secret the signed-in users' keys are sealed with. */
  readonly PDG_MCP_OAUTH_SECRET?: string | undefined;
}

/** `pdgEnvironment()` and the hosted MCP server's variables, read the same way (a separate function, so a client carries none of it). */
export function pdgToolEnvironment(): PdgToolEnvironment {
  return { ...pdgEnvironment(), ...readVariables(['PDG_MCP_PUBLIC_URL', 'PDG_MCP_OAUTH_SECRET']) };
}
