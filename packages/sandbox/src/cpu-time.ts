/**
 * A worker's CPU time, read from outside it, so it is known whatever the worker is doing (a loop inside one
 * native call included): the thread's own CPU time (`worker.cpuUsage()`: Node 22.19 and later, Deno), else
 * the time its event loop was busy (`eventLoopUtilization()`: older Node), else (Bun) see below.
 *
 * Bun 1.4 has both methods but neither reads the thread from outside: its `worker.cpuUsage()` is answered by
 * the worker's own event loop, so never while a program runs, and its `eventLoopUtilization()` is not
 * implemented (always 0, with a warning). There, on Linux, the host reads the worker thread's CPU time from
 * `/proc` (the worker says which thread it is as it loads); elsewhere the clock is the smaller of two amounts,
 * each at least the worker's CPU time: the process's CPU time (every thread's, the worker's among them) and
 * the time on the wall the program was not waiting on the host, so the program stops at `cpuMs` or before.
 */
import { readFileSync, readlinkSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';

/** Milliseconds of CPU the worker has used, from some fixed start (only differences are meaningful). */
export type CpuClock = () => Promise<number>;

interface ThreadUsage {
  cpuUsage?: () => Promise<{ user: number; system: number }>;
}

/** Whether this runtime's worker clocks are answered by the worker itself (see above). */
const readFromInside = typeof process.versions.bun === 'string';

/** The operating system's id of each worker's thread, where the clock reads it from `/proc`. */
const threads = new WeakMap<Worker, number>();

/** In the worker: the id of its own thread, where the host reads its CPU time from `/proc` (Bun on Linux). */
export function ownThread(): number | undefined {
  if (!readFromInside) return undefined;
  try {
    // `/proc/thread-self` links to `<process id>/task/<thread id>` for the thread that reads it.
    const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(thread) ? thread : undefined;
  } catch {
    return undefined;
  }
}

/** On the host: the thread the worker said it is, as it loaded. */
export function rememberThread(worker: Worker, thread: number | undefined): void {
  if (thread !== undefined) threads.set(worker, thread);
}

/** The best clock this runtime gives; `waitedMs` says how long the program has been waiting on the host. */
export function cpuClockOf(worker: Worker, waitedMs: () => number): CpuClock {
  const usage = (worker as Worker & ThreadUsage).cpuUsage;
  if (typeof usage === 'function' && !readFromInside) {
    return async () => {
      const { user, system } = await usage.call(worker);
      return (user + system) / 1000;
    };
  }
  const loop = worker.performance?.eventLoopUtilization;
  if (typeof loop === 'function' && !readFromInside) return async () => loop.call(worker.performance).active;
  const thread = threads.get(worker);
  const threadMs = thread === undefined ? undefined : threadClock(thread);
  return threadMs ?? boundFromAbove(waitedMs);
}

/** Clock ticks per second in `/proc`'s counts (`USER_HZ`, 100 on every Linux that Bun runs on). */
const ticksPerSecond = 100;

/**
 * The thread's CPU time from `/proc/self/task/<id>/stat` (its user and system ticks), or undefined where that
 * cannot be read. Once the thread has ended, its last reading.
 */
function threadClock(thread: number): CpuClock | undefined {
  const read = (): number | undefined => {
    try {
      const stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
      // The fields after the command's name in parentheses: the state, then utime and stime at 11 and 12.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      return Number.isFinite(ticks) ? (ticks * 1000) / ticksPerSecond : undefined;
    } catch {
      return undefined;
    }
  };
  let last = read();
  if (last === undefined) return undefined;
  return async () => {
    last = read() ?? last;
    return last ?? 0;
  };
}

/**
 * At least the worker's CPU time since the clock was made: the smaller of the process's CPU time and the time
 * the program was not waiting, both counted from then (two upper bounds, so the smaller is one too).
 */
function boundFromAbove(waitedMs: () => number): CpuClock {
  const processMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const processAtStart = processMs();
  const notWaitingAtStart = performance.now() - waitedMs();
  return async () => Math.min(processMs() - processAtStart, performance.now() - waitedMs() - notWaitingAtStart);
}
