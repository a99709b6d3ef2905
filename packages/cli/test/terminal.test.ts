/** The CLI as terminal users use it: pipes that close early, taken ports, per-command help, completion. */
import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cleanEnv, cli, runCli } from './run-cli.js';

describe('a pipe that closes early', () => {
  it('pdg run --all --mock into a reader that stops after one line: exit 0, nothing on stderr', async () => {
    const child = spawn(process.execPath, [cli, 'run', 'social-media:forum', 'hot', '--all', '--mock'], {
      env: cleanEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    const firstLine = await new Promise<string>((resolve) => {
      let buffered = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk;
        const end = buffered.indexOf('\n');
        if (end !== -1) {
          // The reader has what it wants and goes away, as `head -1` does.
          child.stdout.destroy();
          resolve(buffered.slice(0, end));
        }
      });
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(JSON.parse(firstLine)).toHaveProperty('threadId');
    expect(code).toBe(0);
    expect(stderr).not.toMatch(/EPIPE|Error|at /);
  });

  it('the same through a shell pipe into head -1', async () => {
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        'bash',
        [
          '-c',
          `set -o pipefail; "${process.execPath}" "${cli}" run social-media:forum hot --all --quiet --mock | head -1`,
        ],
        { env: cleanEnv, timeout: 240_000 },
        (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: out, stderr: err }),
      );
    });
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(stderr).toBe('');
  });
});

describe('pdg mock on a port it cannot have', () => {
  it('a taken port: exit 1, one line saying what to do, no stack', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const { code, stdout, stderr } = await runCli(['mock', '--port', String(port)]);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toEqual([
        `pdg: port ${port} on 127.0.0.1 is already in use: stop what listens there, or pick another port with --port N (--port 0 picks a free one).`,
      ]);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});

describe('help for each command', () => {
  it('pdg run --help and pdg help run print run usage, not the global one', async () => {
    for (const args of [
      ['run', '--help'],
      ['help', 'run'],
      ['run', '-h'],
    ]) {
      const { code, stdout } = await runCli(args);
      expect(code).toBe(0);
      expect(stdout).toMatch(/^Usage: pdg run <provider> <endpoint>/);
      expect(stdout).not.toContain('pdg providers ');
    }
  });

  it('pdg run <provider> <endpoint> --help lists that endpoint params as describe shows them', async () => {
    const help = await runCli(['run', 'jobs:jobboard', 'browse', '--help']);
    const described = await runCli(['describe', 'jobs:jobboard', 'browse']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: pdg run jobs:jobboard browse/);
    expect(help.stdout).toContain(described.stdout.trim());
    expect(help.stdout).toMatch(/--jobType <enum>\s+Job type\./);
    expect((await runCli(['help', 'run', 'jobs:jobboard', 'browse'])).stdout).toBe(help.stdout);
  });

  it('pdg mock --help, pdg describe --help and pdg completion --help are their own', async () => {
    expect((await runCli(['mock', '--help'])).stdout).toMatch(/^Usage: pdg mock \[--port N\] \[--host H\]/);
    expect((await runCli(['describe', '--help'])).stdout).toMatch(/^Usage: pdg describe <provider> \[endpoint\]/);
    expect((await runCli(['help', 'completion'])).stdout).toMatch(/^Usage: pdg completion bash\|zsh\|fish/);
  });

  it('help for an unknown command says so, with a suggestion', async () => {
    const { code, stderr } = await runCli(['help', 'rn']);
    expect(code).toBe(2);
    expect(stderr).toContain('Unknown command "rn". Did you mean run?');
  });

  it('-v and -V print the version', async () => {
    for (const flag of ['-v', '-V', '--version']) {
      const { code, stdout } = await runCli([flag]);
      expect(code).toBe(0);
      expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    }
  });
});

describe('pdg completion', () => {
  it('each shell script offers the provider ids, endpoint names, params and enum values', async () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const { code, stdout } = await runCli(['completion', shell]);
      expect(code).toBe(0);
      expect(stdout).toContain('jobs:jobboard');
      expect(stdout).toContain('browse');
      expect(stdout).toMatch(shell === 'fish' ? /-l jobType -x -a 'FULL_TIME PART_TIME/ : /--jobType/);
      expect(stdout).toContain('FULL_TIME PART_TIME CONTRACT INTERNSHIP PROJECT_BASED');
    }
    const unknown = await runCli(['completion', 'powershell']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown shell "powershell": pdg completion bash|zsh|fish.');
  });

  it('bash completes, loaded as a user loads it', async () => {
    const script = `
source <("${process.execPath}" "${cli}" completion bash)
complete_line() { COMP_LINE="$1"; COMP_POINT=\${#COMP_LINE}; COMP_WORDS=($COMP_LINE); COMP_CWORD=$((\${#COMP_WORDS[@]}-1)); _pdg; echo "\${COMPREPLY[*]}"; }
complete_line "pdg ru"
complete_line "pdg run jobs:jobb"
complete_line "pdg run jobs:jobboard bro"
complete_line "pdg run jobs:jobboard browse --jobT"
complete_line "pdg run jobs:jobboard browse --jobType "
complete_line "pdg run jobs:jobboard browse --remote "
complete_line "pdg mock --ra"
complete_line "pdg openapi music:cat"
complete_line "pdg openapi --server"
complete_line "pdg mcp --pro"
complete_line "pdg mcp --providers social-media:fo"
`;
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile('bash', ['-c', script], { env: cleanEnv, timeout: 240_000 }, (error, out, err) =>
        error ? reject(new Error(err)) : resolve(out),
      );
    });
    expect(stdout.trim().split('\n')).toEqual([
      'run',
      // Bash replaces the part of the word after its last colon.
      'jobboard',
      'browse',
      '--jobType',
      'FULL_TIME PART_TIME CONTRACT INTERNSHIP PROJECT_BASED',
      'true false',
      '--rate-limit',
      'catalogstore',
      '--server-url',
      '--providers',
      'forum',
    ]);
  });
});
