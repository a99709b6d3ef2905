/**
 * Worker processes (`worker.ts`) driven phase by phase: each is started and connected before the first
 * phase, then told what calls to make; the test waits for every worker's answer lines of a phase.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const workerFile = fileURLToPath(new URL('./worker.ts', import.meta.url));

/** The API key every worker sends (made up). */
export const fleetKey = 'fleet-key-0b5e2d';

/**
 * A Redis key of the rate limit `name` for an API key, as the core README states them:
 * `pdg-rate-limit:{<name>:<id>}:<part>`, the id a hash of the key (the key itself is never there).
 */
export function limitKey(name: string, part: string, apiKey = fleetKey): string {
  const id = createHash('sha256').update(`pdg-rate-limit\n${apiKey}`).digest('hex').slice(0, 32);
  return `pdg-rate-limit:{${name}:${id}}:${part}`;
}

export interface CallLine {
  readonly worker: number;
  readonly phase: string;
  readonly call: string;
  readonly ok: boolean;
  readonly code?: string;
  readonly message?: string;
  readonly cache?: string;
  /** When the call was made, and when each of its requests was handed to fetch (ms since the epoch). */
  readonly madeAt: number;
  readonly sent: readonly number[];
}

/** What a worker's hooks saw, in order. */
export interface EventLine {
  readonly kind: 'cache' | 'rate-limit';
  readonly outcome?: string;
  readonly reason?: string;
  readonly type?: string;
  /** For rate-limit events: when the hook was called (ms since the epoch). */
  readonly at?: number;
}

/** A store outage starting (`down`) or ending (`up`), as a worker's layer reported it. */
export interface StoreLine {
  readonly layer: 'cache' | 'rate-limit';
  readonly state: 'down' | 'up';
  readonly at: number;
}

export interface Worker {
  readonly id: number;
  /** Makes the calls; resolves with their lines once the worker says the phase (a name of its own) is done. */
  run(
    phase: string,
    calls: readonly Record<string, unknown>[],
    options?: { concurrent?: boolean },
  ): Promise<CallLine[]>;
  /** The store outages its layers reported so far. */
  store(): StoreLine[];
  /** Ends the worker: resolves with what its hooks saw, once it exited with code 0 (rejects otherwise). */
  quit(): Promise<EventLine[]>;
}

export function startWorker(setup: Record<string, unknown> & { worker: number }): Promise<Worker> {
  const child: ChildProcess = spawn(process.execPath, [workerFile, JSON.stringify(setup)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let buffer = '';
  let err = '';
  const lines: Record<string, unknown>[] = [];
  const waiting = new Set<() => void>();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let end = buffer.indexOf('\n');
    while (end !== -1) {
      lines.push(JSON.parse(buffer.slice(0, end)) as Record<string, unknown>);
      buffer = buffer.slice(end + 1);
      end = buffer.indexOf('\n');
    }
    for (const check of waiting) check();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const failure = (what: string, code: number | null) =>
    new Error(`worker ${setup.worker} ${what} (exit ${code}):\n${err}\n${JSON.stringify(lines.slice(-5))}`);
  /** Resolves with the first line (from `from` on) that `match` accepts; rejects if the worker exits first. */
  const line = (from: number, match: (line: Record<string, unknown>) => boolean) =>
    new Promise<number>((resolve, reject) => {
      const check = () => {
        const index = lines.findIndex((candidate, i) => i >= from && match(candidate));
        if (index === -1) return;
        waiting.delete(check);
        resolve(index);
      };
      waiting.add(check);
      check();
      void exited.then((code) => {
        if (waiting.delete(check)) reject(failure('exited before it answered', code));
      });
    });
  const send = (command: Record<string, unknown>) => child.stdin?.write(`${JSON.stringify(command)}\n`);

  return line(0, (candidate) => candidate.ready === true).then(() => ({
    id: setup.worker,
    run: async (phase, calls, options = {}) => {
      const from = lines.length;
      send({ phase, calls, concurrent: options.concurrent === true });
      const done = await line(from, (candidate) => candidate.phase === phase && candidate.done === true);
      return lines
        .slice(from, done)
        .filter((candidate) => candidate.phase === phase && 'call' in candidate) as unknown as CallLine[];
    },
    store: () => lines.flatMap((candidate) => (candidate.store ? [candidate.store as StoreLine] : [])),
    quit: async () => {
      const from = lines.length;
      send({ quit: true });
      const at = await line(from, (candidate) => 'events' in candidate);
      const code = await exited;
      if (code !== 0) throw failure('did not exit cleanly', code);
      return (lines[at] as { events: EventLine[] }).events;
    },
  }));
}

/** The most departures in any window of `ms`, wherever it starts (half-open: `[t, t + ms)`). */
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

/** Requests per calendar second, as a gateway counting in whole seconds would see them. */
export function perSecond(times: readonly number[]): number[] {
  const counts = new Map<number, number>();
  for (const time of times) counts.set(Math.floor(time / 1000), (counts.get(Math.floor(time / 1000)) ?? 0) + 1);
  return [...counts.values()];
}
