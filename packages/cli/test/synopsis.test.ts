/**
 * The one-line synopses of each command (`pdg --help`, each command's `--help`, the table of the CLI's
 * README) against the flag table they describe (src/flags.ts): a synopsis names only flags its command
 * takes, each with its value as the table writes it (`--port N`), and names every one of them unless it says
 * `[options]` (or `[...]`) for the rest. The README's rows of a command together count as its synopsis.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CommandName, commands, type Flag, flagsOf, flagText, isCommand, queueSubcommands } from '../src/flags.js';
import { helpFor, usage } from '../src/usage.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** One synopsis: its text, where it was read, and the command (and `pdg queue` subcommand) it is of. */
interface Synopsis {
  readonly text: string;
  readonly where: string;
  readonly command: CommandName;
  readonly subcommand: string | undefined;
}

/** The command a synopsis line is of: `pdg queue add ...` is `queue` `add`; `pdg queue add|work ...` all of queue. */
function synopsisOf(text: string, where: string): Synopsis {
  const [, command, next] = /^pdg ([a-z]+)(?: ([a-z|]+))?/.exec(text) ?? [];
  if (!isCommand(command)) throw new Error(`${where}: "${text}" is not a synopsis of a pdg command`);
  const subcommand =
    command === 'queue' && (queueSubcommands as readonly string[]).includes(next ?? '') ? next : undefined;
  return { text, where, command, subcommand };
}

/** `--port`, `--all-tools`: the flags a synopsis names (`--<param>` is an endpoint's param, not a flag). */
function flagsNamed(text: string): string[] {
  return [...text.matchAll(/--([a-z][a-z-]*)/g)].map((match) => match[1] as string);
}

const saysOptions = (text: string) => text.includes('[options]') || text.includes('[...]');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The flag names a set of synopses leave out: none when one of them says `[options]`. */
function leftOut(synopses: readonly Synopsis[], flags: readonly Flag[]): string[] {
  if (synopses.some((synopsis) => saysOptions(synopsis.text))) return [];
  const named = new Set(synopses.flatMap((synopsis) => flagsNamed(synopsis.text)));
  return flags.map((flag) => flag.name).filter((name) => !named.has(name));
}

/** Each flag a synopsis names is one of its command's, written with its value as the table writes it. */
function expectOnlyItsFlags(synopsis: Synopsis): void {
  const flags = flagsOf(synopsis.command, synopsis.subcommand);
  for (const name of flagsNamed(synopsis.text)) {
    const flag = flags.find((candidate) => candidate.name === name);
    expect(flag, `${synopsis.where}: --${name} is a flag of ${synopsis.command}`).toBeDefined();
    expect(synopsis.text, `${synopsis.where}: --${name} as the flag table writes it`).toMatch(
      new RegExp(`${escaped(flagText(flag as Flag))}(?=[\\] |]|$)`),
    );
  }
}

const usageLines = usage
  .split('\n')
  .filter((line) => line.startsWith('  pdg '))
  .map((line) => synopsisOf(line.trim().split(/ {2,}/)[0] as string, 'pdg --help'));

const readmeRows = readme
  .split('\n')
  .filter((line) => line.startsWith('| `pdg '))
  .map((line) => synopsisOf((/^\| `([^`]+)`/.exec(line)?.[1] ?? '').replaceAll('\\|', '|'), 'the README table'));

/** The `Usage:` lines of a command's own help (`pdg queue --help` has one per subcommand). */
async function helpLines(command: CommandName): Promise<Synopsis[]> {
  const help = await helpFor([command]);
  const lines = help.split('\n').filter((line) => /^(Usage: | {7})pdg /.test(line));
  return lines.map((line) => synopsisOf(line.replace(/^(Usage:)? +/, ''), `pdg ${command} --help`));
}

/** A command, or one `pdg queue` subcommand: what a set of synopses should name the flags of. */
interface Target {
  readonly command: CommandName;
  readonly subcommand: string | undefined;
  readonly label: string;
}

const targets: Target[] = commands
  .filter((command) => command !== 'help')
  .flatMap((command): Target[] =>
    command === 'queue'
      ? queueSubcommands.map((subcommand) => ({ command, subcommand, label: `queue ${subcommand}` }))
      : [{ command, subcommand: undefined, label: command }],
  );

const of = (synopses: readonly Synopsis[], target: Target) =>
  synopses.filter(
    (synopsis) =>
      synopsis.command === target.command &&
      (synopsis.subcommand === undefined || synopsis.subcommand === target.subcommand),
  );

describe('the synopsis lines', () => {
  it('are read from pdg --help, every command help and the README table', async () => {
    expect(usageLines.map((synopsis) => synopsis.command)).toEqual(expect.arrayContaining(commands));
    expect(new Set(readmeRows.map((synopsis) => synopsis.command))).toEqual(
      new Set(commands.filter((command) => command !== 'help')),
    );
    for (const { command } of targets) expect((await helpLines(command)).length, command).toBeGreaterThan(0);
  });

  it.each(targets)("pdg --help's line for $label names its flags as the table does", (target) => {
    const lines = of(usageLines, target);
    expect(lines.length).toBeGreaterThan(0);
    for (const synopsis of lines) expectOnlyItsFlags(synopsis);
    expect(leftOut(lines, flagsOf(target.command, target.subcommand))).toEqual([]);
  });

  it.each(targets)('the Usage line of pdg $label --help names its flags as the table does', async (target) => {
    const lines = of(await helpLines(target.command), target);
    expect(lines.length).toBeGreaterThan(0);
    for (const synopsis of lines) expectOnlyItsFlags(synopsis);
    expect(leftOut(lines, flagsOf(target.command, target.subcommand))).toEqual([]);
  });

  it.each(targets)("the README's rows for $label name its flags as the table does", (target) => {
    const rows = of(readmeRows, target);
    expect(rows.length).toBeGreaterThan(0);
    for (const synopsis of rows) expectOnlyItsFlags(synopsis);
    expect(leftOut(rows, flagsOf(target.command, target.subcommand))).toEqual([]);
  });

  it('finds a flag left out, and one a command does not take', () => {
    const mock = synopsisOf('pdg mock [--port N] [--host H]', 'a made-up line');
    expect(leftOut([mock], flagsOf('mock'))).toEqual(['rate-limit']);
    expect(leftOut([{ ...mock, text: 'pdg mock [--port N] [options]' }], flagsOf('mock'))).toEqual([]);
    expect(() => expectOnlyItsFlags({ ...mock, text: 'pdg mock [--compact]' })).toThrow(/--compact is a flag of mock/);
    expect(() => expectOnlyItsFlags({ ...mock, text: 'pdg mock [--port]' })).toThrow(/--port as the flag table/);
  });
});
