/**
 * What the queue's tests share: a redis-server of their own (they pause it), worker processes
 * (walk-worker-process.ts) to start and kill, and the per-second count of the requests they sent.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const workerFile = fileURLToPath(new URL('./walk-worker-process.ts', import.meta.url));

/** Whether this machine has redis-server; without it the tests are skipped locally and fail in CI. */
export function redisServerReason(): string | undefined {
  if (spawnSync('redis-server', ['--version']).status === 0) return undefined;
  const reason = 'no redis-server on this machine (Debian: apt-get install redis-server); .ci/run installs it';
  if (process.env.CI) throw new Error(`The queue tests need redis-server in CI: ${reason}.`);
  return reason;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface OwnRedis {
  readonly url: string;
  /** SIGSTOP: Redis keeps its connections and answers nothing. */
  pause(): void;
  /** SIGCONT. */
  resume(): void;
  /** SIGKILL: every connection drops; a persistent server keeps what it acknowledged (its append-only file). */
  kill(): Promise<void>;
  /** Starts the server again on the same port and folder (after `kill`). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A redis-server on `port`, once it accepts connections. */
async function launch(port: number, dir: string | undefined): Promise<ChildProcess> {
  // Persistent: every write in the append-only file before it is acknowledged, as a queue's Redis should be.
  const persistence = dir ? ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir] : ['--appendonly', 'no'];
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start in 60 s: ${output}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  return child;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/**
 * A redis-server of the test's own, on a free loopback port; with `dir`, persistent (append-only file in
 * that folder), so that it can be killed and started again with the queue's data.
 */
export async function startRedis(dir?: string): Promise<OwnRedis> {
  const port = await freePort();
  let child = await launch(port, dir);
  return {
    url: `redis://127.0.0.1:${port}`,
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    restart: async () => {
      child = await launch(port, dir);
    },
    stop: async () => {
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

export interface WorkerSetup {
  readonly worker: number;
  readonly baseUrl: string;
  readonly redisUrl: string;
  readonly queueName: string;
  readonly dir: string;
  readonly points: number;
  readonly lockDuration: number;
  readonly stalledInterval: number;
}

export interface WorkerProcess {
  readonly id: number;
  readonly child: ChildProcess;
  /** Every line it printed so far. */
  readonly lines: Record<string, unknown>[];
  /** Resolves with its exit code and signal. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Its stderr so far. */
  stderr(): string;
}

/** Starts a worker process; resolves once its BullMQ worker is connected. */
export async function startWorker(setup: WorkerSetup): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [workerFile, JSON.stringify(setup)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: Record<string, unknown>[] = [];
  let buffer = '';
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let end = buffer.indexOf('\n');
      while (end !== -1) {
        const line = JSON.parse(buffer.slice(0, end)) as Record<string, unknown>;
        lines.push(line);
        if (line.ready === true) resolve();
        buffer = buffer.slice(end + 1);
        end = buffer.indexOf('\n');
      }
    });
    void exited.then(({ code }) =>
      reject(new Error(`worker ${setup.worker} exited (${code}) before it was ready:\n${err}`)),
    );
  });
  await ready;
  return { id: setup.worker, child, lines, exited, stderr: () => err };
}

/** Waits until `check` holds, polling every 50 ms, for at most `ms`; says what it waited for if it never does. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 240_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`waited ${ms / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The most requests in any window of `ms`, wherever it starts (half-open: `[t, t + ms)`). */
export function busiestWindow(times: readonly number[], ms: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) >= ms) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

/** Requests per calendar second, as a gateway counting whole seconds would see them. */
export function perSecond(times: readonly number[]): number[] {
  const counts = new Map<number, number>();
  for (const time of times) counts.set(Math.floor(time / 1000), (counts.get(Math.floor(time / 1000)) ?? 0) + 1);
  return [...counts.values()];
}
