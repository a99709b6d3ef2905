/** The usage of pdg and of each command: `pdg --help`, `pdg <command> --help`, `pdg help <command>`. */

import { fileURLToPath } from 'node:url';
import { usageError } from '@pdg/core/face';
import { suggestion } from './args.js';
import { loadProvider } from './catalog.js';
import { describeEndpoint, findEndpoint } from './commands/describe.js';
import { queueUsage } from './commands/queue.js';
import { formatProvider } from './endpoint-text.js';
import { type CommandName, commands, flagLines, flagsOf } from './flags.js';

/**
 * This pdg's own command file, for an MCP client's configuration: it works from a checkout and from any
 * install, where a package name for npx would need a published release.
 */
const thisPdg = fileURLToPath(new URL('../bin/pdg.js', import.meta.url));

const paramsText = `Params: --name value or --name=value; a boolean param given alone is true, and booleans take
true/false, 1/0 or yes/no. Lists take a comma-separated value (--maturity 2,10).`;

const runOptionsText = `Options of run:
${flagLines(flagsOf('run'))}

${paramsText}`;

const exitCodes =
  'Exit codes: 0 ok, 1 the gateway or the network failed, 2 usage (bad param, unknown provider or endpoint).';
const runExample = 'Example: pdg run music:catalogstore search --q "velvet orbit" --limit 5 --mock';

export const usage = `pdg: call Public-Data Gateway endpoints from a terminal.

Usage:
  pdg providers                                    list the providers
  pdg describe <provider> [endpoint]               endpoints, params, limits and defaults
  pdg run <provider> <endpoint> [--<param> <value> ...] [options]
  pdg harvest <provider> <endpoint> [--<param> <value> ...] [--into TARGET] [options]  a listing into a table
  pdg mock [--port N] [--host H] [--rate-limit R]  serve the mock gateway until interrupted
  pdg openapi [provider...] [options]              the OpenAPI 3.1 document, as JSON on stdout
  pdg docs [provider...] [options]                 write the API reference site as static files
  pdg mcp [--mock] [--http] [--code] [options]     the endpoints as tools for AI assistants (MCP)
  pdg queue add|work|status|remove [...]           walks as durable jobs on Redis, scheduled, for a fleet
  pdg completion bash|zsh|fish                     print a shell completion script
  pdg help <command>                               a command's usage (also: pdg <command> --help)

${runOptionsText}

Other: pdg --version (-v), pdg --help (-h).
${exitCodes}
${runExample}`;

