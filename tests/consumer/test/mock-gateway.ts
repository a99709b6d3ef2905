/**
 * The mock gateway as a user starts it for their app: `pdg mock --port 0` (every provider, its fixtures
 * read as one world), in a process of its own, stopped with SIGTERM.
 */
import { spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = join(realpathSync(fileURLToPath(new URL('../node_modules/@pdg/cli', import.meta.url))), 'dist', 'cli.js');

export interface RunningMock {
  readonly url: string;
  stop(): Promise<void>;
}

export function startPdgMock(): Promise<RunningMock> {
  const child = spawn(process.execPath, [cli, 'mock', '--port', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      const url = /pdg mock gateway: (http:\/\/\S+)/.exec(stderr)?.[1];
      if (url === undefined) return;
      child.stderr.removeAllListeners('data');
      child.stderr.resume();
      resolve({
        url,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    });
    child.once('exit', (code) => reject(new Error(`pdg mock exited with ${code} before it listened:\n${stderr}`)));
  });
}
