import { readFileSync } from 'node:fs';
import type { AnyProvider, Drift, EndpointDefinition, HookContext, RateLimitInfo } from '@pdg/core';
import { describeParams, paramsFromStrings } from '@pdg/core/describe';
import type { MockDocs, MockGatewayOptions, RunningMockGateway } from '@pdg/mock';
import {
  integerFlag,
  type ParsedArgs,
  parseArgs,
  rateLimitFlag,
  suggestion,
  UsageError,
  validateFlag,
} from './args.js';
import { fixturesOf, loadedProvider, loadProvider, loadProviders, providerIds } from './catalog.js';
import { clientLayers } from './client-layers.js';
import { commands, completionScript } from './completion.js';
import { curlCommand } from './curl.js';
import { exampleParams, formatEndpoint, formatParams, formatProvider, formatProviders } from './describe.js';
import { type Interruption, shellQuoted, watchInterrupts } from './interrupts.js';
import { providerPackages } from './providers.js';
import { queueCommand, queueUsage } from './queue.js';
import { flagRule, paramFlags } from './run-params.js';
import { terminalJson, visible } from './terminal-text.js';

/**
 * The client, imported by the commands that call a gateway. Not at start-up: its HTTP layer (ky, and the
 * fetch machinery ky sets up) is most of what a bare client costs to load, and `pdg providers`, `--help`
 * and `--version` need none of it.
 */
const loadCore = () => import('@pdg/core');
type Core = Awaited<ReturnType<typeof loadCore>>;

const runOptionsText = `Options of run:
  --all              walk every page, one NDJSON line per item (progress on stderr)
  --quiet, -q        with --all: no progress lines
  --max-items N      with --all: stop after N items
  --max-pages N      with --all: stop after N pages
  --max-empty-pages N  with --all: fail after N pages in a row with no items that say there are more
                     (default 3)
  --resume JSON      with --all: continue where an interrupted walk stopped (the checkpoint it printed)
  --mock             answer from the built-in mock gateway (no key, no network)
  --api-key K        default: PDG_API_KEY
  --base-url URL     default: PDG_BASE_URL
  --timeout MS       for the whole call, retries included
  --validate MODE    strict (default): a response not of the documented shape fails; report: print it
                     and say on stderr what differs (path and types, once each); off: no check
  --no-validate      the same as --validate off
  --pretty, --compact  JSON layout (default: pretty on a terminal, compact otherwise)
  --curl             print the exact request as a curl command (the key as $PDG_API_KEY) instead of sending it
  --cache            keep answers for each endpoint's cache time; identical calls in flight share a request
  --redis URL        keep the cache (and --rate-limit) in Redis, shared with every pdg and client using it
  --rate-limit R     at most R requests (5/s, 300/m, 10/500ms), a 429 pauses them all

Params: --name value or --name=value; a boolean param given alone is true, and booleans take
true/false, 1/0 or yes/no. Lists take a comma-separated value (--maturity 2,10).`;

const usage = `pdg: call Public-Data Gateway endpoints from a terminal.

Usage:
  pdg providers                                    list the providers
  pdg describe <provider> [endpoint]               endpoints, params, limits and defaults
  pdg run <provider> <endpoint> [--<param> <value> ...] [options]
  pdg mock [--port N] [--host H] [--rate-limit R]  serve the mock gateway until interrupted
  pdg openapi [provider...] [--server-url URL]     the OpenAPI 3.1 document, as JSON on stdout
  pdg docs [provider...] [--out DIR]               write the API reference site as static files
  pdg mcp [--mock] [--http --port N] [--all-tools | --code]  the endpoints as tools for AI assistants (MCP)
  pdg queue add|work|status [...]                  walks as durable jobs on Redis, for a fleet of workers
  pdg completion bash|zsh|fish                     print a shell completion script
  pdg help <command>                               a command's usage (also: pdg <command> --help)

${runOptionsText}

Other: pdg --version (-v), pdg --help (-h).
Exit codes: 0 ok, 1 the gateway or the network failed, 2 usage (bad param, unknown provider or endpoint).
Example: pdg run music:catalogstore search --q "velvet orbit" --limit 5 --mock`;

