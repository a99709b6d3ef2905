/**
 * Every command's flags, one table each: the parser (which flags are switches), each command's `--help`,
 * the usage error for a flag a command does not take, and the completion scripts all read these rows.
 * A new flag is one row here, and the code that reads its value.
 */

/** One flag of a command. */
export interface Flag {
  /** `max-items`, given as `--max-items`. */
  readonly name: string;
  /** The value's placeholder in help (`N`, `URL`); absent for a switch, which takes no value. */
  readonly value?: string;
  /** A short form (`-q`), for a switch. */
  readonly short?: string;
  /** What it does, for `--help`. */
  readonly description: string;
  /** What applies without it, for `--help`. */
  readonly default?: string;
  /** What a shell completes as its value: provider ids, or a path. Nothing by default. */
  readonly completes?: 'providers' | 'path';
  /** The `pdg queue` subcommands that take it; every one when absent. */
  readonly only?: readonly string[];
}

/** Flags every command takes, read before any command runs. */
export const globalFlags: readonly Flag[] = [
  { name: 'help', short: '-h', description: 'the usage of pdg, or of the command' },
  { name: 'version', short: '-v', description: 'the version of pdg' },
];

/** Short forms no help line shows: `-V` is `--version` too. */
export const hiddenShorts: Readonly<Record<string, string>> = { '-V': 'version' };

const apiKey: Flag = { name: 'api-key', value: 'K', description: 'the API key', default: 'PDG_API_KEY' };
const baseUrl: Flag = { name: 'base-url', value: 'URL', description: 'the gateway', default: 'PDG_BASE_URL' };
const rateForms = '5/s (per second), 300/m (per minute) or 10/500ms (per window of N ms)';

const runFlags: readonly Flag[] = [
  { name: 'all', description: 'walk every page, one NDJSON line per item (progress on stderr)' },
  { name: 'quiet', short: '-q', description: 'with --all: no progress lines' },
  { name: 'max-items', value: 'N', description: 'with --all: stop after N items' },
  { name: 'max-pages', value: 'N', description: 'with --all: stop after N pages' },
  {
    name: 'max-empty-pages',
    value: 'N',
    description: 'with --all: fail after N pages in a row with no items that say there are more',
    default: '3',
  },
  {
    name: 'resume',
    value: 'JSON',
    description: 'with --all: continue where an interrupted walk stopped (the checkpoint it printed)',
  },
  { name: 'mock', description: 'answer from the built-in mock gateway (no key, no network)' },
  apiKey,
  baseUrl,
  { name: 'timeout', value: 'MS', description: 'for the whole call, retries included' },
  {
    name: 'validate',
    value: 'MODE',
    description:
      'strict: a response not of the documented shape fails; report: print it and say on stderr what differs (path and types, once each); off: no check',
    default: 'strict',
  },
  { name: 'no-validate', description: 'the same as --validate off' },
  { name: 'pretty', description: 'indented JSON', default: 'on a terminal' },
  { name: 'compact', description: 'one line of JSON', default: 'when not on a terminal' },
  {
    name: 'curl',
    description: 'print the exact request as a curl command (the key as $PDG_API_KEY) instead of sending it',
  },
  {
    name: 'cache',
    description: "keep answers for each endpoint's cache time; identical calls in flight share a request",
  },
  {
    name: 'redis',
    value: 'URL',
    description: 'keep the cache (and --rate-limit) in Redis, shared with every pdg and client using it',
  },
  { name: 'rate-limit', value: 'R', description: 'at most R requests (5/s, 300/m, 10/500ms), a 429 pauses them all' },
];

const mockFlags: readonly Flag[] = [
  { name: 'port', value: 'N', description: '0 picks a free port', default: '4010' },
  { name: 'host', value: 'H', description: 'the address to listen on', default: '127.0.0.1 (this machine only)' },
  {
    name: 'rate-limit',
    value: 'R',
    description: `requests allowed per API key, as ${rateForms}; past it: 429 with Retry-After`,
    default: 'no limit',
  },
];

const serverUrl = (what: string): Flag => ({
  name: 'server-url',
  value: 'URL',
  description: what,
  default: 'PDG_BASE_URL, else a {base_url} variable whose default is the local mock gateway (http://127.0.0.1:4010)',
});

const openApiFlags: readonly Flag[] = [
  serverUrl("the gateway's base URL in the document"),
  { name: 'compact', description: 'one line of JSON', default: 'indented' },
];

