/**
 * Every flag of every command, from its one table (src/flags.ts): in the command's --help, in each shell's
 * completion for that command, read by the parser as a switch or with its value, accepted by the command
 * and listed by the usage error for a flag the command does not take.
 */

import { isPdgError } from '@pdg/core/face';
import { describe, expect, it } from 'vitest';
import { checkFlags, parseArgs } from '../src/args.js';
import { completionScript } from '../src/completion-scripts.js';
import { type CommandName, commandFlags, type Flag, flagText, globalFlags, queueSubcommands } from '../src/flags.js';
import { helpFor, usage } from '../src/usage.js';

const rows = (Object.entries(commandFlags) as [CommandName, readonly Flag[]][]).flatMap(([command, flags]) =>
  flags.map((flag) => ({ command, flag })),
);

/** The words before a command's flags: `run p e`, `queue work`, each place the flag is taken. */
function commandLines(command: CommandName, flag: Flag): { label: string; words: string[] }[] {
  if (command === 'queue') {
    return queueSubcommands
      .filter((sub) => flag.only?.includes(sub) ?? true)
      .map((sub) => ({ label: `queue ${sub}`, words: ['queue', sub] }));
  }
  if (command === 'run') return [{ label: 'run', words: ['run', 'jobs:jobboard', 'browse'] }];
  return [{ label: command, words: [command] }];
}

/** The part of the bash completion that completes a command's words. */
function bashBranch(script: string, command: CommandName): string {
  const pattern = command === 'run' ? 'run\\|describe' : command;
  const branch = new RegExp(`\\n\\s+${pattern}\\)([\\s\\S]*?);;`).exec(script)?.[1];
  expect(branch, `the bash completion has a branch for ${command}`).toBeDefined();
  return branch as string;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the flag tables', () => {
  it('has flags to check, each named once per command', () => {
    expect(rows.length).toBeGreaterThan(30);
    for (const [command, flags] of Object.entries(commandFlags)) {
      const names = flags.map((flag: Flag) => flag.name);
      expect(new Set(names).size, command).toBe(names.length);
    }
  });

  it.each(rows)('$command --$flag.name is in the help of $command', async ({ command, flag }) => {
    const help = await helpFor([command]);
    expect(help).toMatch(new RegExp(`^  ${escaped(flagText(flag))}(,| |$)`, 'm'));
  });

  it.each(rows)('$command --$flag.name is completed by bash, zsh and fish', ({ command, flag }) => {
    for (const shell of ['bash', 'zsh'] as const) {
      // Among the words offered, not only in a test of the word before (`"$prev" == --port`).
      expect(bashBranch(completionScript(shell, []), command), shell).toMatch(
        new RegExp(`(?<!== )--${escaped(flag.name)}(?=[\\s"])`),
      );
    }
    const fish = completionScript('fish', []);
    expect(fish).toContain(`complete -c pdg -n '__fish_seen_subcommand_from ${command}' -l ${flag.name}`);
  });

  it.each(rows)('$command --$flag.name is parsed as its table says, and taken by the command', ({ command, flag }) => {
    for (const { label, words } of commandLines(command, flag)) {
      const args = parseArgs([...words, `--${flag.name}`, 'some-value']);
      if (flag.value === undefined) {
        expect(args.flags.get(flag.name), `${label} --${flag.name} is a switch`).toBe('true');
        expect(args.positionals.at(-1)).toBe('some-value');
      } else {
        expect(args.flags.get(flag.name), `${label} --${flag.name} takes a value`).toBe('some-value');
      }
      if (flag.short !== undefined) expect(parseArgs([...words, flag.short]).flags.get(flag.name)).toBe('true');
      const { only: _only, ...accepted } = flag;
      expect(() => checkFlags(label, [accepted], args)).not.toThrow();
    }
  });

  it.each(Object.keys(commandFlags) as CommandName[])(
    'a flag %s does not take is refused with every flag it takes',
    (command) => {
      for (const { label, words } of commandLines(command, { name: 'x', description: '' })) {
        const flags = commandFlags[command].filter((flag: Flag) => flag.only?.includes(words[1] ?? '') ?? true);
        const refuse = () => checkFlags(label, flags, parseArgs([...words, '--no-such-flag']));
        expect(refuse).toThrow();
        try {
          refuse();
        } catch (error) {
          // Core's usage error: exit 2.
          expect(isPdgError(error) && error.code).toBe('USAGE');
          const message = (error as Error).message;
          expect(message).toContain(`--no-such-flag is not an option of ${label}.`);
          for (const flag of flags) expect(message).toContain(flagText(flag));
        }
      }
    },
  );

  it('the global flags are in the usage of pdg, with their short forms, and parsed as switches', () => {
    for (const flag of globalFlags) {
      expect(usage).toContain(`pdg --${flag.name} (${flag.short})`);
      expect(parseArgs(['run', `--${flag.name}`, 'x']).flags.get(flag.name)).toBe('true');
      expect(parseArgs([flag.short as string]).flags.get(flag.name)).toBe('true');
    }
  });
});
