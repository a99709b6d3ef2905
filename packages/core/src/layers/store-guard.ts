/**
 * A shared store (Redis, or any Keyv store) as an accelerator the cache and the rate limit can do without:
 * every command has a time limit of its own, the first failure starts an outage during which the store is
 * left alone (reported once, not per call), and one command every so often probes it, ending the outage
 * when the store answers again.
 */
import { usageError } from '../errors/error-builders.js';

/** What `onStoreError` is told: once when a store starts failing, once when it answers again. */
export type StoreErrorEvent =
  | {
      /** The store failed or did not answer within its time limit; until it answers again, it is not asked. */
      readonly state: 'down';
      readonly layer: StoreLayer;
      /** The store's own error, or the time limit's. */
      readonly error: unknown;
      /** One line: what failed and what the layer does meanwhile. */
      readonly message: string;
    }
  | {
      /** A probe was answered: the store is used again. */
      readonly state: 'up';
      readonly layer: StoreLayer;
      /** How long the outage lasted, in ms. */
      readonly downMs: number;
      readonly message: string;
    };

export type StoreLayer = 'cache' | 'rate-limit';

/** Thrown, at once, for a command not sent because the store is out: the outage's first error is its cause. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}

/** A command that got no answer within its time limit (the store is paused, overloaded or out of reach). */
export class StoreTimeoutError extends Error {
  override readonly name = 'StoreTimeoutError';
}

export interface StoreGuard {
  /**
   * Runs one store command within the time limit. Rejects at once, without sending it, while an outage
   * lasts (but for the probe, one command every so often), and when `ready()` says the client is not
   * connected: a command never waits in a client's offline queue.
   */
  run<T>(command: () => PromiseLike<T> | T): Promise<T>;
  /** A failure the store reports on its own (its client's `error` event): starts an outage if none is on. */
  failed(error: unknown): void;
  /** Whether a command would be sent now: no outage, or a probe is due. */
  available(): boolean;
}

export interface StoreGuardOptions {
  readonly layer: StoreLayer;
  /** Each command's time limit, in ms. */
  readonly timeoutMs: number;
  /** Told when an outage starts and ends; default one line on the console (`console.warn`). */
  readonly onStoreError: ((event: StoreErrorEvent) => void) | undefined;
  /** What the layer does without the store, for the message. */
  readonly meanwhile: string;
  /** Whether the client is connected (when it can say): a command to one that is not fails at once. */
  readonly ready?: () => boolean;
}

/** The first probe comes this long after an outage starts; each failed one doubles the wait, up to the cap. */
const firstProbeMs = 100;
const probeCapMs = 1000;

export function createStoreGuard(options: StoreGuardOptions): StoreGuard {
  const { layer, timeoutMs, meanwhile, ready } = options;
  const notify = options.onStoreError ?? ((event: StoreErrorEvent) => console.warn(`pdg ${layer}: ${event.message}`));
  let outage: { since: number; error: unknown; nextProbe: number; backoff: number; probing: boolean } | undefined;
  // Counts failures the client reported by its own event: a probe during which one came is no success
  // (a Keyv store reports a failed read that way and answers `undefined`).
  let reported = 0;

  const tell = (event: StoreErrorEvent) => {
    try {
      notify(event);
    } catch {
      // A failing listener must not turn the store's outage into the caller's failure.
    }
  };

  const fail = (error: unknown) => {
    const now = performance.now();
    if (outage === undefined) {
      outage = { since: now, error, nextProbe: now + firstProbeMs, backoff: firstProbeMs, probing: false };
      tell({
        state: 'down',
        layer,
        error,
        message: `the store failed (${describe(error)}); ${meanwhile} until it answers again.`,
      });
      return;
    }
    if (outage.probing) {
      outage.backoff = Math.min(outage.backoff * 2, probeCapMs);
      outage.nextProbe = now + outage.backoff;
      outage.probing = false;
    }
  };

  const recover = () => {
    if (outage === undefined) return;
    const downMs = Math.round(performance.now() - outage.since);
    outage = undefined;
    tell({ state: 'up', layer, downMs, message: `the store answers again after ${downMs} ms; it is used again.` });
  };

  const unavailable = (why: unknown) =>
    new StoreUnavailableError(`the ${layer} store is not used for now: ${describe(why)}`, { cause: why });

  return {
    available: () => outage === undefined || (!outage.probing && performance.now() >= outage.nextProbe),
    failed: (error) => {
      reported++;
      // A probe in flight learns of it when it ends.
      if (outage === undefined) fail(error);
    },
    run: async <T>(command: () => PromiseLike<T> | T): Promise<T> => {
      let probe = false;
      if (outage !== undefined) {
        if (outage.probing || performance.now() < outage.nextProbe) throw unavailable(outage.error);
        outage.probing = true;
        probe = true;
      }
      if (ready && !ready()) {
        const error = new StoreUnavailableError(`the ${layer} store's client is not connected`);
        fail(error);
        throw error;
      }
      const before = reported;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let last: ReturnType<typeof setTimeout> | undefined;
      try {
        const answer = await Promise.race([
          Promise.resolve().then(command),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => {
              // A process kept busy past the limit runs its timers before it reads the answers waiting on
              // its sockets: one more turn of the event loop reads them first, so only a store that did
              // not answer is called late.
              last = setTimeout(
                () => reject(new StoreTimeoutError(`the ${layer} store did not answer within ${timeoutMs} ms`)),
                0,
              );
              (last as { unref?: () => void }).unref?.();
            }, timeoutMs);
            (timer as { unref?: () => void }).unref?.();
          }),
        ]);
        if (probe) {
          if (reported !== before) throw new StoreUnavailableError(`the ${layer} store reported a failure`);
          recover();
        }
        return answer;
      } catch (error) {
        fail(error);
        throw error;
      } finally {
        clearTimeout(timer);
        clearTimeout(last);
      }
    },
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** Checks a store time limit option: a whole number of ms, 1 or more. */
export function checkStoreTimeout(factory: string, value: number): void {
  if (!(Number.isInteger(value) && value >= 1)) {
    throw usageError(`${factory}: storeTimeoutMs must be a whole number of ms, 1 or more (received ${String(value)}).`);
  }
}
