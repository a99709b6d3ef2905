/**
 * The CLI's cold start against two baselines measured in the same run: bare `node -e 0`, and a process
 * that only imports ky and valibot (what any pdg client loads). The commands are started in rounds, each
 * once per round in turn, so a machine that gets busier mid-run slows all of them alike. Each time is the
 * median over the rounds, each ratio the median of the rounds' own ratios. Prints one JSON line of
 * milliseconds and ratios.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../packages/cli/dist/cli.js', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));
const rounds = 15;

const commands = {
  node: ['-e', '0'],
  kyValibot: ['--input-type=module', '-e', "await import('ky'); await import('valibot');"],
  providers: [cli, 'providers'],
  runMock: [cli, 'run', 'jobs:jobboard', 'browse', '--country', 'SG', '--mock'],
} as const;
type Command = keyof typeof commands;

function startTime(args: readonly string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, {
    cwd: here,
    encoding: 'utf8',
    env: { ...process.env, PDG_API_KEY: '' },
  });
  const elapsed = performance.now() - started;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return elapsed;
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const names = Object.keys(commands) as Command[];
// One round first that is not counted: it warms the file cache.
for (const name of names) startTime(commands[name]);
const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<Command, number[]>;
for (let round = 0; round < rounds; round++) {
  for (const name of names) times[name].push(startTime(commands[name]));
}
const ratioTo = (name: Command, base: Command) =>
  median(times[name].map((time, round) => time / (times[base][round] as number)));

console.log(
  JSON.stringify({
    ms: Object.fromEntries(names.map((name) => [name, median(times[name])])),
    providersToKyValibot: ratioTo('providers', 'kyValibot'),
    runMockToKyValibot: ratioTo('runMock', 'kyValibot'),
    providersToNode: ratioTo('providers', 'node'),
    runMockToNode: ratioTo('runMock', 'node'),
  }),
);