/** Each command's own usage; the lines of its flags come from its table (flags.ts). */
const commandUsage: Readonly<Record<CommandName, string>> = {
  providers: `Usage: pdg providers

Lists the providers this pdg serves, one a line: id and what it serves. pdg describe <provider> lists
its endpoints.`,
  describe: `Usage: pdg describe <provider> [endpoint]

With a provider: its endpoints. With an endpoint too: its path, cache time, paging, each param (type,
required, enum values, limits, default, description), and an example call the mock answers.
Example: pdg describe jobs:jobboard browse`,
  run: `Usage: pdg run <provider> <endpoint> [--<param> <value> ...] [options]

Calls one endpoint and prints its result as JSON (with --all, every item of every page as NDJSON).
pdg run <provider> <endpoint> --help lists that endpoint's params.

${runOptionsText}

${exitCodes}
${runExample}`,
  harvest: `Usage: pdg harvest <provider> <endpoint> [--<param> <value> ...] [--into TARGET] [options]

Walks a paged endpoint into a table named after both (jobs:jobboard browse is jobs_jobboard_browse), keyed
by each item's id, its columns typed from the endpoint's schema. Targets: duckdb:FILE (the default,
duckdb:pdg.duckdb), postgres://… and parquet:DIR. After the first run, each run fetches only what is new:
a listing sorted newest first stops at a page it already has; an endpoint with a since-style param is sent
the stored high-water mark; any other is walked whole and upserted (the summary says which and why). Each run is a row of _pdg_runs; what it added and changed is in _pdg_changes.
A progress line on stderr every second or two, and a summary at the end.
${flagLines(flagsOf('harvest'))}

${paramsText}
${exitCodes}
Example: pdg harvest jobs:jobboard browse --country SG --limit 50 --mock --json
Then:    duckdb pdg.duckdb "SELECT title, location.city FROM jobs_jobboard_browse LIMIT 5"`,
  mock: `Usage: pdg mock [--port N] [--host H] [--rate-limit R]

Serves the mock gateway (every provider's fixtures, read as one world) until interrupted, and at /docs/
the API reference of its endpoints, whose "try it" calls the mock.
${flagLines(flagsOf('mock'))}
Then: PDG_BASE_URL=http://127.0.0.1:4010 PDG_API_KEY=any pdg run <provider> <endpoint> ...`,
  openapi: `Usage: pdg openapi [provider...] [--server-url URL] [--compact]

Writes the OpenAPI 3.1 document of every provider (or of those named) to stdout as JSON: one path per
endpoint with its params and response schema, the x-api-key scheme, the error envelope, cache times.
${flagLines(flagsOf('openapi'))}
Example: pdg openapi > openapi.json && npx @redocly/cli lint openapi.json`,
  docs: `Usage: pdg docs [provider...] [--out DIR] [--server-url URL]

Writes the API reference site of every provider (or of those named) as static files for any web server:
index.html, openapi.json and the renderer's files, nothing loaded from elsewhere. Each endpoint shows its
params, response, an example response, the pdg.run() call, the pdg run line and curl, and "try it".
${flagLines(flagsOf('docs'))}
The same site is served live by pdg mock at http://127.0.0.1:4010/docs/.
Example: pdg docs --out site && npx http-server site`,
  mcp: `Usage: pdg mcp [--mock] [--http [--port N] [--host H] [--oauth [--public-url URL]]] [--providers id,...] [--all-tools | --code] [--api-key K] [--base-url URL]

Serves the endpoints of the providers to AI assistants over the Model Context Protocol, read-only: two
tools, find_endpoints (search the endpoints; each match with its params schema) and call_endpoint (call one
by provider and endpoint). --all-tools serves one tool per endpoint instead (jobs:jobboard browse is
jobs_jobboard_browse), its params as the input schema: 110 tools for every provider, which crowd a prompt.
Over stdio (the default) an MCP client starts it and talks on its stdin and stdout, until it closes stdin.
${flagLines(flagsOf('mcp'))}
An MCP client's configuration (mcpServers) that starts this pdg:
  { "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(thisPdg)}, "mcp"],
    "env": { "PDG_API_KEY": "<your key>", "PDG_BASE_URL": "<gateway URL>" } }
Example: pdg mcp --mock --http --port 0`,
  queue: queueUsage,
  completion: `Usage: pdg completion bash|zsh|fish

Prints a completion script for commands, provider ids, endpoint names, --<param> names and enum values.
  bash:  source <(pdg completion bash)
  zsh:   source <(pdg completion zsh)     (after compinit)
  fish:  pdg completion fish | source`,
  help: `Usage: pdg help [command]

Prints the usage of pdg, or of one command (${commands.filter((name) => name !== 'help').join(', ')}).`,
};

/** The usage asked for by `pdg help ...` or `pdg ... --help`: of pdg, a command, or one endpoint of run. */
export async function helpFor(words: readonly string[]): Promise<string> {
  const [command, providerId, endpointName] = words;
  if (command === undefined) return usage;
  if (!Object.hasOwn(commandUsage, command)) {
    throw usageError(`Unknown command "${command}".${suggestion(command, commands)} Commands: ${commands.join(', ')}.`);
  }
  const text = commandUsage[command as CommandName];
  if ((command !== 'run' && command !== 'describe') || providerId === undefined) return text;
  const provider = await loadProvider(providerId);
  if (endpointName === undefined) return `${text}\n\n${formatProvider(provider)}`;
  const endpoint = findEndpoint(provider, endpointName);
  const described = await describeEndpoint(provider, endpointName);
  if (command === 'describe') return described;
  return `Usage: pdg run ${provider.id} ${endpointName}${endpoint.pathParam ? ` --${endpoint.pathParam} <value>` : ''} [--<param> <value> ...] [options]\n\n${described}\n\n${runOptionsText}`;
}