/** Each command's own usage, for `pdg <command> --help` and `pdg help <command>`. */
const commandUsage: Readonly<Record<string, string>> = {
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

Exit codes: 0 ok, 1 the gateway or the network failed, 2 usage (bad param, unknown provider or endpoint).
Example: pdg run music:catalogstore search --q "velvet orbit" --limit 5 --mock`,
  mock: `Usage: pdg mock [--port N] [--host H] [--rate-limit R]

Serves the mock gateway (every provider's fixtures, read as one world) until interrupted, and at /docs/
the API reference of its endpoints, whose "try it" calls the mock.
  --port N          default 4010; 0 picks a free port
  --host H          default 127.0.0.1 (this machine only)
  --rate-limit R    requests allowed per API key, as 5/s (per second), 300/m (per minute) or 10/500ms
                    (per window of N ms); past it: 429 with Retry-After. Default: no limit
Then: PDG_BASE_URL=http://127.0.0.1:4010 PDG_API_KEY=any pdg run <provider> <endpoint> ...`,
  openapi: `Usage: pdg openapi [provider...] [--server-url URL] [--compact]

Writes the OpenAPI 3.1 document of every provider (or of those named) to stdout as JSON: one path per
endpoint with its params and response schema, the x-api-key scheme, the error envelope, cache times.
  --server-url URL  the gateway's base URL in the document. Default: PDG_BASE_URL, else a {base_url}
                    variable whose default is the local mock gateway (http://127.0.0.1:4010)
  --compact         one line of JSON (default: indented)
Example: pdg openapi > openapi.json && npx @redocly/cli lint openapi.json`,
  docs: `Usage: pdg docs [provider...] [--out DIR] [--server-url URL]

Writes the API reference site of every provider (or of those named) as static files for any web server:
index.html, openapi.json and the renderer's files, nothing loaded from elsewhere. Each endpoint shows its
params, response, an example response, the pdg.run() call, the pdg run line and curl, and "try it".
  --out DIR         the folder to write into (created when missing). Default: pdg-docs
  --server-url URL  where "try it" sends. Default: PDG_BASE_URL, else a {base_url} variable whose
                    default is the local mock gateway (http://127.0.0.1:4010)
The same site is served live by pdg mock at http://127.0.0.1:4010/docs/.
Example: pdg docs --out site && npx http-server site`,
  mcp: `Usage: pdg mcp [--mock] [--http [--port N] [--host H]] [--providers id,...] [--all-tools | --code] [--api-key K] [--base-url URL]

Serves the endpoints of the providers to AI assistants over the Model Context Protocol, read-only: two
tools, find_endpoints (search the endpoints; each match with its params schema) and call_endpoint (call one
by provider and endpoint). --all-tools serves one tool per endpoint instead (jobs:jobboard browse is
jobs_jobboard_browse), its params as the input schema: 110 tools for every provider, which crowd a prompt.
Over stdio (the default) an MCP client starts it and talks on its stdin and stdout, until it closes stdin.
  --all-tools       one tool per endpoint instead of find_endpoints and call_endpoint
  --code            code mode: search_docs and execute (a program run against the client in a WebAssembly
                    sandbox, only its answer returned) instead of find_endpoints and call_endpoint
  --mock            answer from the built-in mock gateway (no key, no network); its requests go to stderr
  --http            serve Streamable HTTP (stateless) at http://127.0.0.1:4011/mcp instead, until Ctrl-C
  --port N          with --http: default 4011; 0 picks a free port (the URL is printed on stderr)
  --host H          with --http: default 127.0.0.1 (this machine only)
  --providers L     only these providers, comma-separated (default: all)
  --api-key K       default: PDG_API_KEY; with --http and no key, each request must bring its own
                    (x-api-key: <key> or Authorization: Bearer <key>), as it may anyway
  --base-url URL    default: PDG_BASE_URL
An MCP client's configuration (mcpServers): { "command": "npx", "args": ["-y", "@pdg/cli", "mcp"],
  "env": { "PDG_API_KEY": "<your key>", "PDG_BASE_URL": "<gateway URL>" } }
Example: pdg mcp --mock --http --port 0`,
  queue: queueUsage,
  completion: `Usage: pdg completion bash|zsh|fish

Prints a completion script for commands, provider ids, endpoint names, --<param> names and enum values.
  bash:  source <(pdg completion bash)
  zsh:   source <(pdg completion zsh)     (after compinit)
  fish:  pdg completion fish | source`,
  help: `Usage: pdg help [command]

Prints the usage of pdg, or of one command (providers, describe, run, mock, openapi, docs, mcp, queue, completion).`,
};

/** The usage asked for by \`pdg help ...\` or \`pdg ... --help\`: of pdg, a command, or one endpoint of run. */
async function helpFor(words: readonly string[]): Promise<string> {
  const [command, providerId, endpointName] = words;
  if (command === undefined) return usage;
  const text = commandUsage[command];
  if (text === undefined) {
    throw new UsageError(
      `Unknown command "${command}".${suggestion(command, Object.keys(commandUsage))} Commands: ${Object.keys(commandUsage).join(', ')}.`,
    );
  }
  if ((command !== 'run' && command !== 'describe') || providerId === undefined) return text;
  const provider = await loadProvider(providerId);
  if (endpointName === undefined) return `${text}\n\n${formatProvider(provider)}`;
  const endpoint = findEndpoint(provider, endpointName);
  const described = await describeEndpoint(provider, endpointName);
  if (command === 'describe') return described;
  return `Usage: pdg run ${provider.id} ${endpointName}${endpoint.pathParam ? ` --${endpoint.pathParam} <value>` : ''} [--<param> <value> ...] [options]\n\n${described}\n\n${runOptionsText}`;
}

/** `pdg describe <provider> <endpoint>`: the endpoint's params, with an example the mock gateway answers. */
async function describeEndpoint(provider: AnyProvider, name: string): Promise<string> {
  const endpoint = findEndpoint(provider, name);
  return formatEndpoint(provider.id, name, endpoint, exampleParams(await fixturesOf([provider]), provider.id, name));
}

function findEndpoint(provider: AnyProvider, name: string | undefined): EndpointDefinition {
  const names = Object.keys(provider.endpoints).join(', ');
  if (name === undefined) throw new UsageError(`Name an endpoint of ${provider.id}: ${names}.`);
  const endpoint = Object.hasOwn(provider.endpoints, name) ? provider.endpoints[name] : undefined;
  if (!endpoint) {
    const close = suggestion(name, Object.keys(provider.endpoints));
    throw new UsageError(`Unknown endpoint "${name}" of ${provider.id}.${close} Endpoints: ${names}.`);
  }
  return endpoint;
}

function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve) => {
    if (stream.write(`${text}\n`)) resolve();
    else stream.once('drain', resolve);
  });
}

