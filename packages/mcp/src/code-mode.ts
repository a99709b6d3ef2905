/**
 * Code mode: two tools, `search_docs` and `execute`. `execute` checks a short program the model writes
 * against the endpoints' types (code-check.ts), then runs it against the client in `@pdg/sandbox` (QuickJS in
 * WebAssembly, loaded here on the first program only), so a question that takes many calls and some
 * arithmetic comes back as its answer alone. A caller runs a few programs at once at most (program-slots.ts).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { pdgError } from '@pdg/core';
import type { SandboxBounds } from '@pdg/sandbox/bounds';
import type { CallContext } from './call.js';
import { checkProgram, type ProgramTypeError } from './code-check.js';
import { utf8Bytes } from './cut-to-size.js';
import { searchDocsName } from './docs-search.js';
import { toolError } from './errors.js';
import type { ResolvedLimits } from './limits.js';
import type { ProgramSlots } from './program-slots.js';
import type { PdgTool, ServedTool } from './tools.js';

export const executeName = 'execute';

const example = `const counts = {};
for await (const job of pdg.items('jobs:jobboard', 'browse', { country: 'SG' }, { maxItems: 200 })) {
  if (job.isRemote) counts[job.location?.city ?? 'unknown'] = (counts[job.location?.city ?? 'unknown'] ?? 0) + 1;
}
return Object.entries(counts).sort((a, b) => b[1] - a[1]).slice(0, 5);`;

/** The two tools of code mode, over the endpoints served. */
export function codeTools(
  endpoints: readonly PdgTool[],
  bounds: Required<SandboxBounds>,
  limits: Pick<ResolvedLimits, 'maxProgramsPerCaller' | 'maxProgramBytes'>,
): ServedTool[] {
  const providerIds = [...new Set(endpoints.map((tool) => tool.provider))];
  const annotations = { readOnlyHint: true, openWorldHint: true } as const;
  return [
    {
      name: searchDocsName,
      title: 'Search the Public-Data Gateway docs',
      description: [
        `Searches the docs of ${endpoints.length} endpoints of ${providerIds.length} providers of the Public-Data Gateway (public web data: job boards, forums, music catalogues, scholarly indexes, finance and health data) for the words given, best match first.`,
        `The best match comes whole: how a program calls it (pdg.run, or pdg.items / pdg.pages for a paged one), its params with their rules, and its answer's types, as ${executeName} checks a program against them; the next matches are named. Read it, then write the program for ${executeName}.`,
      ].join('\n'),
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'Words such as "remote jobs singapore" or "bond yields".' },
          limit: {
            type: 'integer',
            minimum: 1,
            maximum: 10,
            default: 1,
            description: 'Matches to give whole (default 1; the next 4 are named).',
          },
        },
        additionalProperties: false,
      },
      annotations,
    },
    {
      name: executeName,
      title: 'Run a program against the Public-Data Gateway',
      description: [
        'Runs `code`, a JavaScript or TypeScript program, as the body of an async function: it may `await`, and what it `return`s (any JSON value) is the answer. Do the calls, filtering and arithmetic in the program, and return only the answer.',
        `First the program is checked against the endpoints' types (${searchDocsName} shows them): a misspelt provider, endpoint, param or field is an error naming its line and the name meant, and nothing runs.`,
        `In scope: \`pdg.run(provider, endpoint, params)\` (the answer), \`pdg.items(provider, endpoint, params, { maxItems?, maxPages? })\` (an async iterable of a paged endpoint's items, across pages), \`pdg.pages(provider, endpoint, params, { maxPages? })\` (its pages), \`pdg.toArray(iterable)\`, \`console.log\`. Providers: ${providerIds.join(', ')}; ${searchDocsName} gives each endpoint's params and fields.`,
        'A failed call throws an error with `code` (INVALID_PARAMS names each bad param) and a message; catch it or let it end the program. There is nothing else: no network, files, environment, timers or modules.',
        `Bounds: ${(bounds.wallMs / 1000).toLocaleString('en-US')} s in all, ${(bounds.cpuMs / 1000).toLocaleString('en-US')} s of CPU time, ${Math.round(bounds.memoryBytes / 1024 / 1024)} MiB of memory, ${bounds.maxCalls} gateway calls (a walk's every page is one), ${bounds.maxResultBytes.toLocaleString('en-US')} bytes of answer, ${bounds.maxConsoleBytes.toLocaleString('en-US')} bytes of console output; past one, the program is stopped with an error naming it. At most ${limits.maxProgramsPerCaller} of your programs run at once, each at most ${limits.maxProgramBytes.toLocaleString('en-US')} bytes long.`,
        `Example, the Singapore cities with the most remote jobs:\n${example}`,
      ].join('\n'),
      inputSchema: {
        type: 'object',
        properties: {
          code: {
            type: 'string',
            description: 'The program: the body of an async function, which returns the answer.',
          },
        },
        required: ['code'],
        additionalProperties: false,
      },
      annotations,
    },
  ];
}

