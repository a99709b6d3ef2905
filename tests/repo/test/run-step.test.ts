/**
 * The steps of `pnpm new-provider` (scripts/run-step.mjs): each says what it starts, passes the command's
 * output through, and while the command is silent says it is still running, so a long build never looks
 * like a hang. Run in a child Node, as the scaffold runs them, with a short heartbeat.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

const runStep = pathToFileURL(
  join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'scripts', 'run-step.mjs'),
);

/** Runs one step of `node -e <program>` in a child Node with a heartbeat of `every` ms; its stdout and exit code. */
function step(program: string, every: number) {
  const driver = `const { runStep } = await import(${JSON.stringify(runStep.href)});
const ok = await runStep({ label: '[1/1] Waiting', command: process.execPath, args: ['-e', ${JSON.stringify(program)}], cwd: process.cwd(), every: ${every} });
process.exitCode = ok ? 0 : 1;`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', driver], { encoding: 'utf8' });
  return { code: result.status, lines: result.stdout.trimEnd().split('\n') };
}

it('says the step and its command first, passes the output through, and says how long it took', () => {
  const { code, lines } = step("console.log('built one package')", 60_000);
  expect(code).toBe(0);
  expect(lines[1]).toBe('[1/1] Waiting');
  expect(lines[2]).toMatch(/^> .*node -e console\.log/);
  expect(lines).toContain('built one package');
  expect(lines.at(-1)).toMatch(/^ {2}done in \d+ s$/);
});

it('while the command prints nothing, prints a line saying it is still running', () => {
  // Silent for 1.5 s with a heartbeat every 200 ms: at least one such line, however slow the machine.
  const { code, lines } = step('setTimeout(() => {}, 1500)', 200);
  expect(code).toBe(0);
  expect(lines.filter((line) => /^ {2}… still running: Waiting \(\d+ s so far\)$/.test(line)).length).toBeGreaterThan(
    0,
  );
});

it('a command that fails makes the step fail, saying so', () => {
  const { code, lines } = step('process.exit(3)', 60_000);
  expect(code).toBe(1);
  expect(lines.at(-1)).toMatch(/^ {2}failed in \d+ s$/);
});