/** One stderr line per difference `--validate report` found: the field and its types, never the value. */
function reportDrift({ provider, endpoint, drift }: HookContext & { readonly drift: Drift }): void {
  const where = drift.path === '' ? '(root)' : drift.path;
  process.stderr.write(
    `pdg: ${provider} ${endpoint} response differs from its documented shape at ${where} (${drift.change}: expected ${drift.expected}, received ${drift.received}); returned as sent\n`,
  );
}

async function run(args: ParsedArgs): Promise<number> {
  const [, providerId, endpointName, ...extra] = args.positionals;
  const provider = await loadProvider(providerId);
  const endpoint = findEndpoint(provider, endpointName);
  if (extra.length > 0) throw new UsageError(`Unexpected "${extra.join(' ')}": params are given as --name value.`);
  const params = paramsFromStrings(endpoint, paramFlags(provider.id, endpointName as string, endpoint, args));
  const all = args.flags.has('all');
  const maxItems = integerFlag(args.flags, 'max-items');
  const maxPages = integerFlag(args.flags, 'max-pages');
  const maxEmptyPages = integerFlag(args.flags, 'max-empty-pages', { min: 1 });
  const resume = resumeFlag(args);
  const progress = (line: string) => {
    if (!args.flags.has('quiet')) process.stderr.write(`${line}\n`);
  };
  if (!all && (maxItems ?? maxPages ?? maxEmptyPages ?? resume) !== undefined)
    throw new UsageError('--max-items, --max-pages, --max-empty-pages and --resume go with --all.');
  if (all && !endpoint.paging)
    throw new UsageError(`${provider.id} ${endpointName} is not paged: run it without --all.`);
  // Nothing asked for: nothing fetched, and no mock gateway or client set up for it.
  if (all && (maxItems === 0 || maxPages === 0)) {
    progress('done: 0 items (nothing fetched: --max-items or --max-pages is 0)');
    return 0;
  }
  // The longest timer the runtime can set: about 24.8 days.
  const timeout = integerFlag(args.flags, 'timeout', { min: 1, max: 2_147_483_647 });
  const useMock = args.flags.has('mock');
  const validate = validateFlag(args);
  const core = await loadCore();
  if (args.flags.has('curl')) {
    if (useMock || all)
      throw new UsageError('--curl prints one request to a gateway you can reach: leave out --mock and --all.');
    // The params checked first, as a call checks them (its errors name the flags).
    core.validateParams({ provider: provider.id, endpoint: endpointName as string, definition: endpoint, params });
    const line = await curlCommand(core, {
      provider,
      endpointName: endpointName as string,
      params,
      baseUrl: curlBaseUrl(args),
    }).catch((error: unknown) => {
      throw usageOf(core, error);
    });
    await write(process.stdout, line);
    return 0;
  }

  let mock: RunningMockGateway | undefined;
  const layers = await clientLayers(args);
  try {
    // The mock serves the one provider called, from its own fixtures: nothing else is loaded.
    if (useMock) mock = await startMock({ providers: [provider], fixtures: await fixturesOf([provider]) });
    const { apiKey, baseUrl } = gatewayAccess(args, mock);
    const pdg = clientOrUsageError(core, () =>
      core.createClient({
        providers: [provider],
        apiKey,
        baseUrl,
        ...(timeout === undefined ? {} : { timeout }),
        validate,
        // With --validate report, what drifted goes to stderr (stdout stays the data).
        ...(validate === 'report' ? { hooks: { onDrift: reportDrift } } : {}),
        ...(layers.cache ? { cache: layers.cache } : {}),
        ...(layers.rateLimit ? { rateLimit: layers.rateLimit } : {}),
      }),
    );
    if (!all) {
      const result = await core.callEndpoint(pdg, provider.id, endpointName as string, params);
      const pretty = args.flags.has('pretty') || (process.stdout.isTTY && !args.flags.has('compact'));
      await write(process.stdout, terminalJson(result, pretty ? 2 : undefined));
      return 0;
    }
    const items = (endpoint.paging as { items: string }).items;
    let itemCount = 0;
    let pageCount = 0;
    const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
    const interrupts = watchInterrupts();
    const walk = clientOrUsageError(core, () =>
      core.walkEndpoint(pdg, provider.id, endpointName as string, params, {
        ...(maxPages === undefined ? {} : { maxPages }),
        ...(maxEmptyPages === undefined ? {} : { maxEmptyPages }),
        ...(resume === undefined ? {} : { resume }),
        signal: interrupts.signal,
      }),
    );
    // Items of the first page a resumed walk already wrote: pages() resumes at the page, not the item.
    let skip = resume?.taken ?? 0;
    // Where the walk is: the page being written (its start, as pages() gave it) and the items of it written.
    let at: WalkCheckpointText = walk.checkpoint;
    try {
      pages: while (!interrupts.received) {
        at = walk.checkpoint;
        const next = await walk.next();
        if (next.done) break;
        pageCount++;
        const list = ((next.value as Record<string, unknown>)[items] as unknown[] | undefined) ?? [];
        if (skip > list.length) {
          throw new UsageError(
            `--resume says ${skip} items of its page were taken, but that page has ${list.length}: it is not a checkpoint pdg printed for this walk (or the data changed). Run without --resume to start over.`,
          );
        }
        for (let index = skip; index < list.length; index++) {
          if (maxItems !== undefined && itemCount >= maxItems) break pages;
          // The line before was written whole; an interrupt stops the walk here, between lines.
          if (interrupts.received) {
            at = { ...at, taken: index };
            break pages;
          }
          await write(process.stdout, terminalJson(list[index]));
          itemCount++;
        }
        skip = 0;
        at = walk.checkpoint;
        progress(`page ${pageCount}: ${plural(itemCount, 'item')} so far`);
        if (maxItems !== undefined && itemCount >= maxItems) break;
      }
    } catch (error) {
      // A failure after some pages were written: the output so far is whole, and the walk can go on from
      // the page that failed once the gateway answers it.
      if (!interrupts.received) {
        if (pageCount === 0 || error instanceof UsageError) throw error;
        return failedWalk(error, { at: { ...at, taken: skip }, itemCount, pageCount });
      }
      // The interrupt aborted the page being fetched: the walk stops at that page, nothing of it written.
      at = { ...at, taken: skip };
    } finally {
      interrupts.stop();
    }
    if (interrupts.received) return stoppedWalk(interrupts, { at, itemCount, pageCount });
    progress(`done: ${plural(itemCount, 'item')} from ${plural(pageCount, 'page')}`);
    return 0;
  } finally {
    await mock?.close();
    await layers.close();
  }
}

