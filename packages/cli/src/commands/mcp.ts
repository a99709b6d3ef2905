/**
 * `pdg mcp`: the endpoints of the providers for AI assistants over the Model Context Protocol, as two tools
 * (find_endpoints, call_endpoint), one tool per endpoint (--all-tools) or code mode (--code); over stdio
 * (until the client closes stdin) or Streamable HTTP (until interrupted). On stdio, stdout carries protocol
 * messages alone: everything else goes to stderr. @pdg/mcp and the MCP SDK are loaded only here, and
 * @pdg/mcp-oauth only with --oauth (OAuth 2.1 sign-in for assistants that take only a URL).
 */

import type { AnyProvider } from '@pdg/core';
import { pdgEnvironment, pdgToolEnvironment, usageError } from '@pdg/core/face';
import type { RunningMockGateway } from '@pdg/mock';
import { checkFlags, integerFlag, type ParsedArgs } from '../args.js';
import { fixturesOf, loadProviders, providerIds } from '../catalog.js';
import { flagsOf, flagText } from '../flags.js';
import { debugOption, gatewayAccess, interrupted, listenFailure, startMock } from '../gateway-access.js';
import { redacted } from '../io.js';
import { visible } from '../terminal-text.js';

type Toolset = 'catalog' | 'endpoints' | 'code';

/** The flags, checked: which toolset, over HTTP or not, with OAuth sign-in or not. */
function readFlags(args: ParsedArgs): { toolset: Toolset; http: boolean; oauth: boolean } {
  const [, ...extra] = args.positionals;
  if (extra.length > 0) {
    const options = flagsOf('mcp').map(flagText).join(', ');
    throw usageError(`Unexpected "${extra.join(' ')}": pdg mcp takes only options: ${options}.`);
  }
  checkFlags('mcp', flagsOf('mcp'), args);
  const http = args.flags.has('http');
  if (args.flags.has('all-tools') && args.flags.has('code')) {
    throw usageError('--all-tools and --code are two different toolsets: give one of them.');
  }
  if (!http && (args.flags.has('port') || args.flags.has('host'))) {
    throw usageError('--port and --host go with --http: over stdio, the MCP client starts pdg mcp itself.');
  }
  const oauth = args.flags.has('oauth');
  if (oauth && !http) {
    throw usageError('--oauth goes with --http: an assistant signs in to a server it reaches by URL.');
  }
  if (args.flags.has('public-url') && !oauth) {
    throw usageError('--public-url goes with --oauth: it is the URL tokens are issued for.');
  }
  if (args.bare.has('public-url')) {
    throw usageError(
      '--public-url needs the MCP URL as assistants reach it: --public-url https://pdg.example.com/mcp.',
    );
  }
  const toolset = args.flags.has('all-tools') ? 'endpoints' : args.flags.has('code') ? 'code' : 'catalog';
  return { toolset, http, oauth };
}

/** What the server serves and calls, for its first stderr line. */
function servingText(toolset: Toolset, selected: readonly AnyProvider[], calls: string): string {
  const endpointCount = selected.reduce((count, provider) => count + Object.keys(provider.endpoints).length, 0);
  const tools =
    toolset === 'catalog'
      ? `find_endpoints and call_endpoint over ${endpointCount} endpoints`
      : toolset === 'code'
        ? `search_docs and execute (code mode) over ${endpointCount} endpoints`
        : `${endpointCount} tools, one per endpoint,`;
  return `${tools} of ${selected.length} provider${selected.length === 1 ? '' : 's'}; ${calls}`;
}