const docsFlags: readonly Flag[] = [
  {
    name: 'out',
    value: 'DIR',
    description: 'the folder to write into (created when missing)',
    default: 'pdg-docs',
    completes: 'path',
  },
  serverUrl('where "try it" sends'),
];

const mcpFlags: readonly Flag[] = [
  { name: 'all-tools', description: 'one tool per endpoint instead of find_endpoints and call_endpoint' },
  {
    name: 'code',
    description:
      'code mode: search_docs and execute (a program run against the client in a WebAssembly sandbox, only its answer returned) instead of find_endpoints and call_endpoint',
  },
  {
    name: 'mock',
    description: 'answer from the built-in mock gateway (no key, no network); its requests go to stderr',
  },
  { name: 'http', description: 'serve Streamable HTTP (stateless) at http://127.0.0.1:4011/mcp instead, until Ctrl-C' },
  {
    name: 'port',
    value: 'N',
    description: 'with --http: 0 picks a free port (the URL is printed on stderr)',
    default: '4011',
  },
  {
    name: 'host',
    value: 'H',
    description: 'with --http: the address to listen on',
    default: '127.0.0.1 (this machine only)',
  },
  {
    name: 'oauth',
    description:
      'with --http: sign assistants that take only a URL in with OAuth 2.1: each user pastes their key once on a sign-in page, and their token spends it (x-api-key still works); PDG_MCP_OAUTH_SECRET seals the keys, PDG_REDIS_URL shares sign-ins between processes',
  },
  {
    name: 'public-url',
    value: 'URL',
    description: 'with --oauth: the MCP URL as assistants reach it, https:// (TLS in front of this server)',
    default: 'PDG_MCP_PUBLIC_URL, else the URL it listens at',
  },
  {
    name: 'providers',
    value: 'id,...',
    description: 'only these providers, comma-separated',
    default: 'all',
    completes: 'providers',
  },
  {
    ...apiKey,
    description:
      'the API key; with --http and no key, each request must bring its own (x-api-key: <key> or Authorization: Bearer <key>), as it may anyway',
  },
  baseUrl,
];

const queueFlags: readonly Flag[] = [
  { name: 'redis', value: 'URL', description: 'the Redis of the queue', default: 'PDG_REDIS_URL' },
  { name: 'queue', value: 'NAME', description: "the queue's name", default: 'pdg-walks' },
  { name: 'max-items', value: 'N', description: 'add: stop the walk after N items', only: ['add'] },
  { name: 'max-pages', value: 'N', description: 'add: stop the walk after N pages', only: ['add'] },
  {
    name: 'every',
    value: 'PERIOD',
    description: "add: run the walk again each PERIOD (30s, 10m, 1h, 1d), no faster than the endpoint's cache time",
    only: ['add'],
  },
  {
    name: 'full-refresh',
    description: 'add: the run walks every page, whatever the table it goes into holds (otherwise only what is new)',
    only: ['add'],
  },
  { name: 'json', description: 'status: the status as one JSON object', only: ['status'] },
  {
    name: 'out',
    value: 'DIR',
    description: 'work: write each page to DIR/<walk id>/<page>.ndjson, one item a line (this or --into)',
    completes: 'path',
    only: ['work'],
  },
  {
    name: 'into',
    value: 'TARGET',
    description:
      'work: every item once by its key into a table: postgres://… (many workers) or duckdb:FILE (one); status: the ledger of each walk there',
    completes: 'path',
    only: ['work', 'status'],
  },
  { name: 'concurrency', value: 'N', description: 'work: walks at once in this process', default: '1', only: ['work'] },
  {
    name: 'lock',
    value: 'PERIOD',
    description:
      'work: how long a silent worker keeps its walk, and how often this one looks for such walks to take up',
    default: '30s',
    only: ['work'],
  },
  {
    name: 'rate-limit',
    value: 'R',
    description: "work: the API key's limit, shared through Redis by every worker: 10/s, 600/m",
    only: ['work'],
  },
  { ...apiKey, description: 'work: the API key', only: ['work'] },
  { ...baseUrl, description: 'work: the gateway', only: ['work'] },
];