/** A walk checkpoint as `walk.checkpoint` gives it and `--resume` reads it back. */
interface WalkCheckpointText {
  readonly at?: number | string;
  readonly taken: number;
  readonly done?: true;
}

/** Where a walk was when a signal stopped it. */
interface StoppedAt {
  readonly at: WalkCheckpointText;
  readonly itemCount: number;
  readonly pageCount: number;
}

/**
 * A walk stopped by SIGINT or SIGTERM: says on stderr where it stopped and how to continue, and gives the
 * shell's exit code for the signal (130, 143).
 */
function stoppedWalk(interrupts: Interruption, stopped: StoppedAt): number {
  process.stderr.write(`pdg: stopped by ${interrupts.received} after ${whereStopped(stopped)}`);
  return interrupts.exitCode;
}

/**
 * A walk a failure ended after some of its pages were written: the failure, where the walk stopped and how
 * to go on from there, on stderr; exit code 1, as for any failed call.
 */
function failedWalk(error: unknown, stopped: StoppedAt): number {
  process.stderr.write(`pdg: ${messageOf(error)}\npdg: the walk stopped after ${whereStopped(stopped)}`);
  return 1;
}

/** `N item(s) from M page(s), at CHECKPOINT.` and the command that continues from there, for stderr. */
function whereStopped(stopped: StoppedAt): string {
  const checkpoint = terminalJson(stopped.at);
  const resumeArgs = [...withoutResume(process.argv.slice(2)), '--resume', checkpoint].map(shellQuoted);
  return (
    `${stopped.itemCount} item(s) from ${stopped.pageCount} page(s), at ${visible(checkpoint)}.\n` +
    `pdg: to continue: ${visible(redacted([pdgCommand(), ...resumeArgs].join(' ')))}\n`
  );
}

/** The command line without a `--resume` it was given (the new one replaces it). */
function withoutResume(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index] as string;
    if (token === '--resume') index++;
    else if (!token.startsWith('--resume=')) out.push(token);
  }
  return out;
}

/** `--resume JSON`: the checkpoint an interrupted walk printed, read back; core checks its fields. */
function resumeFlag(args: ParsedArgs): WalkCheckpointText | undefined {
  const text = args.flags.get('resume');
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as WalkCheckpointText;
  } catch {
    throw new UsageError(
      `--resume takes the checkpoint pdg printed when a walk stopped, as JSON such as '{"at":3,"taken":2}' (received ${JSON.stringify(text)}).`,
    );
  }
}

