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
export interface Handover {
  /** When the outage began (`performance.now()`). */
  readonly since: number;
  /** The processes sharing the limit then: each may be counting alone until it asks Redis again. */
  readonly peers: number;
  /** When Redis answered again, if it has. */
  backAt: number | undefined;
}

/** How late timers fire, decaying by half each window; a timer `lateMs` late raises it at once. */
export function decayedJitter(jitter: number, lateMs: number, sinceMs: number, windowMs: number): number {
  return Math.max(lateMs, jitter * 0.5 ** (sinceMs / windowMs));
}

/**
 * How long to wait before asking Redis again after an answer whose `hintMs` says when the head of its
 * queue may leave (negative: it does not know), and the next `soon`: an unknown wait doubles each time,
 * up to `maxSoonMs`; a known one is kept between 1 ms and `maxAskIntervalMs`.
 */
export function askDelay(hintMs: number, soon: number): { readonly waitMs: number; readonly soon: number } {
  if (hintMs < 0) return { waitMs: soon, soon: Math.min(soon * 2, maxSoonMs) };
  return { waitMs: Math.min(Math.max(hintMs, 1), maxAskIntervalMs), soon };
}

/**
 * Whether the hand-over after an outage is over: every process that shared the limit then has asked Redis
 * since (`returned` of them have), or `handoverMaxMs` passed since Redis answered again.
 */
export function handoverOver(handover: Handover, returned: number, answered: number, handoverMaxMs: number): boolean {
  return returned >= handover.peers || answered - (handover.backAt ?? answered) >= handoverMaxMs;
}

/** The waiters a turn asks Redis about: none while paused; else the first `points`, and every one not queued yet. */
export function waitersToList<T extends { readonly queued: boolean }>(
  waiters: readonly T[],
  points: number,
  paused: boolean,
): T[] {
  return paused ? [] : waiters.filter((waiter, index) => index < points || !waiter.queued);
}

export function createRateQueue(options: RateQueueOptions): RateQueue {
  const queue = new LimitQueue(options);
  return { acquire: (signal) => queue.acquire(signal), pause: (ms) => queue.pause(ms) };
}

/** The queue of one rate limit in this process: its waiters, its departures, and what Redis must still hear. */
class LimitQueue {
  readonly #options: RateQueueOptions;
  readonly #shared: SharedLimit | undefined;
  // Jitter is capped at a window, so a departure is never kept longer than this.
  readonly #log: DepartureLog;
  readonly #waiters: Waiter[] = [];
  #nextId = 0;
  /** Ids of requests that stopped waiting other than by a turn from Redis: Redis drops them from its queue. */
  #gone: string[] = [];
  /** Departures sent while Redis was out (`performance.now()`), not yet told to it. */
  #unsent: number[] = [];
  /** Ids let go by Redis and handed to fetch, whose stamps are not sent yet. */
  #stamps: string[] = [];
  #stampsScheduled = false;
  #asking = false;
  #askAgain = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = Number.POSITIVE_INFINITY;
  #soon = soonMs;
  /** How late this process's timers fire (decaying): the margin grows with it. */
  #jitter = 0;
  #jitterAt = 0;
  /** The largest margin among the processes sharing the limit, as Redis last said. */
  #sharedMarginMs = 0;
  /** Processes sharing the limit, as Redis last said: while it is out, each keeps its share. */
  #peers = 1;
  #pausedUntil = 0;
  #handover: Handover | undefined;

  constructor(options: RateQueueOptions) {
    this.#options = options;
    this.#shared = options.shared;
    this.#log = new DepartureLog(2 * options.windowMs + options.marginMs);
  }

