/**
 * `pdg run <provider> <endpoint> [--<param> value ...]`: one call, its result as JSON; with --all, a walk
 * of every item (run-walk.ts); with --curl, the request as a curl line instead. In steps: read the
 * request, build the client (and the mock gateway, cache and rate limit it asks for), call or walk.
 */

import type { AnyProvider, Drift, EndpointDefinition, HookContext, PdgClient } from '@pdg/core';
import { paramsFromStrings } from '@pdg/core/describe';
import { endpointsOf, pdgEnvironment, usageError } from '@pdg/core/face';
import type { RunningMockGateway } from '@pdg/mock';
import { integerFlag, type ParsedArgs, validateFlag } from '../args.js';
import { fixturesOf, loadProvider } from '../catalog.js';
import { clientLayers } from '../client-layers.js';
import { curlCommand } from '../curl.js';
import { type Core, debugOption, gatewayAccess, loadCore, startMock } from '../gateway-access.js';
import { write } from '../io.js';
import { paramFlags } from '../run-params.js';
import { terminalJson, visible } from '../terminal-text.js';
import { findEndpoint } from './describe.js';
import { resumeFlag, type WalkRequest, walkAll } from './run-walk.js';

/** A run as its flags asked for it, checked. */
interface RunRequest extends WalkRequest {
  readonly endpoint: EndpointDefinition;
  readonly all: boolean;
}

export async function runCommand(args: ParsedArgs): Promise<number> {
  const request = await readRequest(args);
  // Nothing asked for: nothing fetched, and no mock gateway or client set up for it.
  if (request.all && (request.maxItems === 0 || request.maxPages === 0)) {
    request.progress('done: 0 items (nothing fetched: --max-items or --max-pages is 0)');
    return 0;
  }
  // The longest timer the runtime can set: about 24.8 days.
  const timeout = integerFlag(args.flags, 'timeout', { min: 1, max: 2_147_483_647 });
  const validate = validateFlag(args);
  const core = await loadCore();
  if (args.flags.has('curl')) return printCurl(core, request, args);
  return withClient(core, args, { request, timeout, validate }, (pdg) =>
    request.all ? walkAll(pdg, request) : singleCall(pdg, request, args),
  );
}

/** The provider, endpoint, params and walk flags of the run, checked before anything is set up. */
async function readRequest(args: ParsedArgs): Promise<RunRequest> {
  const [, providerId, endpointName, ...extra] = args.positionals;
  const provider = await loadProvider(providerId);
  const endpoint = findEndpoint(provider, endpointName);
  const name = endpointName as string;
  if (extra.length > 0) throw usageError(`Unexpected "${extra.join(' ')}": params are given as --name value.`);
  const params = paramsFromStrings(endpoint, paramFlags(provider.id, name, endpoint, args));
  const all = args.flags.has('all');
  const maxItems = integerFlag(args.flags, 'max-items');
  const maxPages = integerFlag(args.flags, 'max-pages');
  const maxEmptyPages = integerFlag(args.flags, 'max-empty-pages', { min: 1 });
  const resume = resumeFlag(args);
  if (!all && (maxItems ?? maxPages ?? maxEmptyPages ?? resume) !== undefined)
    throw usageError('--max-items, --max-pages, --max-empty-pages and --resume go with --all.');
  if (all && !endpoint.paging) throw usageError(`${provider.id} ${name} is not paged: run it without --all.`);
  const progress = (line: string) => {
    if (!args.flags.has('quiet')) process.stderr.write(`${line}\n`);
  };
  return { provider, endpoint, endpointName: name, params, all, maxItems, maxPages, maxEmptyPages, resume, progress };
}

/** `--curl`: the exact request, as a curl line, instead of sending it. */
async function printCurl(core: Core, request: RunRequest, args: ParsedArgs): Promise<number> {
  const { provider, endpointName, endpoint, params } = request;
  if (args.flags.has('mock') || request.all)
    throw usageError('--curl prints one request to a gateway you can reach: leave out --mock and --all.');
  // The params checked first, as a call checks them (its errors name the flags).
  core.validateParams({ provider: provider.id, endpoint: endpointName, definition: endpoint, params });
  const line = await curlCommand(core, { provider, endpointName, params, baseUrl: curlBaseUrl(args) });
  await write(process.stdout, line);
  return 0;
}

/**
 * The base URL a --curl line is for: --base-url, else PDG_BASE_URL, as a run would send to (the line is
 * the request byte for byte, so it needs the URL). None is a usage error saying where to set it.
 */
function curlBaseUrl(args: ParsedArgs): string {
  const baseUrl = args.flags.get('base-url') ?? pdgEnvironment().PDG_BASE_URL;
  if (!baseUrl)
    throw usageError(
      'No gateway URL: set PDG_BASE_URL or pass --base-url (--curl prints the request byte for byte, to the gateway it would be sent to).',
    );
  return baseUrl;
}

interface ClientSettings {
  readonly request: RunRequest;
  readonly timeout: number | undefined;
  readonly validate: ReturnType<typeof validateFlag>;
}

/**
 * Runs `use` with a client for the run's provider: against the mock gateway with --mock (serving the one
 * provider called, from its own fixtures), with the cache and rate limit asked for; all closed after.
 */
async function withClient(
  core: Core,
  args: ParsedArgs,
  { request, timeout, validate }: ClientSettings,
  use: (pdg: PdgClient<readonly AnyProvider[]>) => Promise<number>,
): Promise<number> {
  const { provider } = request;
  let mock: RunningMockGateway | undefined;
  const layers = await clientLayers(args);
  try {
    if (args.flags.has('mock')) {
      mock = await startMock({ providers: [provider], fixtures: await fixturesOf([provider]) });
    }
    const { apiKey, baseUrl } = gatewayAccess(args, mock);
    const pdg = core.createClient({
      providers: [provider],
      apiKey,
      baseUrl,
      ...(timeout === undefined ? {} : { timeout }),
      validate,
      debug: debugOption(),
      // With --validate report, what drifted goes to stderr (stdout stays the data).
      ...(validate === 'report' ? { hooks: { onDrift: reportDrift } } : {}),
      ...(layers.cache ? { cache: layers.cache } : {}),
      ...(layers.rateLimit ? { rateLimit: layers.rateLimit } : {}),
    });
    return await use(pdg);
  } finally {
    await mock?.close();
    await layers.close();
  }
}

/** One call, its result as JSON: indented on a terminal or with --pretty, one line otherwise or with --compact. */
async function singleCall(
  pdg: PdgClient<readonly AnyProvider[]>,
  request: RunRequest,
  args: ParsedArgs,
): Promise<number> {
  const endpoints = endpointsOf(pdg);
  const result = await endpoints.run(request.provider.id, request.endpointName, request.params);
  const pretty = args.flags.has('pretty') || (process.stdout.isTTY && !args.flags.has('compact'));
  // A gateway can echo the key in a 200 body: the client's own redaction keeps it out, in every form.
  await write(process.stdout, terminalJson(endpoints.redact(result), pretty ? 2 : undefined));
  return 0;
}

/**
 * One stderr line per difference `--validate report` found: the field and its types, never the value. The
 * field's name comes from the body (core has kept the key out of it): escaped for the terminal.
 */
function reportDrift({ provider, endpoint, drift }: HookContext & { readonly drift: Drift }): void {
  const where = drift.path === '' ? '(root)' : drift.path;
  process.stderr.write(
    `pdg: ${provider} ${endpoint} response differs from its documented shape at ${visible(where)} (${drift.change}: expected ${drift.expected}, received ${drift.received}); returned as sent\n`,
  );
}