const harvestFlags: readonly Flag[] = [
  {
    name: 'into',
    value: 'TARGET',
    description: 'where the table goes: duckdb:FILE, postgres://… or parquet:DIR',
    default: 'duckdb:pdg.duckdb',
    completes: 'path',
  },
  { name: 'full-refresh', description: 'walk every page, whatever is stored (otherwise only what is new)' },
  {
    name: 'delete-stale',
    description: 'after a complete full walk, delete the rows no longer listed (otherwise marked removed)',
  },
  { name: 'max-items', value: 'N', description: 'stop after N items' },
  { name: 'json', description: "the run's summary as one JSON object, stdout's last line" },
  { name: 'quiet', short: '-q', description: 'no progress or summary lines on stderr' },
  { name: 'mock', description: 'answer from the built-in mock gateway (no key, no network)' },
  apiKey,
  baseUrl,
  { name: 'timeout', value: 'MS', description: 'for each page, retries included' },
];

/** Each command's flags (besides the global ones); `run` and `queue add` take the endpoint's params too. */
export const commandFlags = {
  providers: [],
  describe: [],
  run: runFlags,
  harvest: harvestFlags,
  mock: mockFlags,
  openapi: openApiFlags,
  docs: docsFlags,
  mcp: mcpFlags,
  queue: queueFlags,
  completion: [],
  help: [],
} as const satisfies Readonly<Record<string, readonly Flag[]>>;

export type CommandName = keyof typeof commandFlags;

/** The subcommands of `pdg queue`, in the order help and completion list them. */
export const queueSubcommands = ['add', 'work', 'status', 'remove'] as const;

/** The commands, in the order help and completion list them. */
export const commands = Object.keys(commandFlags) as CommandName[];

export function isCommand(word: string | undefined): word is CommandName {
  return word !== undefined && Object.hasOwn(commandFlags, word);
}

/** The flags of a command, or of one `pdg queue` subcommand. */
export function flagsOf(command: CommandName, subcommand?: string): readonly Flag[] {
  const flags: readonly Flag[] = commandFlags[command];
  return subcommand === undefined ? flags : flags.filter((flag) => flag.only?.includes(subcommand) ?? true);
}

/** `--port N`, `--mock`: a flag as usage lines and messages show it. */
export function flagText(flag: Flag): string {
  return `--${flag.name}${flag.value === undefined ? '' : ` ${flag.value}`}`;
}

/** `--port N, --host H and --rate-limit R`: a command's flags in a sentence. */
export function flagSentence(flags: readonly Flag[]): string {
  const texts = flags.map(flagText);
  return texts.length < 2 ? texts.join('') : `${texts.slice(0, -1).join(', ')} and ${texts.at(-1)}`;
}

/**
 * The switches (flags that take no value) while parsing a command's flags: the global ones and the
 * command's own, so a switch of one command is a param's flag in another (`pdg mcp --code` is code mode,
 * `pdg run health:globalhealth indicators --code WHOSIS_000001` the param `code`). Flags given before the
 * command word are read with the switches of every command.
 */
export function switchesOf(command: string | undefined): ReadonlySet<string> {
  const flags: readonly Flag[] = isCommand(command) ? commandFlags[command] : Object.values(commandFlags).flat();
  return new Set([...globalFlags, ...flags].filter((flag) => flag.value === undefined).map((flag) => flag.name));
}

/** Short forms of switches: `-q` is `--quiet`. */
export function shortsOf(command: string | undefined): Readonly<Record<string, string>> {
  const flags = [...globalFlags, ...(isCommand(command) ? commandFlags[command] : Object.values(commandFlags).flat())];
  const shorts: Record<string, string> = { ...hiddenShorts };
  for (const flag of flags as Flag[]) if (flag.short !== undefined) shorts[flag.short] = flag.name;
  return shorts;
}

/** Width of the flag column in help. */
const column = 19;
/** Width help lines are wrapped at. */
const width = 108;

/**
 * A command's flags as help lines: the flag and its value, its description, its default; long ones wrapped
 * under the description.
 */
export function flagLines(flags: readonly Flag[]): string {
  return flags
    .map((flag) => {
      const left = `  ${flagText(flag)}${flag.short === undefined ? '' : `, ${flag.short}`}`;
      const text = `${flag.description}${flag.default === undefined ? '' : `. Default: ${flag.default}`}`;
      const lines = wrapped(text, width - column);
      const first = left.length < column ? left.padEnd(column) : `${left}\n${' '.repeat(column)}`;
      return `${first}${lines.join(`\n${' '.repeat(column)}`)}`;
    })
    .join('\n');
}

function wrapped(text: string, room: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > room) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line];
}
