/**
 * The rate limit's queue: requests wait in the order they came and leave one by one, each when the window
 * has room for it. With Redis, turns are given there (one queue for every process of the limit); while
 * Redis is out, this process counts alone, keeping its share of the limit, and tells Redis what it sent
 * once Redis answers again.
 *
 * The hand-over back to Redis does not add the two up: other processes may still be counting alone,
 * their departures unknown to Redis, so until every process that shared the limit has asked Redis again
 * (each telling it what it sent meanwhile), this one keeps to its share even of the turns Redis gives.
 */
import type { SharedLimit, TurnAnswer } from './rate-limit-redis.js';
import { DepartureLog } from './rate-limit-window.js';

export interface RateQueueOptions {
  readonly points: number;
  readonly windowMs: number;
  /** The base margin each departure keeps past the window. */
  readonly marginMs: number;
  readonly shared: SharedLimit | undefined;
  /** The longest a hand-over after an outage lasts, once Redis answers again (a process that ended never asks). */
  readonly handoverMaxMs: number;
}

/** A request's turn: it may leave now. */
export interface Turn {
  /** How long it waited, in ms. */
  readonly waitedMs: number;
  /** Call once the request has been handed to fetch: its departure is stamped then. */
  sent(): void;
}

export interface RateQueue {
  /** Waits for the request's turn, in order; rejects with the signal's reason when it aborts first. */
  acquire(signal: AbortSignal | undefined): Promise<Turn>;
  /** Every request waits `ms` (a 429's `Retry-After`): here, and in every process sharing the limit. */
  pause(ms: number): Promise<void>;
}

interface Waiter {
  readonly id: string;
  readonly queuedAt: number;
  readonly signal: AbortSignal | undefined;
  readonly leave: (turn: Turn) => void;
  readonly fail: (reason: unknown) => void;
  readonly aborted: () => void;
  /** Queued in Redis by a turn that was answered. */
  queued: boolean;
  /** Sent in a turn (answered or not): Redis may hold it in its queue. */
  listed: boolean;
}

/** Bounds on the wait before asking Redis again: soon (others ahead are leaving), and at most (to stay alive there). */
const soonMs = 5;
const maxSoonMs = 250;
export const maxAskIntervalMs = 1000;

/** An outage of Redis, and the hand-over after it: while it lasts, this process keeps to its share. */
interface Handover {
  /** When the outage began (`performance.now()`). */
  readonly since: number;
  /** The processes sharing the limit then: each may be counting alone until it asks Redis again. */
  readonly peers: number;
  /** When Redis answered again, if it has. */
  backAt: number | undefined;
}

