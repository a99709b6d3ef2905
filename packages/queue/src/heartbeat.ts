// A running walk's heartbeat: while a worker runs a walk it writes the time, and how long its hold on the walk
// lasts unrenewed (BullMQ's `lockDuration`), into one hash of the queue's (`pdg:heard`, the walk's job id →
// `<ms since the epoch>/<lock ms>`) every few seconds, through BullMQ's public backend client and key naming.
// `walkStatus` reads it: an active run silent for longer than `silentAfterMs` and than its worker's lock has lost
// its worker. (A worker whose event loop is held, say on a starved machine, neither beats nor renews its lock:
// it counts as lost when BullMQ would count it so, not before.)
import type { Queue, Worker } from 'bullmq';

/** How often a worker says it is still running a walk. */
export const heartbeatMs = 5_000;
/**
 * An active run not heard from for this long, at least, is stalled: three beats missed. A worker whose lock is
 * longer (BullMQ's default is 30 s) is given its lock's time.
 */
export const silentAfterMs = 20_000;

/** When a run was last heard from, and how long its worker may be silent before it counts as lost. */
export interface Heard {
  readonly at: number;
  readonly silentAfterMs: number;
}

const heardKey = (queue: Queue | Worker) => queue.toKey('pdg:heard');

/** Starts beating for `jobId` at once; `stop` ends it and forgets the run (it is done, failed or back waiting). */
export function startHeartbeat(
  worker: Worker,
  jobId: string,
  onError: (error: Error) => void,
): { stop(): Promise<void> } {
  // BullMQ fills in its default (30 s) where the worker is given none; without one, the floor holds.
  const lockMs = worker.opts.lockDuration ?? 0;
  const beat = async () => {
    await (await worker.getBackend().client).hset(heardKey(worker), { [jobId]: `${Date.now()}/${lockMs}` });
  };
  const report = (error: unknown) => onError(error instanceof Error ? error : new Error(String(error)));
  beat().catch(report);
  const timer = setInterval(() => beat().catch(report), heartbeatMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await (await worker.getBackend().client).hdel(heardKey(worker), jobId).catch(report);
    },
  };
}

/** When each of these runs was last heard from by its worker, where it was, and its worker's silence allowed. */
export async function lastHeard(queue: Queue, jobIds: readonly string[]): Promise<Map<string, Heard>> {
  const heard = new Map<string, Heard>();
  if (jobIds.length === 0) return heard;
  const values = await (await queue.getBackend().client).hmget(heardKey(queue), ...jobIds);
  values.forEach((value, index) => {
    if (value === null) return;
    // `<at>/<lock ms>`; a bare `<at>` (written before the lock was) gives the floor.
    const [at, lockMs] = value.split('/').map(Number);
    if (at === undefined || !Number.isFinite(at)) return;
    heard.set(jobIds[index] as string, { at, silentAfterMs: Math.max(silentAfterMs, lockMs || 0) });
  });
  return heard;
}
