/**
 * Every hint the CLI can print names what exists: each `--flag` in a message, a help text or an example is a
 * flag of the command it is for (src/flags.ts) or a param of the endpoint it runs, and each `pdg <command>`
 * names a command (and `pdg queue <sub>` a queue command). The hints are collected from the source: every
 * string and template literal of src/, read with the TypeScript parser (comments are not hints). A hint is
 * for the command it names (`pdg mcp --http`), else for the commands that print the code it is in (the
 * table below; a new file or function with hints must be added to it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describeParams } from '@pdg/core/describe';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadProviders } from '../src/catalog.js';
import { type CommandName, commands, flagsOf, globalFlags, isCommand, queueSubcommands } from '../src/flags.js';
import { runCli } from './run-cli.js';

const src = new URL('../src/', import.meta.url);

/** A command a hint is for: `run`, `queue work`, or `any` (a flag of some command: the parser, completion). */
type Context = string;

/**
 * Whose flags the hints of a file (or of one top-level function or constant in it, `file#name`) name, when
 * the hint does not name its command itself; `commands/<command>.ts` is that command's unless listed here. A
 * hint printed by more than one command must hold for each.
 */
const hintsFor: Readonly<Record<string, readonly Context[]>> = {
  'args.ts': ['any'],
  'args.ts#validateFlag': ['run'],
  'cli.ts': ['any'],
  'client-layers.ts': ['run'],
  'completion-scripts.ts': ['any'],
  'curl.ts': ['run'],
  // `pdg describe` prints how to run an endpoint: its hints are run's flags and the endpoint's params.
  'endpoint-text.ts': ['run'],
  'flags.ts#runFlags': ['run'],
  'flags.ts#mockFlags': ['mock'],
  'flags.ts#mcpFlags': ['mcp'],
  'flags.ts#queueFlags': ['queue'],
  'flags.ts#docsFlags': ['docs'],
  'flags.ts#openApiFlags': ['openapi'],
  // Called by run, mcp and queue work alike.
  'gateway-access.ts#gatewayAccess': ['run', 'mcp', 'queue work'],
  // Added only for a command whose flag table has --mock (it reads the table).
  'gateway-access.ts#mockHint': ['run', 'mcp'],
  'gateway-access.ts#listenFailure': ['mock', 'mcp'],
  'run-params.ts': ['run', 'queue add'],
  'usage.ts': ['run'],
  'commands/openapi.ts': ['openapi', 'docs'],
  'commands/openapi.ts#docsCommand': ['docs'],
  'commands/run-walk.ts': ['run'],
  // Prints each walk as the `pdg queue add` that would add it.
  'commands/queue-status-text.ts': ['queue add'],
};

/**
 * `--x` that is no pdg flag, each for its reason: the placeholder of a param's flag (`--name value`) and the
 * options of other programs a hint shows (curl's in the line `--curl` prints).
 */
const notFlags = new Set(['name', 'path-as-is']);

/** Words after "pdg" in prose, not a command: "every pdg and client", "the checkpoint pdg printed", "this pdg serves". */
const proseAfterPdg = new Set(['and', 'printed', 'serves']);

/** Other programs a hint shows a command line of: their options are theirs, not pdg's. */
const otherPrograms = /\b(?:redis-server|curl|npx|npm)\b[^)\n;]*/g;

interface Hint {
  readonly where: string;
  /** The keys of `hintsFor` that may classify it: `file#name`, then `file`. */
  readonly keys: readonly string[];
  readonly text: string;
}

/** The top-level declaration a node is in: its function or constant's name. */
function topLevelName(node: ts.Node): string | undefined {
  let statement = node;
  while (statement.parent !== undefined && !ts.isSourceFile(statement.parent)) statement = statement.parent;
  if (ts.isFunctionDeclaration(statement)) return statement.name?.text;
  if (ts.isVariableStatement(statement)) {
    const name = statement.declarationList.declarations[0]?.name;
    return name !== undefined && ts.isIdentifier(name) ? name.text : undefined;
  }
  return undefined;
}

