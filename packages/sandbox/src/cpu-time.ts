/**
 * A worker's CPU time, read from outside it, so it is known whatever the worker is doing (a loop inside one
 * native call included): the thread's own CPU time (`worker.cpuUsage()`, Node 22.19 and later), else the
 * time its event loop was busy (`eventLoopUtilization()`), else the time it was not waiting on the host.
 */
import type { Worker } from 'node:worker_threads';

/** Milliseconds of CPU the worker has used, from some fixed start (only differences are meaningful). */
export type CpuClock = () => Promise<number>;

interface ThreadUsage {
  cpuUsage?: () => Promise<{ user: number; system: number }>;
}

/** The best clock this runtime gives; `waitedMs` says how long the program has been waiting on the host. */
export function cpuClockOf(worker: Worker, waitedMs: () => number): CpuClock {
  const usage = (worker as Worker & ThreadUsage).cpuUsage;
  if (typeof usage === 'function') {
    return async () => {
      const { user, system } = await usage.call(worker);
      return (user + system) / 1000;
    };
  }
  const loop = worker.performance?.eventLoopUtilization;
  if (typeof loop === 'function') return async () => loop.call(worker.performance).active;
  return async () => performance.now() - waitedMs();
}
