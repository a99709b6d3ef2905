/** Runs the built `pdg` as a user would, with no PDG_* variables unless given, and returns what it printed. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
export const { PDG_API_KEY: _, PDG_BASE_URL: __, PDG_REDIS_URL: ___, ...cleanEnv } = process.env;

export function runCli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, ...args],
      // The OpenAPI document with its examples is near 2 MB: room for it and more. Killed after four minutes,
      // only against a hang (on two cores at a load of 100, one run took over a minute).
      { env: { ...cleanEnv, ...env }, timeout: 240_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}
