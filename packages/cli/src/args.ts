/** Flags that take no value. */
const switches = new Set(['all', 'mock', 'help', 'version', 'pretty', 'compact', 'no-validate', 'curl']);

export interface ParsedArgs {
  readonly positionals: string[];
  /** `--name value` and `--name=value`; switches are `'true'`. */
  readonly flags: Map<string, string>;
}

/** A usage error: exit code 2, with what was wrong and what is valid. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Splits argv into positionals and `--flags`. Param flags are open-ended, so any `--name value` is taken. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string>();
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index] ?? '';
    if (token === '--') {
      positionals.push(...argv.slice(index + 1));
      break;
    }
    if (!token.startsWith('--') || token === '--') {
      if (token === '-h') flags.set('help', 'true');
      else positionals.push(token);
      continue;
    }
    const body = token.slice(2);
    const equals = body.indexOf('=');
    const name = equals === -1 ? body : body.slice(0, equals);
    if (name === '') throw new UsageError(`"${token}" is not a flag: flags look like --name value or --name=value.`);
    if (flags.has(name)) throw new UsageError(`--${name} is given twice.`);
    if (equals !== -1) flags.set(name, body.slice(equals + 1));
    else if (switches.has(name)) flags.set(name, 'true');
    else {
      const value = argv[index + 1];
      if (value === undefined) throw new UsageError(`--${name} needs a value: --${name} <value>.`);
      flags.set(name, value);
      index++;
    }
  }
  return { positionals, flags };
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
    throw new UsageError(`--${name} must be a whole number ${range} (received "${text}").`);
  }
  return value;
}
