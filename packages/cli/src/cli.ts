/**
 * `pdg`: reads the command line and hands it to the command's module (commands/), then prints what went
 * wrong, if anything, with the exit code for it: 2 for usage, 1 for a failed call.
 */

import { readFileSync } from 'node:fs';
import type { RateLimitInfo } from '@pdg/core';
import { describeParams } from '@pdg/core/describe';
import { endpointCatalog, isPdgError, pdgEnvironment, usageError } from '@pdg/core/face';
import { type ParsedArgs, parseArgs, suggestion } from './args.js';
import { loadedProvider } from './catalog.js';
import { completionCommand } from './commands/completion.js';
import { describeCommand, providersCommand } from './commands/describe.js';
import { harvestCommand } from './commands/harvest.js';
import { mcpCommand } from './commands/mcp.js';
import { mockCommand } from './commands/mock.js';
import { docsCommand, openApiCommand } from './commands/openapi.js';
import { queueCommand } from './commands/queue.js';
import { runCommand } from './commands/run.js';
import { formatParams } from './endpoint-text.js';
import { type CommandName, commands } from './flags.js';
import { gatewayAccess } from './gateway-access.js';
import { keepSecret, messageOf, redacted, write } from './io.js';
import { flagRule } from './run-params.js';
import { visible } from './terminal-text.js';
import { helpFor, usage } from './usage.js';

/** What runs each command (`help` is read before any command). */
const handlers: Readonly<Record<Exclude<CommandName, 'help'>, (args: ParsedArgs) => Promise<number>>> = {
  providers: providersCommand,
  describe: describeCommand,
  run: runCommand,
  harvest: harvestCommand,
  mock: mockCommand,
  openapi: openApiCommand,
  docs: docsCommand,
  mcp: mcpCommand,
  queue: (args) =>
    queueCommand(
      args,
      (text) => write(process.stdout, text),
      (flags) => gatewayAccess(flags, undefined),
    ),
  completion: completionCommand,
};

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
  if (!Object.hasOwn(handlers, command)) {
    throw usageError(
      `Unknown command "${command}".${suggestion(command, commands)} Commands: ${commands.join(', ')} (pdg --help).`,
    );
  }
  return handlers[command as keyof typeof handlers](args);
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

/**
 * The exit code of a failure, the one place pdg's errors meet them: 2 for what the command line must fix
 * (`USAGE`, and params a flag got wrong: `INVALID_PARAMS`), 1 for the rest (a failed call, a fault).
 */
function exitCodeOf(error: unknown): 1 | 2 {
  return isPdgError(error) && (error.code === 'USAGE' || error.code === 'INVALID_PARAMS') ? 2 : 1;
}

/** A failure on stderr, and its exit code (see `exitCodeOf`). */
function failed(error: unknown): number {
  if (isPdgError(error) && error.code === 'USAGE') {
    process.stderr.write(`pdg: ${visible(redacted(error.message))}\n`);
  } else if (isPdgError(error) && error.code === 'INVALID_PARAMS') {
    const provider = loadedProvider(error.provider);
    // The endpoint the refused call named, as core's catalog gives it (the call found it, so it is there).
    const endpoint =
      provider && error.endpoint !== undefined
        ? endpointCatalog([provider]).definition(provider.id, error.endpoint)
        : undefined;
    const valid = endpoint
      ? ['', `Params of ${error.provider} ${error.endpoint}:`, ...formatParams(describeParams(endpoint))]
      : [];
    const params = new Map(endpoint ? describeParams(endpoint).map((param) => [param.name, param]) : []);
    const lines = error.issues.map((issue) => `--${issue.path} ${flagRule(issue, params.get(issue.path))}`);
    process.stderr.write(visible(redacted(`pdg: ${lines.join('\n     ')}\n${valid.join('\n')}\n`)));
  } else {
    const answer = isPdgError(error) ? answerLines(error) : '';
    process.stderr.write(`pdg: ${messageOf(error)}${visible(redacted(answer))}\n`);
  }
  return exitCodeOf(error);
}

const argv = process.argv.slice(2);
const keyFlag = argv.findIndex((token) => token === '--api-key' || token.startsWith('--api-key='));
keepSecret(pdgEnvironment().PDG_API_KEY);
keepSecret(keyFlag === -1 ? undefined : argv[keyFlag]?.split('=').slice(1).join('=') || argv[keyFlag + 1]);

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
  (error: unknown) => {
    process.exitCode = failed(error);
  },
);
