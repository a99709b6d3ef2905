/** The command line read by the flag table: positionals, flags and switches, each checked against the command it is for. */
import { didYouMean as suggestion, usageError } from '@pdg/core/face';
import { type Flag, flagText, shortsOf, switchesOf } from './flags.js';

export interface ParsedArgs {
  readonly positionals: string[];
  /** `--name value` and `--name=value`; switches and bare flags are `'true'`. */
  readonly flags: Map<string, string>;
  /**
   * Flags given without a value: a switch, or `--name` followed by another flag or by nothing. A boolean
   * param given this way is `true`; any other param given this way is a usage error.
   */
  readonly bare: Set<string>;
}

/** A flag's token: `--name` or `--name=value`. A lone `-5` or `-` is a value, not a flag. */
function isFlag(token: string | undefined): boolean {
  return (token?.startsWith('--') ?? false) && (token?.length ?? 0) > 2;
}

/**
 * Splits argv into positionals and `--flags`, the command's switches (flags.ts) taking no value. Param flags
 * are open-ended, so any other `--name value` is taken; a flag never takes another flag as its value
 * (`--remote --mock` is two flags).
 */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string>();
  const bare = new Set<string>();
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index] ?? '';
    if (token === '--') {
      positionals.push(...argv.slice(index + 1));
      break;
    }
    // Own keys only: `__proto__` or `constructor` as a word is a word, not a switch.
    const shorts = shortsOf(positionals[0]);
    const short = Object.hasOwn(shorts, token) ? shorts[token] : undefined;
    if (short !== undefined) {
      flags.set(short, 'true');
      bare.add(short);
      continue;
    }
    if (!isFlag(token)) {
      positionals.push(token);
      continue;
    }
    const body = token.slice(2);
    const equals = body.indexOf('=');
    const name = equals === -1 ? body : body.slice(0, equals);
    if (name === '') throw usageError(`"${token}" is not a flag: flags look like --name value or --name=value.`);
    if (flags.has(name)) throw usageError(`--${name} is given twice.`);
    if (equals !== -1) flags.set(name, body.slice(equals + 1));
    else if (switchesOf(positionals[0]).has(name) || index + 1 >= argv.length || isFlag(argv[index + 1])) {
      flags.set(name, 'true');
      bare.add(name);
    } else {
      flags.set(name, argv[index + 1] as string);
      index++;
    }
  }
  return { positionals, flags, bare };
}

/**
 * Refuses a flag the command does not take, naming the closest and every one it takes:
 * `--rate-limt is not an option of mock. Did you mean --rate-limit? Options of mock: --port N, ...`.
 * `command` is the command as help names it (`mock`, `queue status`).
 */
export function checkFlags(command: string, accepted: readonly Flag[], args: ParsedArgs): void {
  const names = accepted.map((flag) => flag.name);
  for (const name of args.flags.keys()) {
    if (names.includes(name)) continue;
    const help = `pdg ${command.split(' ')[0]} --help`;
    const options =
      accepted.length === 0
        ? `pdg ${command} takes none (${help})`
        : `Options of ${command}: ${accepted.map(flagText).join(', ')} (${help})`;
    throw usageError(`--${name} is not an option of ${command}.${suggestion(name, names, '--')} ${options}.`);
  }
}

/** A whole number flag within `[min, max]`, or undefined when absent. */
export function integerFlag(
  flags: Map<string, string>,
  name: string,
  { min = 0, max = Number.MAX_SAFE_INTEGER }: { readonly min?: number; readonly max?: number } = {},
): number | undefined {
  const text = flags.get(name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    throw usageError(`--${name} must be a whole number ${range} (received "${text}").`);
  }
  return value;
}

const validateModes = ['strict', 'report', 'off'] as const;

/**
 * `--validate strict|report|off` (`--no-validate` is `off`): how responses are checked. Default `strict`.
 */
export function validateFlag(args: ParsedArgs): (typeof validateModes)[number] {
  const text = args.flags.get('validate');
  if (text !== undefined && args.flags.has('no-validate')) {
    throw usageError('Give --validate or --no-validate, not both (--no-validate is --validate off).');
  }
  if (args.flags.has('no-validate')) return 'off';
  if (text === undefined) return 'strict';
  const mode = validateModes.find((candidate) => candidate === text);
  if (args.bare.has('validate') || !mode) {
    throw usageError(`--validate must be strict, report or off (received "${args.bare.has('validate') ? '' : text}").`);
  }
  return mode;
}

/** A request-rate limit read from `--rate-limit`: what the mock gateway takes, and how to say it. */
export interface RateLimitFlag {
  readonly requests: number;
  readonly windowMs: number;
  /** `5 requests per second`, `1 request per minute`, `10 requests per 500 ms`. */
  readonly text: string;
}

const rateLimitForms = '5/s, 300/m or 10/500ms (requests per second, per minute, or per window of N ms)';

/**
 * `--rate-limit N/s`, `N/m` or `N/<ms>ms`: N requests per second, minute or window of that many ms, or
 * undefined when absent. Anything else is a usage error naming the accepted forms.
 */
export function rateLimitFlag(args: ParsedArgs, name = 'rate-limit'): RateLimitFlag | undefined {
  const text = args.flags.get(name);
  if (text === undefined) return undefined;
  if (args.bare.has(name)) throw usageError(`--${name} needs a value, such as ${rateLimitForms}.`);
  const match = /^(\d+)\/(?:(s)|(m)|(\d+)ms)$/.exec(text);
  if (!match) throw usageError(`--${name} must look like ${rateLimitForms} (received "${text}").`);
  const [, count = '', second, minute, ms = ''] = match;
  const requests = Number(count);
  const windowMs = second ? 1_000 : minute ? 60_000 : Number(ms);
  if (!Number.isSafeInteger(requests) || requests < 1 || !Number.isSafeInteger(windowMs) || windowMs < 1) {
    throw usageError(
      `--${name} needs at least 1 request per window of at least 1 ms, such as ${rateLimitForms} (received "${text}").`,
    );
  }
  const window = second ? 'second' : minute ? 'minute' : `${windowMs} ms`;
  return { requests, windowMs, text: `${requests} request${requests === 1 ? '' : 's'} per ${window}` };
}

/** ` Did you mean --mock?` or '' when nothing is close: core's rule, the one every lookup by name uses. */
export { suggestion };
