/** A request-rate limit per API key, in fixed windows. */
export interface RateLimit {
  /** Requests allowed per key in one window: a whole number, at least 1. */
  readonly requests: number;
  /** The window, in ms: a whole number, at least 1. */
  readonly windowMs: number;
}

export class RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();
  /** The start of every `ratelimit` header, which only the limit sets. */
  readonly #limitText: string;

  /** Throws a RangeError for a limit that is not two whole numbers of at least 1. */
  constructor(readonly limit: RateLimit) {
    for (const name of ['requests', 'windowMs'] as const) {
      const value = limit[name];
      if (!Number.isSafeInteger(value) || value < 1) {
        throw new RangeError(
          `rateLimit.${name} must be a whole number of at least 1 (received ${String(value)}), such as { requests: 10, windowMs: 1_000 }.`,
        );
      }
    }
    this.#limitText = `limit=${limit.requests}, remaining=`;
  }

  /** Seconds until the key may ask again, or 0 when this request is within the limit. */
  check(key: string, now = Date.now()): number {
    let window = this.#windows.get(key);
    if (!window || now - window.start >= this.limit.windowMs) {
      window = { start: now, count: 0 };
      this.#windows.set(key, window);
    }
    window.count++;
    if (window.count <= this.limit.requests) return 0;
    return Math.max(1, Math.ceil((window.start + this.limit.windowMs - now) / 1000));
  }

  /**
   * The key's state as the IETF `RateLimit` field says it (`limit=10, remaining=3, reset=1`, the reset in
   * seconds), once `check` has counted a request of the key's; no headers for a key never counted.
   */
  headers(key: string, now = Date.now()): Record<string, string> {
    const window = this.#windows.get(key);
    if (!window) return {};
    const { requests, windowMs } = this.limit;
    const remaining = Math.max(0, requests - window.count);
    const reset = Math.max(0, Math.ceil((window.start + windowMs - now) / 1000));
    return { ratelimit: `${this.#limitText}${remaining}, reset=${reset}` };
  }
}
