/** Runs `@redocly/cli lint` (its recommended rules) on a document, offline, and returns its findings. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const redocly = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

export interface LintProblem {
  readonly ruleId: string;
  readonly severity: 'error' | 'warn';
  readonly message: string;
  readonly location: readonly { readonly pointer: string }[];
}

export interface LintResult {
  readonly totals: { readonly errors: number; readonly warnings: number };
  readonly problems: readonly LintProblem[];
}

export async function lint(document: unknown): Promise<LintResult> {
  const dir = mkdtempSync(join(tmpdir(), 'pdg-openapi-'));
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document, null, 2));
  try {
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        [redocly, 'lint', file, '--extends=recommended', '--format=json'],
        {
          cwd: dir,
          // No telemetry and no update check: nothing leaves the machine.
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          timeout: 300_000,
          maxBuffer: 64 * 1024 * 1024,
        },
        // Exit code 1 means errors were found: the JSON on stdout says which.
        (error, out, err) =>
          out.trim().startsWith('{')
            ? resolve(out)
            : reject(new Error(`redocly lint failed: ${error?.message}\n${err}`)),
      );
    });
    return JSON.parse(stdout) as LintResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One line a problem: `error path-parameters-defined #/paths/...: message`. */
export function formatProblems(problems: readonly LintProblem[]): string {
  return problems
    .map((problem) => `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`)
    .join('\n');
}