  acquire(signal: AbortSignal | undefined): Promise<Turn> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<Turn>((leave, fail) => {
      const shared = this.#shared;
      const waiter: Waiter = {
        id: shared ? `${shared.pid}:${this.#nextId++}` : '',
        queuedAt: performance.now(),
        signal,
        leave,
        fail,
        queued: false,
        listed: false,
        aborted: () => this.#abandon(waiter),
      };
      signal?.addEventListener('abort', waiter.aborted, { once: true });
      this.#waiters.push(waiter);
      void this.#pump();
    });
  }

  async pause(ms: number): Promise<void> {
    this.#pausedUntil = Math.max(this.#pausedUntil, performance.now() + ms);
    if (!this.#shared) return;
    try {
      await this.#shared.pause(ms);
    } catch {
      // Redis out: this process keeps the pause; the others learn of the gateway's 429s themselves.
    }
  }

  /** A waiter whose signal aborted: it leaves the queue and its promise rejects with the signal's reason. */
  #abandon(waiter: Waiter): void {
    const index = this.#waiters.indexOf(waiter);
    if (index === -1) return;
    this.#waiters.splice(index, 1);
    if (waiter.listed) this.#gone.push(waiter.id);
    waiter.fail(waiter.signal?.reason);
    // Redis hears of it at once: a request that left must not hold the head of every process's queue.
    void this.#pump();
  }

  /** This process's share of the limit: what it sends on its own while Redis is out, and until the hand-over ends. */
  #share(): number {
    return Math.max(1, Math.floor(this.#options.points / (this.#handover?.peers ?? this.#peers)));
  }

  #outage(): void {
    if (this.#handover) this.#handover.backAt = undefined;
    else this.#handover = { since: performance.now(), peers: this.#peers, backAt: undefined };
  }

  #marginNow(): number {
    return this.#options.marginMs + Math.min(this.#jitter, this.#options.windowMs);
  }

  #span(): number {
    return this.#options.windowMs + Math.max(this.#marginNow(), this.#sharedMarginMs);
  }

  #wake(at: number): void {
    if (this.#timer !== undefined && this.#timerAt <= at) return;
    clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = setTimeout(() => this.#woken(at), Math.max(0, at - performance.now()));
    // With no request waiting, telling Redis what it missed does not keep the process alive.
    if (this.#waiters.length === 0) (this.#timer as { unref?: () => void }).unref?.();
  }

  #woken(at: number): void {
    const now = performance.now();
    this.#jitter = decayedJitter(this.#jitter, now - at, now - this.#jitterAt, this.#options.windowMs);
    this.#jitterAt = now;
    this.#timer = undefined;
    this.#timerAt = Number.POSITIVE_INFINITY;
    void this.#pump();
  }

  /** Lets a waiter go: it leaves the queue and counts as departing now until `sent()` stamps it. */
  #release(waiter: Waiter, byRedis: boolean): void {
    waiter.signal?.removeEventListener('abort', waiter.aborted);
    this.#log.take();
    if (!byRedis && waiter.listed) this.#gone.push(waiter.id);
    let stamped = false;
    waiter.leave({
      waitedMs: performance.now() - waiter.queuedAt,
      sent: () => {
        if (stamped) return;
        stamped = true;
        this.#sent(waiter, byRedis);
      },
    });
  }

  /** A released request was handed to fetch: its departure is stamped, here and (soon) in Redis. */
  #sent(waiter: Waiter, byRedis: boolean): void {
    const at = performance.now();
    this.#log.stamp(at);
    if (this.#shared && byRedis) {
      this.#stamps.push(waiter.id);
      this.#flushStampsSoon();
    } else if (this.#shared) this.#unsent.push(at);
    // A departure that was waiting for its stamp may be what the next request waits on.
    void this.#pump();
  }

  #flushStampsSoon(): void {
    if (this.#stampsScheduled) return;
    this.#stampsScheduled = true;
    // Stamps of requests let go together go in one command.
    queueMicrotask(() => {
      this.#stampsScheduled = false;
      const ids = this.#stamps;
      this.#stamps = [];
      if (!this.#shared || ids.length === 0) return;
      this.#shared.stamp(ids).catch(() => {
        // Unstamped, they count as leaving when Redis next hears of them: later than they did.
        this.#gone.push(...ids);
      });
    });
  }

  /** Asks Redis for turns; false when it could not answer (the queue then counts in this process). */
  async #ask(limit: SharedLimit): Promise<boolean> {
    const now = performance.now();
    const paused = now < this.#pausedUntil;
    // The first `points` waiters can have a turn in one answer; every waiter not queued yet gets its ticket.
    const listed = waitersToList(this.#waiters, this.#options.points, paused);
    for (const waiter of listed) waiter.listed = true;
    const ages = this.#unsent.map((at) => now - at);
    const leaving = this.#gone;
    const told = this.#unsent;
    this.#gone = [];
    this.#unsent = [];
    // During a hand-over, no more turns than this process's own room under its share.
    const room = this.#handover ? this.#log.room(now, this.#share(), this.#span()) : this.#options.points;
    let answer: TurnAnswer;
    try {
      answer = await limit.turn({
        waiting: listed.map((waiter) => waiter.id),
        gone: leaving,
        pastAgesMs: ages,
        marginMs: this.#marginNow(),
        maxClaims: room,
        outageAgeMs: this.#handover ? now - this.#handover.since : -1,
      });
    } catch {
      this.#gone = [...leaving, ...this.#gone];
      this.#unsent = [...told, ...this.#unsent];
      this.#outage();
      return false;
    }
    this.#answered(answer, listed, { paused, room });
    return true;
  }

  /** Takes Redis's answer to a turn: the waiters it let go leave, and the queue asks again when it said. */
  #answered(answer: TurnAnswer, listed: readonly Waiter[], asked: { paused: boolean; room: number }): void {
    const answered = performance.now();
    this.#handOver(answer, answered);
    this.#peers = Math.max(1, answer.peers, this.#handover?.peers ?? 1);
    this.#sharedMarginMs = answer.marginMs;
    if (answer.cooldownMs > 0) this.#pausedUntil = Math.max(this.#pausedUntil, answered + answer.cooldownMs);
    for (const waiter of listed) waiter.queued = true;
    const turns = listed.slice(0, answer.claimed);
    for (const waiter of turns) {
      const index = this.#waiters.indexOf(waiter);
      if (index === -1) {
        // It stopped waiting while Redis gave it its turn: the turn is returned (it counts as used now).
        this.#gone.push(waiter.id);
        continue;
      }
      this.#waiters.splice(index, 1);
      this.#release(waiter, true);
    }
    if (this.#waiters.length === 0) return;
    if (turns.length > 0) this.#soon = soonMs;
    const delay = askDelay(answer.hintMs, this.#soon);
    this.#soon = delay.soon;
    let at = answered + (asked.paused ? Math.min(this.#pausedUntil - answered, maxAskIntervalMs) : delay.waitMs);
    // Held by its own share, not by Redis: asks again when its share has room.
    if (this.#handover && turns.length >= asked.room) {
      at = Math.max(at, this.#log.nextAt(answered, this.#share(), this.#span()) ?? at);
    }
    this.#wake(Math.min(at, answered + maxAskIntervalMs));
  }

  /** Ends the hand-over once every process sharing the limit has asked Redis since the outage, or at the latest after `handoverMaxMs`. */
  #handOver(answer: TurnAnswer, answered: number): void {
    const handover = this.#handover;
    if (!handover) return;
    handover.backAt ??= answered;
    if (handoverOver(handover, answer.returned, answered, this.#options.handoverMaxMs)) this.#handover = undefined;
  }

  /** Whether Redis is to be asked now: it is there and answering, and has waiters, departures or leavers to hear of. */
  #redisToAsk(): SharedLimit | undefined {
    const shared = this.#shared;
    const news = this.#waiters.length > 0 || this.#gone.length > 0 || this.#unsent.length > 0;
    return shared && news && shared.guard.available() ? shared : undefined;
  }

  async #pump(): Promise<void> {
    if (this.#asking) {
      this.#askAgain = true;
      return;
    }
    for (;;) {
      const spanMs = this.#span();
      this.#unsent = this.#unsent.filter((at) => performance.now() - at < spanMs);
      const limit = this.#redisToAsk();
      if (limit) {
        this.#asking = true;
        this.#askAgain = false;
        const answered = await this.#ask(limit);
        this.#asking = false;
        if (answered) {
          if (this.#askAgain) continue;
          return;
        }
      }
      if (!this.#releaseAlone(spanMs)) return;
    }
  }

  /**
   * Without Redis: lets the head waiter go if this process's share of the limit (all of it when it is
   * alone) has room over its own departures, and says so; else sets the timer for its turn and says not.
   */
  #releaseAlone(spanMs: number): boolean {
    const shared = this.#shared;
    const waiter = this.#waiters[0];
    const now = performance.now();
    if (waiter === undefined) {
      // Redis out: what it must still hear of is told when it answers again.
      if (shared && (this.#gone.length > 0 || this.#unsent.length > 0)) this.#wake(now + maxSoonMs);
      return false;
    }
    if (shared) this.#outage();
    const allowed = shared ? this.#share() : this.#options.points;
    const free = this.#log.nextAt(now, allowed, spanMs);
    const at = free === undefined ? Number.POSITIVE_INFINITY : Math.max(free, this.#pausedUntil);
    if (at <= now) {
      this.#waiters.shift();
      this.#release(waiter, false);
      return true;
    }
    // Wakes at its turn, or (with Redis out) at the next moment Redis may be asked again.
    const retry = shared ? now + maxSoonMs : Number.POSITIVE_INFINITY;
    const next = Math.min(at, retry);
    if (next !== Number.POSITIVE_INFINITY) this.#wake(next);
    return false;
  }
}
