/**
 * A worker's CPU time, read from outside it, so it is known whatever the worker is doing (a loop inside one
 * native call included): the thread's own CPU time (`worker.cpuUsage()`: Node 22.19 and later, Deno), else
 * the time its event loop was busy (`eventLoopUtilization()`: older Node), else (Bun) a bound from above.
 *
 * Bun 1.4 has both methods but neither reads the thread from outside: its `worker.cpuUsage()` is answered by
 * the worker's own event loop, so never while a program runs, and its `eventLoopUtilization()` is not
 * implemented (always 0, with a warning). There the clock is the smaller of two amounts, each at least the
 * worker's CPU time: the process's CPU time (every thread's, the worker's among them) and the time on the wall
 * the program was not waiting on the host. The program is then stopped at `cpuMs` or before, never after.
 */
import type { Worker } from 'node:worker_threads';

/** Milliseconds of CPU the worker has used, from some fixed start (only differences are meaningful). */
export type CpuClock = () => Promise<number>;

interface ThreadUsage {
  cpuUsage?: () => Promise<{ user: number; system: number }>;
}

/** Whether this runtime's worker clocks are answered by the worker itself (see above). */
const readFromInside = typeof process.versions.bun === 'string';

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
  return boundFromAbove(waitedMs);
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