/** A template's text, each `${…}` as `…` but `${pdgCommand()}`, which prints `pdg` (or `npx @pdg/cli`). */
function templateText(template: ts.TemplateExpression): string {
  return (
    template.head.text +
    template.templateSpans
      .map((span) => {
        const expression = span.expression;
        const isPdg =
          ts.isCallExpression(expression) &&
          ts.isIdentifier(expression.expression) &&
          expression.expression.text === 'pdgCommand';
        return `${isPdg ? 'pdg' : '…'}${span.literal.text}`;
      })
      .join('')
  );
}

/** Every string and template literal of src/ that names a flag or a pdg command. */
function collectHints(): Hint[] {
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
  const hints: Hint[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(new URL(file, src), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      let text: string | undefined;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
      else if (ts.isTemplateExpression(node)) text = templateText(node);
      if (text !== undefined && !ts.isImportDeclaration(node.parent) && /--[a-z]|\bpdg [a-z]/.test(text)) {
        const name = topLevelName(node);
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        hints.push({ where: `${file}:${line}`, keys: [...(name ? [`${file}#${name}`] : []), file], text });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return hints;
}

/** The params of every endpoint, and of each by `provider endpoint`. */
let allParams: ReadonlySet<string>;
const paramsOf = new Map<string, ReadonlySet<string>>();

beforeAll(async () => {
  const all = new Set<string>();
  for (const provider of await loadProviders()) {
    for (const [name, endpoint] of Object.entries(provider.endpoints)) {
      const names = new Set(describeParams(endpoint).map((param) => param.name));
      paramsOf.set(`${provider.id} ${name}`, names);
      for (const param of names) all.add(param);
    }
  }
  allParams = all;
});

const flagNames = (command: CommandName, subcommand?: string) =>
  new Set(flagsOf(command, subcommand).map((flag) => flag.name));

/** Whether `--flag` exists for `context` (and for the endpoint a hint runs, when it names one). */
function exists(flag: string, context: Context, endpoint: string | undefined): boolean {
  if (globalFlags.some((global) => global.name === flag)) return true;
  const params = endpoint === undefined ? allParams : (paramsOf.get(endpoint) ?? new Set<string>());
  if (context === 'any') return commands.some((command) => flagNames(command).has(flag)) || params.has(flag);
  const [command, subcommand] = context.split(' ') as [CommandName, string | undefined];
  const takesParams =
    command === 'run' || command === 'harvest' || (command === 'queue' && (subcommand ?? 'add') === 'add');
  return flagNames(command, subcommand).has(flag) || (takesParams && params.has(flag));
}

/** A `--flag` or a `pdg <command>` that does not exist, in one hint. */
function mistakesIn(hint: Hint): string[] {
  const key = hint.keys.find((candidate) => Object.hasOwn(hintsFor, candidate));
  const ownCommand = /^commands\/([a-z]+)\.ts$/.exec(hint.keys.at(-1) ?? '')?.[1];
  const mistakes: string[] = [];
  let contexts: readonly Context[] =
    key !== undefined ? (hintsFor[key] ?? []) : isCommand(ownCommand) ? [ownCommand] : [];
  let endpoint: string | undefined;
  const text = hint.text.replace(otherPrograms, '');
  // Flags and `pdg` mentions in order: a mention makes the flags after it that command's.
  for (const match of text.matchAll(/(?<![\w-])--([a-z][a-z0-9-]*)|\bpdg ([a-z]+)(?: ([a-z]+))?/g)) {
    const [, flag, command, second] = match;
    if (command !== undefined) {
      if (proseAfterPdg.has(command)) continue;
      if (!isCommand(command)) {
        mistakes.push(`pdg ${command} (no such command)`);
        continue;
      }
      const queueCommand = command === 'queue' && second !== undefined;
      if (queueCommand && !(queueSubcommands as readonly string[]).includes(second)) {
        mistakes.push(`pdg queue ${second} (no such queue command)`);
      }
      contexts = [queueCommand ? `queue ${second}` : command];
      // `pdg run jobs:jobboard browse --country SG`: the flags after it may be that endpoint's params.
      const runs = /^pdg (?:run|harvest|queue add) ([a-z-]+:[a-z-]+) ([a-z-]+)/.exec(text.slice(match.index));
      endpoint = runs ? `${runs[1]} ${runs[2]}` : undefined;
      continue;
    }
    if (flag === undefined || notFlags.has(flag)) continue;
    if (contexts.length === 0) mistakes.push(`--${flag} (in code the table hintsFor does not classify)`);
    for (const context of contexts) {
      if (!exists(flag, context, endpoint)) mistakes.push(`--${flag} (not a flag of ${context})`);
    }
  }
  return mistakes;
}

describe('every hint names a flag or command that exists', () => {
  const hints = collectHints();

  it('collects the hints of every command', () => {
    expect(hints.length).toBeGreaterThan(80);
    for (const file of ['commands/run.ts', 'commands/mcp.ts', 'commands/queue.ts', 'gateway-access.ts', 'usage.ts']) {
      expect(hints.some((hint) => hint.keys.includes(file))).toBe(true);
    }
  });

  it('each --flag exists for the command it is for, each pdg <command> is a command', () => {
    const mistakes = hints.flatMap((hint) =>
      mistakesIn(hint).map((mistake) => `${hint.where}: ${mistake} in ${JSON.stringify(hint.text.slice(0, 160))}`),
    );
    expect(mistakes).toEqual([]);
  });

  it('the check finds a hint that names what does not exist', () => {
    const hint = (text: string, file = 'commands/run.ts') => mistakesIn({ where: 'test', keys: [file], text });
    expect(hint('leave out --mokc')).toEqual(['--mokc (not a flag of run)']);
    expect(hint('or add --mock', 'gateway-access.ts#gatewayAccess')).toEqual(['--mock (not a flag of queue work)']);
    expect(hint('run pdg queue work --concurrency 2 --country SG')).toEqual(['--country (not a flag of queue work)']);
    expect(hint('see pdg harvst --help')).toEqual(['pdg harvst (no such command)']);
    expect(hint('pdg run jobs:jobboard browse --country SG --q x')).toEqual(['--q (not a flag of run)']);
    expect(hint('pdg queue add jobs:jobboard browse --country SG --max-items 5')).toEqual([]);
    expect(hint('with --concurrency 2', 'commands/mock.ts')).toEqual(['--concurrency (not a flag of mock)']);
    expect(hint('with --all', 'new-file.ts')).toEqual(['--all (in code the table hintsFor does not classify)']);
  });
});

describe('the hints a command prints when it has no gateway', () => {
  it('pdg queue work --out x with no key: says where to set one, and offers no --mock (queue work has none)', async () => {
    const { code, stderr } = await runCli(['queue', 'work', '--out', 'x'], { PDG_BASE_URL: 'http://127.0.0.1:9' });
    expect(code).toBe(2);
    expect(stderr).toBe(
      'pdg: No API key: set PDG_API_KEY or pass --api-key (to try it locally, pass as --base-url the URL that `pdg mock` prints in another terminal, with any key).\n',
    );
  });

  it('pdg run with no gateway URL still offers --mock, which run takes', async () => {
    const { code, stderr } = await runCli(['run', 'jobs:jobboard', 'browse', '--country', 'SG'], {
      PDG_API_KEY: 'some-key-123',
    });
    expect(code).toBe(2);
    expect(stderr).toBe(
      'pdg: No gateway URL: set PDG_BASE_URL or pass --base-url (or add --mock to answer from the built-in mock gateway).\n',
    );
  });
});