/** createClient refuses bad options (a malformed URL, a key it cannot send) with a USAGE error: exit 2 here. */
function clientOrUsageError<T>(core: Core, create: () => T): T {
  try {
    return create();
  } catch (error) {
    throw usageOf(core, error);
  }
}

/** A USAGE error of the client as the CLI's usage error (exit 2); any other error as it is. */
function usageOf(core: Core, error: unknown): unknown {
  return core.isPdgError(error) && error.code === 'USAGE' ? new UsageError(error.message) : error;
}

/**
 * The key and base URL a command calls the gateway with: the mock gateway's when one was started, else
 * --api-key and --base-url, or PDG_API_KEY and PDG_BASE_URL. A missing one is a usage error saying where to set it.
 */
function gatewayAccess(
  args: ParsedArgs,
  mock: RunningMockGateway | undefined,
  { keyless = false } = {},
): { apiKey: string; baseUrl: string } {
  const apiKey = mock ? 'mock-key' : (args.flags.get('api-key') ?? process.env.PDG_API_KEY);
  const baseUrl = mock?.url ?? args.flags.get('base-url') ?? process.env.PDG_BASE_URL;
  if (!apiKey && !keyless)
    throw new UsageError(
      'No API key: set PDG_API_KEY or pass --api-key (or add --mock to answer from the built-in mock gateway).',
    );
  if (!baseUrl)
    throw new UsageError(
      'No gateway URL: set PDG_BASE_URL or pass --base-url (or add --mock to answer from the built-in mock gateway).',
    );
  if (apiKey) secrets.push(apiKey);
  return { apiKey: apiKey ?? '', baseUrl };
}

/**
 * The base URL a --curl line is for: --base-url, else PDG_BASE_URL, as a run would send to (the line is
 * the request byte for byte, so it needs the URL). None is a usage error saying where to set it.
 */
function curlBaseUrl(args: ParsedArgs): string {
  const baseUrl = args.flags.get('base-url') ?? process.env.PDG_BASE_URL;
  if (!baseUrl)
    throw new UsageError(
      'No gateway URL: set PDG_BASE_URL or pass --base-url (--curl prints the request byte for byte, to the gateway it would be sent to).',
    );
  return baseUrl;
}

/** The API reference at the mock's /docs/: @pdg/docs is loaded on the first request for it. */
const mockDocs: MockDocs = async (gateway) => (await import('@pdg/docs')).mockDocs(gateway);

/** The mock gateway, loaded only by the commands that start it. */
async function startMock(options: MockGatewayOptions): Promise<RunningMockGateway> {
  const { startMockGateway } = await import('@pdg/mock');
  return startMockGateway(options);
}

/** The flags of `pdg openapi`. */
const openApiFlags = ['server-url', 'compact'];

/** `pdg openapi [provider...]`: the document on stdout. @pdg/openapi is loaded only here. */
async function openApi(args: ParsedArgs): Promise<void> {
  for (const name of args.flags.keys()) {
    if (!openApiFlags.includes(name)) {
      throw new UsageError(
        `--${name} is not an option of openapi.${suggestion(name, openApiFlags, '--')} Options of openapi: --server-url URL, --compact (pdg openapi --help).`,
      );
    }
  }
  if (args.bare.has('server-url')) throw new UsageError('--server-url takes a URL: --server-url https://…');
  const ids = args.positionals.slice(1);
  const selected = await loadProviders(ids.length === 0 ? undefined : ids);
  const given = args.flags.get('server-url');
  const serverUrl = given ?? (process.env.PDG_BASE_URL || undefined);
  const { toOpenApi } = await import('@pdg/openapi');
  let document: ReturnType<typeof toOpenApi>;
  try {
    // The fixtures are the document's examples: every operation shows params and a response the mock answers.
    const fixtures = await fixturesOf(selected);
    document = toOpenApi(selected, { fixtures, ...(serverUrl === undefined ? {} : { serverUrl }) });
  } catch (error) {
    // A server URL it cannot use is the caller's to fix: a usage error naming where the URL came from.
    if (error instanceof TypeError && error.message.startsWith('serverUrl ')) {
      throw new UsageError(error.message.replace(/^serverUrl/, given === undefined ? 'PDG_BASE_URL' : '--server-url'));
    }
    throw error;
  }
  await write(process.stdout, JSON.stringify(document, null, args.flags.has('compact') ? undefined : 2));
}

/** The flags of `pdg docs`. */
const docsFlags = ['out', 'server-url'];