/** Type errors quoted in a tool error at most: the first ones, which later ones often follow from. */
const maxTypeErrors = 10;

/**
 * `execute`: the program's answer as text and structured content, or a tool error saying why there is none:
 * first its type errors against the served endpoints' types (nothing is sent then), then the run's failure.
 */
export async function execute(
  args: Record<string, unknown>,
  context: CallContext,
  server: {
    readonly bounds: SandboxBounds;
    readonly endpoints: readonly PdgTool[];
    readonly slots: ProgramSlots;
    readonly maxProgramBytes: number;
  },
): Promise<CallToolResult> {
  const { bounds, endpoints, slots, maxProgramBytes } = server;
  const { redact } = context.endpoints;
  if (typeof args.code !== 'string') {
    const received = args.code === undefined ? 'nothing' : args.code === null ? 'null' : `a ${typeof args.code}`;
    const rule = `must be the program's text, a string (received ${received})`;
    return toolError(
      pdgError({
        code: 'INVALID_PARAMS',
        issues: [{ path: 'code', message: rule }],
        message: `Invalid arguments for ${executeName}: code ${rule}.`,
        nothingSent: true,
      }),
    );
  }
  const bytes = utf8Bytes(args.code);
  if (bytes > maxProgramBytes) {
    const rule = `must be at most ${maxProgramBytes.toLocaleString('en-US')} bytes (received ${bytes.toLocaleString('en-US')})`;
    return toolError(
      pdgError({
        code: 'INVALID_PARAMS',
        issues: [{ path: 'code', message: rule }],
        message: `Invalid arguments for ${executeName}: code ${rule}. Let the program fetch what it needs with pdg calls rather than carry it in its text.`,
        nothingSent: true,
      }),
    );
  }
  const typeErrors = await checkProgram(endpoints, args.code);
  if (typeErrors.length > 0) return toolError(typeError(typeErrors));
  const slot = slots.take(callerOf(context, endpoints));
  if ('refusal' in slot) return slot.refusal;
  try {
    const { runProgram } = await import('@pdg/sandbox');
    const { task } = context;
    const result = await runProgram({
      code: args.code,
      client: context.client,
      // As a task, the program may walk as far as a task does: its time and gateway calls are the task's.
      bounds: task
        ? {
            ...bounds,
            wallMs: Math.max(bounds.wallMs ?? 0, task.wallMs),
            maxCalls: Math.max(bounds.maxCalls ?? 0, task.maxCalls),
          }
        : bounds,
      redact,
      ...(context.signal ? { signal: context.signal } : {}),
      ...(task ? { onProgress: task.report } : {}),
    });
    const value = redact(result.value);
    const logged = result.console === '' ? undefined : String(redact(result.console));
    const content: CallToolResult['content'] = [{ type: 'text', text: JSON.stringify(value) }];
    if (logged !== undefined) content.push({ type: 'text', text: `console:\n${logged}` });
    return {
      content,
      structuredContent: { result: value, calls: result.calls, ...(logged === undefined ? {} : { console: logged }) },
    };
  } catch (error) {
    // A SandboxError is one of pdg's errors (isPdgError), coded BOUND_EXCEEDED, PROGRAM_ERROR or the failed call's code.
    return toolError(error);
  } finally {
    slot.release();
  }
}

/**
 * Whose program it is: the identity of the key the call's client sends (core's, never the key), which core
 * gives with a call's identity; any served endpoint's will do, the key's part is the same for all.
 */
function callerOf(context: CallContext, endpoints: readonly PdgTool[]): string {
  const [any] = endpoints;
  // A server of no endpoints gives a program nothing to call: its callers count as one.
  return any === undefined ? 'no endpoints' : context.endpoints.identity(any.provider, any.endpointName).key;
}

/** The program's type errors as one `INVALID_PARAMS` error, an issue per error at `line N, column M`. */
function typeError(errors: readonly ProgramTypeError[]): ReturnType<typeof pdgError> {
  const shown = errors.slice(0, maxTypeErrors);
  const lines = shown.map((error) => `line ${error.line}, column ${error.column}: ${error.message}`);
  const more = errors.length > shown.length ? `\n(${errors.length - shown.length} more type errors.)` : '';
  return pdgError({
    code: 'INVALID_PARAMS',
    issues: shown.map((error) => ({ path: `code:${error.line}:${error.column}`, message: error.message })),
    message: `The program does not type-check against the endpoints' types (${searchDocsName} shows them): it was not run, and nothing was sent.\n${lines.join('\n')}${more}`,
  });
}