export async function mcpCommand(args: ParsedArgs): Promise<number> {
  const { toolset, http, oauth } = readFlags(args);
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
        onRequest: (request) => process.stderr.write(`mock gateway: ${visible(`${request.method} ${request.url}`)}\n`),
      });
    }
    // Over HTTP a server may have no key of its own: each request then brings its caller's. With --oauth it
    // has none: every request is a signed-in user's (or brings x-api-key), never the server's.
    const keyless = oauth || (http && !mock && !args.flags.has('api-key') && !pdgEnvironment().PDG_API_KEY);
    const access = keyless
      ? { baseUrl: gatewayAccess(args, mock, { keyless: true }).baseUrl }
      : gatewayAccess(args, mock);
    // Debug lines (PDG_DEBUG=1) on stderr, escaped: stdout is the protocol's.
    const options = { providers: selected, toolset, ...access, debug: debugOption() } as const;
    const calls = mock
      ? `answers from the built-in mock gateway at ${mock.url}`
      : `calls ${visible(redacted(options.baseUrl))}`;
    const serving = servingText(toolset, selected, calls);
    const mcp = await import('@pdg/mcp');
    if (!http) {
      const running = await mcp.serveStdio(options);
      close = () => running.close();
      process.stderr.write(`pdg mcp: ${serving}; over stdio.\n`);
      await Promise.race([running.closed, interrupted()]);
      return 0;
    }
    let running: Awaited<ReturnType<typeof mcp.startMcpHttpServer>>;
    try {
      const auth = oauth ? await signInOf(args, options) : undefined;
      running = await mcp.startMcpHttpServer({ ...options, host, port, ...(auth ? { auth } : {}) });
    } catch (error) {
      const reason = listenFailure(error, host, port);
      if (!reason) throw error;
      process.stderr.write(`pdg: ${reason}\n`);
      return 1;
    }
    close = () => running.close();
    process.stderr.write(httpBanner(running.url, serving, host, keyless && !oauth));
    if (oauth) process.stderr.write(signInBanner(args, running.url));
    await interrupted();
    return 0;
  } finally {
    await close();
    await mock?.close();
  }
}

/** What an MCP server over HTTP says on stderr as it starts: where, what, and who can reach it. */
function httpBanner(url: string, serving: string, host: string, keyless: boolean): string {
  const loopback = ['127.0.0.1', 'localhost', '::1'].includes(host);
  return (
    `pdg mcp: ${url} (Streamable HTTP, stateless: POST each message)\n` +
    `  ${serving}\n` +
    (keyless ? '  no API key of its own: each request must bring one (x-api-key or Authorization: Bearer)\n' : '') +
    (loopback
      ? ''
      : keyless
        ? `  warning: listening on ${host}, beyond this machine: anyone who reaches it can call the gateway through it with their own key, and every tool it serves is open to them\n`
        : `  warning: listening on ${host}, beyond this machine: anyone who reaches it calls the gateway with this server's API key (a request may bring its own instead), and every tool it serves is open to them\n`) +
    '  Ctrl-C stops it.\n'
  );
}

/** The OAuth sign-in (@pdg/mcp-oauth, loaded here only): public URL, secret and Redis from flags and environment. */
async function signInOf(args: ParsedArgs, options: { providers: readonly AnyProvider[]; baseUrl: string }) {
  const { mcpOAuth } = await import('@pdg/mcp-oauth');
  const publicUrl = args.flags.get('public-url') ?? pdgToolEnvironment().PDG_MCP_PUBLIC_URL;
  if (publicUrl !== undefined && !URL.canParse(publicUrl)) {
    throw usageError(
      `--public-url (or PDG_MCP_PUBLIC_URL) is not a URL: give the MCP URL as assistants reach it, such as https://pdg.example.com/mcp.`,
    );
  }
  const secret = pdgToolEnvironment().PDG_MCP_OAUTH_SECRET;
  const redisUrl = pdgEnvironment().PDG_REDIS_URL;
  return mcpOAuth({
    providers: options.providers,
    baseUrl: options.baseUrl,
    ...(publicUrl !== undefined ? { publicUrl } : {}),
    ...(secret ? { secret } : {}),
    ...(redisUrl ? { redisUrl } : {}),
  });
}

/** What a server with --oauth adds to its banner: the URL to give assistants, and where sign-ins live. */
function signInBanner(args: ParsedArgs, url: string): string {
  const publicUrl = args.flags.get('public-url') ?? pdgToolEnvironment().PDG_MCP_PUBLIC_URL ?? url;
  const redisUrl = pdgEnvironment().PDG_REDIS_URL;
  const kept = redisUrl
    ? `in Redis at ${visible(redisHost(redisUrl))}, shared by every process using it`
    : 'in this process (they end with it; set PDG_REDIS_URL to share them)';
  return (
    `  OAuth sign-in: give assistants ${visible(publicUrl)}; each user pastes their own key once on its sign-in page\n` +
    `  sign-ins kept ${kept}\n`
  );
}

/** The Redis URL's host alone: its password is not for stderr. */
function redisHost(url: string): string {
  return URL.canParse(url) ? new URL(url).host : 'PDG_REDIS_URL';
}

/** `--providers id,...`: the ids named, in the order given; every provider's without the flag. */
function mcpProviderIds(args: ParsedArgs): readonly string[] {
  const list = args.flags.get('providers');
  if (list === undefined) return providerIds;
  if (args.bare.has('providers') || list.trim() === '') {
    throw usageError('--providers needs provider ids, comma-separated: --providers jobs:jobboard,social-media:forum.');
  }
  return list
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}