/** `pdg docs [provider...] [--out DIR]`: the reference site as static files. @pdg/docs is loaded only here. */
async function writeDocs(args: ParsedArgs): Promise<void> {
  for (const name of args.flags.keys()) {
    if (!docsFlags.includes(name)) {
      throw new UsageError(
        `--${name} is not an option of docs.${suggestion(name, docsFlags, '--')} Options of docs: --out DIR, --server-url URL (pdg docs --help).`,
      );
    }
  }
  if (args.bare.has('out')) throw new UsageError('--out takes a folder: --out site');
  if (args.bare.has('server-url')) throw new UsageError('--server-url takes a URL: --server-url https://…');
  const ids = [...new Set(args.positionals.slice(1))];
  const selected = await loadProviders(ids.length === 0 ? undefined : ids);
  const given = args.flags.get('server-url');
  const serverUrl = given ?? (process.env.PDG_BASE_URL || undefined);
  const out = args.flags.get('out') ?? 'pdg-docs';
  const { docsSite } = await import('@pdg/docs');
  const site = docsSite({
    providers: selected,
    fixtures: await fixturesOf(selected),
    ...(serverUrl === undefined ? {} : { serverUrl }),
  });
  let written: string[];
  try {
    written = await site.write(out);
  } catch (error) {
    // A server URL it cannot use is the caller's to fix: a usage error naming where the URL came from.
    if (error instanceof TypeError && error.message.startsWith('serverUrl ')) {
      throw new UsageError(error.message.replace(/^serverUrl/, given === undefined ? 'PDG_BASE_URL' : '--server-url'));
    }
    throw error;
  }
  const endpoints = selected.reduce((sum, provider) => sum + Object.keys(provider.endpoints).length, 0);
  process.stderr.write(
    `pdg docs: ${written.length} files in ${out}/ (${endpoints} endpoints of ${selected.length} providers); ` +
      `open ${out}/index.html through a web server, such as: npx http-server ${out}\n`,
  );
}

/** The flags of `pdg mock` (`--help` and `--version` are read before any command). */
const mockFlags = ['port', 'host', 'rate-limit'];

async function serveMock(args: ParsedArgs): Promise<number> {
  const [, ...extra] = args.positionals;
  if (extra.length > 0) {
    throw new UsageError(`Unexpected "${extra.join(' ')}": pdg mock takes only --port N, --host H and --rate-limit R.`);
  }
  for (const name of args.flags.keys()) {
    if (!mockFlags.includes(name)) {
      throw new UsageError(
        `--${name} is not an option of mock.${suggestion(name, mockFlags, '--')} Options of mock: --port N, --host H, --rate-limit R (pdg mock --help).`,
      );
    }
  }
  const port = integerFlag(args.flags, 'port', { max: 65_535 }) ?? 4010;
  const host = args.flags.get('host') ?? '127.0.0.1';
  const rateLimit = rateLimitFlag(args);
  const providers = await loadProviders();
  let gateway: RunningMockGateway;
  try {
    gateway = await startMock({
      providers,
      fixtures: await fixturesOf(providers),
      port,
      host,
      ...(rateLimit ? { rateLimit: { requests: rateLimit.requests, windowMs: rateLimit.windowMs } } : {}),
      docs: mockDocs,
    });
  } catch (error) {
    const reason = listenFailure(error, host, port);
    if (!reason) throw error;
    process.stderr.write(`pdg: ${reason}\n`);
    return 1;
  }
  process.stderr.write(
    `pdg mock gateway: ${gateway.url} (any non-empty x-api-key)\n` +
      `  serving ${providers.map((provider) => provider.id).join(', ')}\n` +
      `  API reference: ${gateway.url}/docs/ (try any endpoint in the browser)\n` +
      (rateLimit ? `  rate limit: ${rateLimit.text} per API key; past it: 429 with Retry-After\n` : '') +
      `  try: PDG_BASE_URL=${gateway.url} PDG_API_KEY=any ${pdgCommand()} run music:catalogstore search --q "velvet orbit" --limit 3\n` +
      '  Ctrl-C stops it.\n',
  );
  await interrupted();
  await gateway.close();
  return 0;
}

/**
 * The command that runs this pdg again from a shell: `npx @pdg/cli` when npx started it (npx puts `pdg` on
 * the PATH of the process it starts, not of the user's shell), else `pdg`.
 */
function pdgCommand(): string {
  return process.env.npm_lifecycle_event === 'npx' ? 'npx @pdg/cli' : 'pdg';
}

/** Settles on Ctrl-C (SIGINT) or SIGTERM: a server command then closes and exits with 0. */
function interrupted(): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** The flags of `pdg mcp`. */
const mcpFlags = ['mock', 'http', 'port', 'host', 'providers', 'all-tools', 'code', 'api-key', 'base-url'];
const mcpFlagsText =
  '--mock, --http, --port N, --host H, --providers id,..., --all-tools, --code, --api-key K, --base-url URL';

/**
 * `pdg mcp`: the endpoints of the providers for AI assistants over the Model Context Protocol, as two tools
 * (find_endpoints, call_endpoint) or, with --all-tools, one tool per endpoint; over stdio (until the client
 * closes stdin) or Streamable HTTP (until interrupted). On stdio, stdout carries protocol messages alone:
 * everything else goes to stderr. @pdg/mcp and the MCP SDK are loaded only here.
 */
