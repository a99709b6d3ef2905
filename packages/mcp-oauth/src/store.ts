/**
 * Where sign-ins live: registered clients, pending sign-ins, codes, grants (each with its user's sealed key)
 * and tokens (by their SHA-256, never as issued). Every entry expires. In memory by default (one process);
 * `redisStore` shares them between processes.
 */
export interface OAuthStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, lifetimeMs: number): Promise<void>;
  /** Reads and deletes in one step: a code or refresh token taken twice is taken once. */
  take(key: string): Promise<string | undefined>;
  delete(key: string): Promise<void>;
  /** Adds one to a counter that starts at 0 and expires `lifetimeMs` after its first count; the new count. */
  increment(key: string, lifetimeMs: number): Promise<number>;
  close(): Promise<void>;
}

/** Entries a memory store keeps; past it, the ones nearest their expiry go first. */
const keptEntries = 100_000;

export function memoryStore(now: () => number = Date.now): OAuthStore {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const put = (key: string, value: string, expiresAt: number) => {
    entries.delete(key);
    if (entries.size >= keptEntries) {
      for (const [other, entry] of entries) if (entry.expiresAt <= now()) entries.delete(other);
      if (entries.size >= keptEntries) {
        const soonest = [...entries].sort((a, b) => a[1].expiresAt - b[1].expiresAt)[0];
        if (soonest) entries.delete(soonest[0]);
      }
    }
    entries.set(key, { value, expiresAt });
  };
  return {
    get: async (key) => live(key)?.value,
    set: async (key, value, lifetimeMs) => put(key, value, now() + lifetimeMs),
    take: async (key) => {
      const value = live(key)?.value;
      entries.delete(key);
      return value;
    },
    delete: async (key) => {
      entries.delete(key);
    },
    increment: async (key, lifetimeMs) => {
      const entry = live(key);
      const count = Number(entry?.value ?? 0) + 1;
      put(key, String(count), entry?.expiresAt ?? now() + lifetimeMs);
      return count;
    },
    close: async () => entries.clear(),
  };
}
