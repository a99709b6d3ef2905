/**
 * This process's recent departures, as a sliding log: when the next request may leave so that no more
 * than `allowed` leave in any span. A departure is taken when its request is let go and stamped once the
 * request has been handed to fetch; until then it counts as leaving now, so a process descheduled between
 * the two never makes it look earlier than it was.
 */
export class DepartureLog {
  /** Stamped departures (`performance.now()`), oldest first. */
  #times: number[] = [];
  /** Departures let go and not yet stamped. */
  #pending = 0;
  /** How long a departure is kept: the longest span it may be asked about. */
  readonly #keepMs: number;

  constructor(keepMs: number) {
    this.#keepMs = keepMs;
  }

  /** A request was let go: it counts from now on, as leaving now until it is stamped. */
  take(): void {
    this.#pending++;
  }

  /** The request was handed to fetch at `at`. */
  stamp(at: number): void {
    this.#pending = Math.max(0, this.#pending - 1);
    const times = this.#times;
    times.push(at);
    // Stamps come in the order of time; a clock that went back (it cannot, with performance.now) is sorted.
    if (times.length > 1 && (times.at(-2) as number) > at) times.sort((a, b) => a - b);
  }

  /**
   * When the next request may leave: `now` when fewer than `allowed` left in the span before it, else the
   * moment the one that frees a place leaves the span. `undefined` while only requests not yet stamped
   * stand in the way (their stamps decide).
   */
  nextAt(now: number, allowed: number, spanMs: number): number | undefined {
    const first = this.#firstWithin(now, spanMs);
    const times = this.#times;
    const over = times.length - first + this.#pending - allowed;
    if (over < 0) return now;
    // The departure whose leaving the span brings the count below `allowed`.
    const freeing = times[first + over];
    return freeing === undefined ? undefined : freeing + spanMs;
  }

  /** How many more may leave now so that no more than `allowed` leave in the span (0 when none may). */
  room(now: number, allowed: number, spanMs: number): number {
    const first = this.#firstWithin(now, spanMs);
    return Math.max(0, allowed - (this.#times.length - first) - this.#pending);
  }

  /** The stamped departures within the span before `now`, oldest first. */
  within(now: number, spanMs: number): readonly number[] {
    return this.#times.slice(this.#firstWithin(now, spanMs));
  }

  /** The index of the first departure within the span before `now`; older ones than any span are dropped. */
  #firstWithin(now: number, spanMs: number): number {
    const times = this.#times;
    let old = 0;
    while (old < times.length && (times[old] as number) <= now - this.#keepMs) old++;
    if (old > 0) times.splice(0, old);
    let first = 0;
    while (first < times.length && (times[first] as number) <= now - spanMs) first++;
    return first;
  }
}