async function serveMcp(args: ParsedArgs): Promise<number> {
  const [, ...extra] = args.positionals;
  if (extra.length > 0) {
    throw new UsageError(`Unexpected "${extra.join(' ')}": pdg mcp takes only options: ${mcpFlagsText}.`);
  }
  for (const name of args.flags.keys()) {
    if (!mcpFlags.includes(name)) {
      throw new UsageError(
        `--${name} is not an option of mcp.${suggestion(name, mcpFlags, '--')} Options of mcp: ${mcpFlagsText} (pdg mcp --help).`,
      );
    }
  }
  const http = args.flags.has('http');
  if (args.flags.has('all-tools') && args.flags.has('code')) {
    throw new UsageError('--all-tools and --code are two different toolsets: give one of them.');
  }
  if (!http && (args.flags.has('port') || args.flags.has('host'))) {
    throw new UsageError('--port and --host go with --http: over stdio, the MCP client starts pdg mcp itself.');
  }
  const selected = await loadProviders(mcpProviderIds(args));
  const port = integerFlag(args.flags, 'port', { max: 65_535 }) ?? 4011;
  const host = args.flags.get('host') ?? '127.0.0.1';
  let mock: RunningMockGateway | undefined;
  let close: () => Promise<void> = async () => undefined;
  try {
    if (args.flags.has('mock')) {
      mock = await startMock({
        providers: selected,
        fixtures: await fixturesOf(selected),
        // What the tools' calls ask of the mock, for the one trying it out (stderr: stdout is the protocol's).
        onRequest: (request) => process.stderr.write(`mock gateway: ${request.method} ${request.url}\n`),
      });
    }
    const toolset = args.flags.has('all-tools') ? 'endpoints' : args.flags.has('code') ? 'code' : 'catalog';
    // Over HTTP a server may have no key of its own: each request then brings its caller's.
    const keyless = http && !mock && !args.flags.has('api-key') && !process.env.PDG_API_KEY;
    const access = keyless
      ? { baseUrl: gatewayAccess(args, mock, { keyless: true }).baseUrl }
      : gatewayAccess(args, mock);
    const options = { providers: selected, toolset, ...access } as const;
    const endpointCount = selected.reduce((count, provider) => count + Object.keys(provider.endpoints).length, 0);
    const tools =
      toolset === 'catalog'
        ? `find_endpoints and call_endpoint over ${endpointCount} endpoints`
        : toolset === 'code'
          ? `search_docs and execute (code mode) over ${endpointCount} endpoints`
          : `${endpointCount} tools, one per endpoint,`;
    const serving = `${tools} of ${selected.length} provider${selected.length === 1 ? '' : 's'}; ${
      mock ? `answers from the built-in mock gateway at ${mock.url}` : `calls ${redacted(options.baseUrl)}`
    }`;
    const [mcp, core] = await Promise.all([import('@pdg/mcp'), loadCore()]);
    if (!http) {
      const running = await mcp.serveStdio(options).catch((error: unknown) => Promise.reject(usageOf(core, error)));
      close = () => running.close();
      process.stderr.write(`pdg mcp: ${serving}; over stdio.\n`);
      await Promise.race([running.closed, interrupted()]);
      return 0;
    }
    let running: Awaited<ReturnType<typeof mcp.startMcpHttpServer>>;
    try {
      running = await mcp.startMcpHttpServer({ ...options, host, port });
    } catch (error) {
      const reason = listenFailure(error, host, port);
      if (!reason) throw usageOf(core, error);
      process.stderr.write(`pdg: ${reason}\n`);
      return 1;
    }
    close = () => running.close();
    const loopback = ['127.0.0.1', 'localhost', '::1'].includes(host);
    process.stderr.write(
      `pdg mcp: ${running.url} (Streamable HTTP, stateless: POST each message)\n` +
        `  ${serving}\n` +
        (keyless ? '  no API key of its own: each request must bring one (x-api-key or Authorization: Bearer)\n' : '') +
        (loopback
          ? ''
          : keyless
            ? `  warning: listening on ${host}, beyond this machine: anyone who reaches it can call the gateway through it with their own key, and every tool it serves is open to them\n`
            : `  warning: listening on ${host}, beyond this machine: anyone who reaches it calls the gateway with this server's API key (a request may bring its own instead), and every tool it serves is open to them\n`) +
        '  Ctrl-C stops it.\n',
    );
    await interrupted();
    return 0;
  } finally {
    await close();
    await mock?.close();
  }
}

/** `--providers id,...`: the ids named, in the order given; every provider's without the flag. */
function mcpProviderIds(args: ParsedArgs): readonly string[] {
  const list = args.flags.get('providers');
  if (list === undefined) return providerIds;
  if (args.bare.has('providers') || list.trim() === '') {
    throw new UsageError(
      '--providers needs provider ids, comma-separated: --providers jobs:jobboard,social-media:forum.',
    );
  }
  return list
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

/** One line on why the mock could not listen, and what to do; undefined for any other failure. */
function listenFailure(error: unknown, host: string, port: number): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE')
    return `port ${port} on ${host} is already in use: stop what listens there, or pick another port with --port N (--port 0 picks a free one).`;
  if (code === 'EACCES')
    return `not allowed to listen on ${host}:${port}: ports below 1024 need privileges; pick another with --port N.`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `cannot listen on ${host}: it is not an address of this machine; leave out --host for 127.0.0.1.`;
  return undefined;
}

