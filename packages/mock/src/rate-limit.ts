/** A request-rate limit per API key, in fixed windows. */
export interface RateLimit {
  /** Requests allowed per key in one window. */
  readonly requests: number;
  /** The window, in ms. */
  readonly windowMs: number;
}

export class RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();
  constructor(readonly limit: RateLimit) {}

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
}
