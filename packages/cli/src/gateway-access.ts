/** What the commands that call a gateway or serve one share: the client's module, access, the mock, listening. */
import { pdgEnvironment, usageError } from '@pdg/core/face';
import type { MockDocs, MockGatewayOptions, RunningMockGateway } from '@pdg/mock';
import type { ParsedArgs } from './args.js';
import { flagsOf, isCommand } from './flags.js';
import { keepSecret } from './io.js';
import { visible } from './terminal-text.js';

/**
 * The client, imported by the commands that call a gateway. Not at start-up: its HTTP layer (ky, and the
 * fetch machinery ky sets up) is most of what a bare client costs to load, and `pdg providers`, `--help`
 * and `--version` need none of it.
 */
export const loadCore = () => import('@pdg/core');
export type Core = Awaited<ReturnType<typeof loadCore>>;

/**
 * The key and base URL a command calls the gateway with: the mock gateway's when one was started, else
 * --api-key and --base-url, or PDG_API_KEY and PDG_BASE_URL. A missing one is a usage error saying where to set it.
 */
export function gatewayAccess(
  args: ParsedArgs,
  mock: RunningMockGateway | undefined,
  { keyless = false } = {},
): { apiKey: string; baseUrl: string } {
  const environment = pdgEnvironment();
  const apiKey = mock ? 'mock-key' : (args.flags.get('api-key') ?? environment.PDG_API_KEY);
  const baseUrl = mock?.url ?? args.flags.get('base-url') ?? environment.PDG_BASE_URL;
  if (!apiKey && !keyless) throw usageError(`No API key: set PDG_API_KEY or pass --api-key${mockHint(args)}.`);
  if (!baseUrl) throw usageError(`No gateway URL: set PDG_BASE_URL or pass --base-url${mockHint(args)}.`);
  keepSecret(apiKey);
  return { apiKey: apiKey ?? '', baseUrl };
}

/**
 * ` (or add --mock …)` for a command whose flag table has `--mock` (run, mcp), else nothing: `pdg queue work`
 * calls a gateway too, but has no mock to offer.
 */
function mockHint(args: ParsedArgs): string {
  const [command, subcommand] = args.positionals;
  const flags = isCommand(command) ? flagsOf(command, command === 'queue' ? subcommand : undefined) : [];
  return flags.some((flag) => flag.name === 'mock') ? ' (or add --mock to answer from the built-in mock gateway)' : '';
}

/**
 * The client's `debug` option: with PDG_DEBUG set to 1, true or yes (as core reads it), each debug line on
 * stderr through the terminal escaping, since a line quotes the answer's request id and rate-limit headers
 * and a gateway can put control characters there (bytes 0x80 to 0x9F pass in a header value). Otherwise
 * false: no debug lines.
 */
export function debugOption(): false | ((line: string) => void) {
  const on = ['1', 'true', 'yes'].includes((pdgEnvironment().PDG_DEBUG ?? '').toLowerCase());
  return on && ((line) => process.stderr.write(`${visible(line)}\n`));
}

/** The API reference at the mock's /docs/: @pdg/docs is loaded on the first request for it. */
export const mockDocs: MockDocs = async (gateway) => (await import('@pdg/docs')).mockDocs(gateway);

/** The mock gateway, loaded only by the commands that start it. */
export async function startMock(options: MockGatewayOptions): Promise<RunningMockGateway> {
  const { startMockGateway } = await import('@pdg/mock');
  return startMockGateway(options);
}

/** Settles on Ctrl-C (SIGINT) or SIGTERM: a server command then closes and exits with 0. */
export function interrupted(): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** One line on why a server could not listen, and what to do; undefined for any other failure. */
export function listenFailure(error: unknown, host: string, port: number): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE')
    return `port ${port} on ${host} is already in use: stop what listens there, or pick another port with --port N (--port 0 picks a free one).`;
  if (code === 'EACCES')
    return `not allowed to listen on ${host}:${port}: ports below 1024 need privileges; pick another with --port N.`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `cannot listen on ${host}: it is not an address of this machine; leave out --host for 127.0.0.1.`;
  return undefined;
}