/** Secrets this run knows of, kept out of everything it prints. */
const secrets: string[] = [];

/** `text` with every known secret replaced (core already redacts its errors; this covers the rest). */
function redacted(text: string): string {
  return secrets.reduce((out, secret) => (secret.length >= 4 ? out.replaceAll(secret, '[redacted]') : out), text);
}

/**
 * The error's message for stderr, its own lines kept (a list of closest fixtures reads better as a list)
 * and indented under `pdg: `. Never a stack trace: that is for developers of pdg, not its users.
 */
function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return visible(redacted(text))
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .join('\n     ');
}

/**
 * What support and a retry need under a failed call's message, when the gateway's answer said it:
 * `request id: …` and `rate limit: 0 of 10 left, resets in 5 s`.
 */
function answerLines(error: {
  readonly rateLimit?: RateLimitInfo | undefined;
  readonly requestId?: string | undefined;
}): string {
  const lines: string[] = [];
  if (error.requestId !== undefined) lines.push(`request id: ${error.requestId}`);
  const limit = error.rateLimit;
  if (limit) {
    const left = `${limit.remaining ?? '?'}${limit.limit === undefined ? '' : ` of ${limit.limit}`} left`;
    lines.push(`rate limit: ${left}${limit.resetSeconds === undefined ? '' : `, resets in ${limit.resetSeconds} s`}`);
  }
  return lines.map((line) => `\n     ${line}`).join('');
}

async function main(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv);
  const command = args.positionals[0];
  if (args.flags.has('version')) {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    await write(process.stdout, manifest.version);
    return 0;
  }
  if (command === 'help') {
    await write(process.stdout, await helpFor(args.positionals.slice(1)));
    return 0;
  }
  if (args.flags.has('help')) {
    await write(process.stdout, await helpFor(args.positionals));
    return 0;
  }
  if (command === undefined) {
    await write(process.stderr, usage);
    return 2;
  }
  switch (command) {
    case 'providers':
      await write(process.stdout, formatProviders(providerPackages));
      return 0;
    case 'describe': {
      const provider = await loadProvider(args.positionals[1]);
      const name = args.positionals[2];
      await write(
        process.stdout,
        name === undefined ? formatProvider(provider) : await describeEndpoint(provider, name),
      );
      return 0;
    }
    case 'run':
      return run(args);
    case 'mock':
      return serveMock(args);
    case 'openapi':
      await openApi(args);
      return 0;
    case 'docs':
      await writeDocs(args);
      return 0;
    case 'mcp':
      return serveMcp(args);
    case 'queue':
      return queueCommand(
        args,
        (text) => write(process.stdout, text),
        (flags) => gatewayAccess(flags, undefined),
      );
    case 'completion':
      await write(process.stdout, completionScript(args.positionals[1], await loadProviders()).trimEnd());
      return 0;
    default:
      throw new UsageError(
        `Unknown command "${command}".${suggestion(command, [...commands])} Commands: ${commands.join(', ')} (pdg --help).`,
      );
  }
}

const argv = process.argv.slice(2);
const keyFlag = argv.findIndex((token) => token === '--api-key' || token.startsWith('--api-key='));
for (const candidate of [
  process.env.PDG_API_KEY,
  keyFlag === -1 ? undefined : argv[keyFlag]?.split('=').slice(1).join('=') || argv[keyFlag + 1],
]) {
  if (candidate) secrets.push(candidate);
}

// A reader that stops early (head, jq, less) closes the pipe: that ends the output, quietly and with success.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}

main(argv).then(
  (code) => {
    process.exitCode = code;
  },
  async (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`pdg: ${visible(redacted(error.message))}\n`);
      process.exitCode = 2;
      return;
    }
    const { isPdgError } = await loadCore();
    if (isPdgError(error) && error.code === 'INVALID_PARAMS') {
      const endpoint = loadedProvider(error.provider)?.endpoints[error.endpoint ?? ''];
      const valid = endpoint
        ? ['', `Params of ${error.provider} ${error.endpoint}:`, ...formatParams(describeParams(endpoint))]
        : [];
      const params = new Map(endpoint ? describeParams(endpoint).map((param) => [param.name, param]) : []);
      const lines = error.issues.map((issue) => `--${issue.path} ${flagRule(issue, params.get(issue.path))}`);
      process.stderr.write(visible(redacted(`pdg: ${lines.join('\n     ')}\n${valid.join('\n')}\n`)));
      process.exitCode = 2;
      return;
    }
    const answer = isPdgError(error) ? answerLines(error) : '';
    process.stderr.write(`pdg: ${messageOf(error)}${visible(redacted(answer))}\n`);
    process.exitCode = 1;
  },
);