export function createRateQueue(options: RateQueueOptions): RateQueue {
  const { points, windowMs, marginMs, shared, handoverMaxMs } = options;
  // Jitter is capped at a window, so a departure is never kept longer than this.
  const log = new DepartureLog(2 * windowMs + marginMs);
  const waiters: Waiter[] = [];
  let nextId = 0;
  /** Ids of requests that stopped waiting other than by a turn from Redis: Redis drops them from its queue. */
  let gone: string[] = [];
  /** Departures sent while Redis was out (`performance.now()`), not yet told to it. */
  let unsent: number[] = [];
  /** Ids let go by Redis and handed to fetch, whose stamps are not sent yet. */
  let stamps: string[] = [];
  let stampsScheduled = false;
  let asking = false;
  let askAgain = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  let soon = soonMs;
  /** How late this process's timers fire (decaying): the margin grows with it. */
  let jitter = 0;
  let jitterAt = 0;
  /** The largest margin among the processes sharing the limit, as Redis last said. */
  let sharedMarginMs = 0;
  /** Processes sharing the limit, as Redis last said: while it is out, each keeps its share. */
  let peers = 1;
  let pausedUntil = 0;
  let handover: Handover | undefined;

  /** This process's share of the limit: what it sends on its own while Redis is out, and until the hand-over ends. */
  const share = () => Math.max(1, Math.floor(points / (handover?.peers ?? peers)));
  const outage = () => {
    if (handover) handover.backAt = undefined;
    else handover = { since: performance.now(), peers, backAt: undefined };
  };

  const marginNow = () => marginMs + Math.min(jitter, windowMs);
  const span = () => windowMs + Math.max(marginNow(), sharedMarginMs);

  const wake = (at: number) => {
    if (timer !== undefined && timerAt <= at) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(
      () => {
        const now = performance.now();
        // Decays by half each window; a late timer raises it at once.
        jitter = Math.max(now - at, jitter * 0.5 ** ((now - jitterAt) / windowMs));
        jitterAt = now;
        timer = undefined;
        timerAt = Number.POSITIVE_INFINITY;
        void pump();
      },
      Math.max(0, at - performance.now()),
    );
    // With no request waiting, telling Redis what it missed does not keep the process alive.
    if (waiters.length === 0) (timer as { unref?: () => void }).unref?.();
  };

  /** Lets a waiter go: it leaves the queue and counts as departing now until `sent()` stamps it. */
  const release = (waiter: Waiter, byRedis: boolean) => {
    waiter.signal?.removeEventListener('abort', waiter.aborted);
    log.take();
    if (!byRedis && waiter.listed) gone.push(waiter.id);
    let stamped = false;
    waiter.leave({
      waitedMs: performance.now() - waiter.queuedAt,
      sent: () => {
        if (stamped) return;
        stamped = true;
        const at = performance.now();
        log.stamp(at);
        if (shared && byRedis) {
          stamps.push(waiter.id);
          flushStampsSoon();
        } else if (shared) unsent.push(at);
        // A departure that was waiting for its stamp may be what the next request waits on.
        void pump();
      },
    });
  };

  const flushStampsSoon = () => {
    if (stampsScheduled) return;
    stampsScheduled = true;
    // Stamps of requests let go together go in one command.
    queueMicrotask(() => {
      stampsScheduled = false;
      const ids = stamps;
      stamps = [];
      if (!shared || ids.length === 0) return;
      shared.stamp(ids).catch(() => {
        // Unstamped, they count as leaving when Redis next hears of them: later than they did.
        gone.push(...ids);
      });
    });
  };

  /** Asks Redis for turns; false when it could not answer (the queue then counts in this process). */
  const ask = async (limit: SharedLimit): Promise<boolean> => {
    const now = performance.now();
    const paused = now < pausedUntil;
    // The first `points` waiters can have a turn in one answer; every waiter not queued yet gets its ticket.
    const listed = paused ? [] : waiters.filter((waiter, index) => index < points || !waiter.queued);
    for (const waiter of listed) waiter.listed = true;
    const ages = unsent.map((at) => now - at);
    const leaving = gone;
    const told = unsent;
    gone = [];
    unsent = [];
    // During a hand-over, no more turns than this process's own room under its share.
    const room = handover ? log.room(now, share(), span()) : points;
    let answer: TurnAnswer;
    try {
      answer = await limit.turn({
        waiting: listed.map((waiter) => waiter.id),
        gone: leaving,
        pastAgesMs: ages,
        marginMs: marginNow(),
        maxClaims: room,
        outageAgeMs: handover ? now - handover.since : -1,
      });
    } catch {
      gone = [...leaving, ...gone];
      unsent = [...told, ...unsent];
      outage();
      return false;
    }
    const answered = performance.now();
    handOver(answer, answered);
    peers = Math.max(1, answer.peers, handover?.peers ?? 1);
    sharedMarginMs = answer.marginMs;
    if (answer.cooldownMs > 0) pausedUntil = Math.max(pausedUntil, answered + answer.cooldownMs);
    for (const waiter of listed) waiter.queued = true;
    const turns = listed.slice(0, answer.claimed);
    for (const waiter of turns) {
      const index = waiters.indexOf(waiter);
      if (index === -1) {
        // It stopped waiting while Redis gave it its turn: the turn is returned (it counts as used now).
        gone.push(waiter.id);
        continue;
      }
      waiters.splice(index, 1);
      release(waiter, true);
    }
    if (waiters.length > 0) {
      if (turns.length > 0) soon = soonMs;
      const wait = answer.hintMs < 0 ? soon : Math.min(Math.max(answer.hintMs, 1), maxAskIntervalMs);
      if (answer.hintMs < 0) soon = Math.min(soon * 2, maxSoonMs);
      let at = answered + (paused ? Math.min(pausedUntil - answered, maxAskIntervalMs) : wait);
      // Held by its own share, not by Redis: asks again when its share has room.
      if (handover && turns.length >= room) at = Math.max(at, log.nextAt(answered, share(), span()) ?? at);
      wake(Math.min(at, answered + maxAskIntervalMs));
    }
    return true;
  };

  /** Ends the hand-over once every process sharing the limit has asked Redis since the outage, or at the latest after `handoverMaxMs`. */
  const handOver = (answer: TurnAnswer, answered: number) => {
    if (!handover) return;
    handover.backAt ??= answered;
    if (answer.returned >= handover.peers || answered - handover.backAt >= handoverMaxMs) handover = undefined;
  };

  const pump = async (): Promise<void> => {
    if (asking) {
      askAgain = true;
      return;
    }
    for (;;) {
      const spanMs = span();
      unsent = unsent.filter((at) => performance.now() - at < spanMs);
      if (shared && (waiters.length > 0 || gone.length > 0 || unsent.length > 0) && shared.guard.available()) {
        asking = true;
        askAgain = false;
        const answered = await ask(shared);
        asking = false;
        if (answered) {
          if (askAgain) continue;
          return;
        }
      }
      const waiter = waiters[0];
      const now = performance.now();
      if (waiter === undefined) {
        // Redis out: what it must still hear of is told when it answers again.
        if (shared && (gone.length > 0 || unsent.length > 0)) wake(now + maxSoonMs);
        return;
      }
      // Without Redis: this process's share of the limit (all of it when it is alone), over its own departures.
      if (shared) outage();
      const allowed = shared ? share() : points;
      const free = log.nextAt(now, allowed, spanMs);
      const at = free === undefined ? Number.POSITIVE_INFINITY : Math.max(free, pausedUntil);
      if (at <= now) {
        waiters.shift();
        release(waiter, false);
        continue;
      }
      // Wakes at its turn, or (with Redis out) at the next moment Redis may be asked again.
      const retry = shared ? now + maxSoonMs : Number.POSITIVE_INFINITY;
      const next = Math.min(at, retry);
      if (next !== Number.POSITIVE_INFINITY) wake(next);
      return;
    }
  };

  return {
    acquire: (signal) => {
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<Turn>((leave, fail) => {
        const id = shared ? `${shared.pid}:${nextId++}` : '';
        const waiter: Waiter = {
          id,
          queuedAt: performance.now(),
          signal,
          leave,
          fail,
          queued: false,
          listed: false,
          aborted: () => {
            const index = waiters.indexOf(waiter);
            if (index === -1) return;
            waiters.splice(index, 1);
            if (waiter.listed) gone.push(waiter.id);
            fail(signal?.reason);
            // Redis hears of it at once: a request that left must not hold the head of every process's queue.
            void pump();
          },
        };
        signal?.addEventListener('abort', waiter.aborted, { once: true });
        waiters.push(waiter);
        void pump();
      });
    },
    pause: async (ms) => {
      pausedUntil = Math.max(pausedUntil, performance.now() + ms);
      if (!shared) return;
      try {
        await shared.pause(ms);
      } catch {
        // Redis out: this process keeps the pause; the others learn of the gateway's 429s themselves.
      }
    },
  };
}
