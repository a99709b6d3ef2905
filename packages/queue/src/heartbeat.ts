// A running walk's heartbeat: while a worker runs a walk it writes the time into one hash of the queue's
// (`pdg:heard`, the walk's job id → ms since the epoch) every few seconds, through BullMQ's public backend client and
// key naming. `walkStatus` reads it: an active run silent for longer than `silentAfterMs` has lost its worker.
import type { Queue, Worker } from 'bullmq';

/** How often a worker says it is still running a walk. */
export const heartbeatMs = 5_000;
/** An active run not heard from for this long is stalled: three beats missed, BullMQ's lock (30 s) near its end. */
export const silentAfterMs = 20_000;

const heardKey = (queue: Queue | Worker) => queue.toKey('pdg:heard');

/** Starts beating for `jobId` at once; `stop` ends it and forgets the run (it is done, failed or back waiting). */
export function startHeartbeat(
  worker: Worker,
  jobId: string,
  onError: (error: Error) => void,
): { stop(): Promise<void> } {
  const beat = async () => {
    await (await worker.getBackend().client).hset(heardKey(worker), { [jobId]: String(Date.now()) });
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

/** When each of these runs was last heard from by its worker (ms since the epoch), where it was. */
export async function lastHeard(queue: Queue, jobIds: readonly string[]): Promise<Map<string, number>> {
  const heard = new Map<string, number>();
  if (jobIds.length === 0) return heard;
  const values = await (await queue.getBackend().client).hmget(heardKey(queue), ...jobIds);
  values.forEach((value, index) => {
    const at = Number(value);
    if (value !== null && Number.isFinite(at)) heard.set(jobIds[index] as string, at);
  });
  return heard;
}
